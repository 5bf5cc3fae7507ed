import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { CharacterCount, tooLongMessage } from '../../components/ui/CharacterCount.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { CHAT_MESSAGE_MAX } from './chatFormat.ts';

/** The message box of the chat panel and the inbox: Enter sends, Shift+Enter starts a new line. */
export function MessageComposer({
  label,
  placeholder,
  onSend,
}: {
  label: string;
  placeholder: string;
  onSend: (body: string) => Promise<unknown>;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const length = body.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = body.trim();
    if (!text || sending || tooLong) return;
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      setBody('');
    } catch (failure) {
      setError(apiErrorMessage(failure, "Your message wasn't sent. Try again."));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  return (
    <form onSubmit={send} className="border-t border-slate-200 bg-white p-3">
      {(error || tooLong) && (
        <p role="alert" className="mb-2 text-xs font-medium text-red-600">
          {tooLong ? tooLongMessage('A message', CHAT_MESSAGE_MAX, length) : error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={placeholder}
          className="min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-1 focus:outline-2 focus:outline-brand-1/30"
        />
        <Button
          type="submit"
          size="icon"
          loading={sending}
          disabled={!body.trim() || tooLong}
          aria-label="Send"
        >
          <SendHorizontal className="size-4.5" aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-1 flex justify-end">
        <CharacterCount length={length} max={CHAT_MESSAGE_MAX} from={CHAT_MESSAGE_MAX - 200} />
      </div>
    </form>
  );
}
