import { MessageCircle, MessagesSquare, Minus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { CHAT_POLL_MS, useGetSupportChatQuery, useSendSupportMessageMutation } from './api.ts';
import { lastSeenBefore, unseenReplies } from './chatFormat.ts';
import { MessageComposer } from './MessageComposer.tsx';
import { MessageList } from './MessageList.tsx';

/** While the panel is minimised it still looks for replies, less often. */
const MINIMISED_POLL_MS = 20_000;

/**
 * The in-app support chat (Live Chat on): the account's one conversation with EstateNet support, answered
 * from the support inbox. Minimised it is a launcher button with the count of unseen replies.
 */
export function ChatPanel({
  expanded,
  onExpandedChange,
}: {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}) {
  const titleId = useId();
  const chat = useGetSupportChatQuery(undefined, {
    pollingInterval: expanded ? CHAT_POLL_MS : MINIMISED_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [send] = useSendSupportMessageMutation();
  const messages = chat.data?.messages ?? [];
  const unreadOnLoad = chat.data?.unread ?? 0;
  const latest = messages.at(-1)?.id ?? null;
  const [lastSeenId, setLastSeenId] = useState<string | null | undefined>(undefined);
  const loaded = chat.data !== undefined;
  useEffect(() => {
    if (expanded && latest) setLastSeenId(latest);
    // on load, what the server counted as unread stays new until the panel is opened
    else if (loaded)
      setLastSeenId((seen) => (seen === undefined ? lastSeenBefore(messages, unreadOnLoad) : seen));
  }, [expanded, latest, loaded, messages, unreadOnLoad]);
  const unseen = chat.data && !expanded ? unseenReplies(messages, lastSeenId ?? null) : 0;

  if (!expanded) {
    return (
      <button
        type="button"
        onClick={() => onExpandedChange(true)}
        className="fixed right-4 bottom-38 z-40 inline-flex h-11 items-center gap-2 rounded-full bg-brand-2 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 lg:right-20 lg:bottom-8"
      >
        <MessageCircle className="size-4.5" aria-hidden="true" />
        Support chat
        {unseen > 0 && (
          <span className="rounded-full bg-white px-1.5 text-xs font-bold text-brand-800">
            {unseen}
            <span className="sr-only"> new {unseen === 1 ? 'reply' : 'replies'}</span>
          </span>
        )}
      </button>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-2 bottom-20 z-40 flex h-[min(30rem,calc(100dvh-6.5rem))] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 shadow-2xl sm:inset-x-auto sm:right-4 sm:w-96 lg:bottom-6"
    >
      <header className="flex items-center gap-3 bg-gradient-to-r from-brand-1 to-brand-2 px-4 py-3 text-white">
        <span className="flex size-8 items-center justify-center rounded-lg bg-white/20">
          <MessagesSquare className="size-4.5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold leading-tight">
            Live Chat
          </h2>
          <p className="text-xs text-white/85">EstateNet support answers here, usually within a few hours.</p>
        </div>
        <button
          type="button"
          onClick={() => onExpandedChange(false)}
          aria-label="Minimise chat"
          className="inline-flex size-8 items-center justify-center rounded-lg hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Minus className="size-4.5" aria-hidden="true" />
        </button>
      </header>
      {chat.isLoading ? (
        <div className="flex flex-1 items-center justify-center text-brand-2">
          <Spinner className="size-6" label="Loading the conversation" />
        </div>
      ) : chat.isError && !chat.data ? (
        <p
          role="alert"
          className="flex flex-1 items-center justify-center px-6 text-center text-sm text-red-700"
        >
          We couldn't load your conversation. It will try again in a moment.
        </p>
      ) : (
        <MessageList
          messages={messages}
          mine="agent"
          label="Support conversation"
          className="flex-1"
          empty="Ask us anything about your account, plans or listings: write your first message below."
        />
      )}
      <MessageComposer
        label="Message to support"
        placeholder="Write a message…"
        onSend={(body) => send({ body }).unwrap()}
      />
    </section>
  );
}
