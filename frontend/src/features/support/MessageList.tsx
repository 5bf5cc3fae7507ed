import clsx from 'clsx';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ChatMessage } from './api.ts';
import { messageTime } from './chatFormat.ts';

/**
 * A conversation's messages, oldest first, kept scrolled to the latest. `mine` says which side is the
 * viewer's (the agent in the chat panel, support in the inbox).
 */
export function MessageList({
  messages,
  mine,
  label,
  empty,
  className,
}: {
  messages: readonly ChatMessage[];
  mine: ChatMessage['author'];
  label: string;
  empty: ReactNode;
  className?: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  return (
    <div role="log" aria-label={label} className={clsx('overflow-y-auto px-4 py-3', className)}>
      {messages.length === 0 ? (
        <div className="flex h-full items-center justify-center text-center text-sm text-slate-500">
          {empty}
        </div>
      ) : (
        <ol className="space-y-3">
          {messages.map((message) => {
            const own = message.author === mine;
            return (
              <li key={message.id} className={clsx('flex flex-col', own ? 'items-end' : 'items-start')}>
                <span className="mb-0.5 text-[0.6875rem] text-slate-500">
                  {own ? 'You' : message.author_name} · {messageTime(message.created_at)}
                </span>
                <p
                  className={clsx(
                    'max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap break-words',
                    own
                      ? 'rounded-br-sm bg-brand-2 text-white'
                      : 'rounded-bl-sm bg-white text-slate-800 ring-1 ring-slate-200',
                  )}
                >
                  {message.body}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      <div ref={end} />
    </div>
  );
}
