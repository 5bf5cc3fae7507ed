import clsx from 'clsx';
import { ArrowLeft, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../components/ui/Spinner.tsx';
import {
  CHAT_POLL_MS,
  type Inbox as InboxData,
  useGetSupportConversationQuery,
  useListSupportInboxQuery,
  useReplySupportMessageMutation,
} from './api.ts';
import { messageTime } from './chatFormat.ts';
import { MessageComposer } from './MessageComposer.tsx';
import { MessageList } from './MessageList.tsx';

/**
 * /settings/support-inbox: EstateNet support staff answer the agents' Live Chat conversations, latest
 * first. To anyone else the inbox does not exist (the API answers 404).
 */
export function SupportInboxPage() {
  const inbox = useListSupportInboxQuery(undefined, {
    pollingInterval: CHAT_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [selected, setSelected] = useState<string | null>(null);

  if (inbox.isLoading) return <PageLoader label="Loading the support inbox" />;
  if (!inbox.data) {
    const notStaff = (inbox.error as { status?: unknown } | undefined)?.status === 404;
    return (
      <div className="mx-auto max-w-2xl">
        <InboxHeading />
        <Alert className="mt-6" tone={notStaff ? 'info' : 'error'}>
          {notStaff
            ? "The support inbox is for EstateNet's support staff. To talk to support, turn on Live Chat in the sidebar."
            : "We couldn't load the support inbox. It will try again in a moment."}
        </Alert>
      </div>
    );
  }

  const current = inbox.data.items.find((item) => item.agentId === selected) ?? null;
  return (
    <div className="mx-auto max-w-6xl">
      <InboxHeading />
      {inbox.data.items.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={<Inbox className="size-6" aria-hidden="true" />}
          title="No conversations yet"
          description="When an agent writes in the Live Chat, the conversation appears here."
        />
      ) : (
        <div className="mt-6 grid grid-cols-1 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:h-[calc(100dvh-14rem)] lg:min-h-[28rem] lg:grid-cols-[20rem_minmax(0,1fr)]">
          <ConversationList
            items={inbox.data.items}
            selected={selected}
            onSelect={setSelected}
            className={clsx(current && 'hidden lg:block')}
          />
          {current ? (
            <ConversationView
              key={current.agentId}
              agentId={current.agentId}
              name={current.agent_name}
              email={current.agent_email}
              onBack={() => setSelected(null)}
            />
          ) : (
            <div className="hidden items-center justify-center p-8 text-sm text-slate-500 lg:flex">
              Choose a conversation to read and answer it.
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function InboxHeading() {
  return (
    <div>
      <Link to={paths.settings} className="text-sm font-medium text-brand-800 hover:underline">
        ← Settings
      </Link>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Support inbox</h1>
      <p className="mt-1 text-slate-600">The agents' Live Chat conversations, latest first.</p>
    </div>
  );
}

function ConversationList({
  items,
  selected,
  onSelect,
  className,
}: {
  items: InboxData['items'];
  selected: string | null;
  onSelect: (agentId: string) => void;
  className?: string;
}) {
  return (
    <nav
      aria-label="Conversations"
      className={clsx('overflow-y-auto border-slate-200 lg:border-r', className)}
    >
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.agentId}>
            <button
              type="button"
              onClick={() => onSelect(item.agentId)}
              aria-current={item.agentId === selected ? 'true' : undefined}
              className={clsx(
                'block w-full px-4 py-3 text-left transition-colors hover:bg-slate-50',
                item.agentId === selected && 'bg-brand-50',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-semibold text-slate-900">{item.agent_name}</span>
                <span className="shrink-0 text-xs text-slate-500">{messageTime(item.last_message_at)}</span>
              </span>
              <span className="mt-0.5 flex items-center justify-between gap-2">
                <span className="truncate text-sm text-slate-600">
                  {item.last_author === 'support' ? 'You: ' : ''}
                  {item.last_message_preview}
                </span>
                {item.unread_for_support > 0 && (
                  <span className="shrink-0 rounded-full bg-brand-2 px-1.5 text-xs font-bold text-white">
                    {item.unread_for_support}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConversationView({
  agentId,
  name,
  email,
  onBack,
}: {
  agentId: string;
  name: string;
  email: string;
  onBack: () => void;
}) {
  const conversation = useGetSupportConversationQuery(agentId, {
    pollingInterval: CHAT_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [reply] = useReplySupportMessageMutation();
  return (
    <section
      aria-label={`Conversation with ${name}`}
      className="flex min-h-[28rem] flex-col bg-slate-50 lg:min-h-0"
    >
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to the conversations"
          className="inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
        >
          <ArrowLeft className="size-4.5" aria-hidden="true" />
        </button>
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{name}</h2>
          <p className="truncate text-xs text-slate-500">{email}</p>
        </div>
      </header>
      {conversation.isLoading ? (
        <div className="flex flex-1 items-center justify-center text-brand-2">
          <Spinner className="size-6" label="Loading the conversation" />
        </div>
      ) : conversation.isError && !conversation.data ? (
        <p role="alert" className="flex flex-1 items-center justify-center p-6 text-sm text-red-700">
          We couldn't load this conversation. It will try again in a moment.
        </p>
      ) : (
        <MessageList
          messages={conversation.data?.messages ?? []}
          mine="support"
          label={`Messages with ${name}`}
          className="flex-1"
          empty="No messages yet."
        />
      )}
      <MessageComposer
        label={`Reply to ${name}`}
        placeholder={`Reply to ${name}…`}
        onSend={(body) => reply({ agentId, body }).unwrap()}
      />
    </section>
  );
}
