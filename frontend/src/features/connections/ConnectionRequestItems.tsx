import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Avatar } from '../agents/Avatar.tsx';
import { selectAgentId } from '../auth/authSlice.ts';
import { useListConnectionRequestsQuery } from './api.ts';
import { timeAgo } from './timeAgo.ts';
import type { ConnectionRequestListItem } from './types.ts';
import { useConnectionActions } from './useConnectionActions.ts';

export interface IncomingRequestsOptions {
  /** e.g. 30000 for the notifications dropdown (spec §4/§9) */
  pollingInterval?: number;
  skip?: boolean;
}

/** The signed-in agent's pending incoming connection requests (shared with the notifications badge). */
export function useIncomingConnectionRequests({
  pollingInterval,
  skip = false,
}: IncomingRequestsOptions = {}) {
  const agentId = useAppSelector(selectAgentId);
  const query = useListConnectionRequestsQuery(
    { agentId: agentId ?? '', direction: 'incoming' },
    { skip: skip || !agentId, ...(pollingInterval ? { pollingInterval } : {}) },
  );
  return { ...query, requests: query.data?.items ?? [], count: query.data?.items.length ?? 0 };
}

export interface ConnectionRequestItemsProps extends IncomingRequestsOptions {
  /** what shows when there is no pending request; nothing by default */
  empty?: ReactNode;
  /** called when a link to a profile is followed (to close a menu) */
  onNavigate?: () => void;
  className?: string;
}

/**
 * Pending incoming connection requests with inline Accept / Decline (spec §2 notifications dropdown, §4:
 * either answer removes the request from the list). Needs nothing but the store.
 */
export function ConnectionRequestItems({
  empty = null,
  onNavigate,
  className,
  ...options
}: ConnectionRequestItemsProps) {
  const { requests, isLoading, isError, refetch } = useIncomingConnectionRequests(options);

  if (isLoading) {
    return (
      <div
        className={clsx('space-y-3 px-3 py-3', className)}
        role="status"
        aria-label="Loading connection requests"
      >
        {[0, 1].map((row) => (
          <div key={row} className="flex animate-pulse items-center gap-3">
            <div className="size-10 rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-3/4 rounded bg-slate-200" />
              <div className="h-3 w-1/2 rounded bg-slate-100" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div
        className={clsx('flex items-center justify-between gap-3 px-3 py-3 text-sm', className)}
        role="alert"
      >
        <span className="text-slate-600">Connection requests could not be loaded.</span>
        <Button size="sm" variant="ghost" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (requests.length === 0) return <>{empty}</>;
  return (
    <ul aria-label="Connection requests" className={clsx('divide-y divide-slate-100', className)}>
      {requests.map((request) => (
        <ConnectionRequestRow key={request.id} request={request} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

function ConnectionRequestRow({
  request,
  onNavigate,
}: {
  request: ConnectionRequestListItem;
  onNavigate?: () => void;
}) {
  const { agent } = request;
  const actions = useConnectionActions();
  const [running, setRunning] = useState<'accepted' | 'declined' | null>(null);
  const profile = paths.agentProfile(agent.agent_id);
  const context = [agent.agency_name, agent.city].filter(Boolean).join(' · ');

  const answer = async (status: 'accepted' | 'declined') => {
    setRunning(status);
    try {
      await actions.answer(agent, request.id, status);
    } finally {
      setRunning(null);
    }
  };

  return (
    <li className="flex gap-3 px-3 py-3" aria-label={`Connection request from ${agent.full_name}`}>
      <Link
        to={profile}
        onClick={onNavigate}
        className="shrink-0 rounded-full"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Avatar src={agent.profile_picture} alt="" className="size-10" />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug text-slate-700">
          <Link to={profile} onClick={onNavigate} className="font-semibold text-slate-900 hover:underline">
            {agent.full_name}
          </Link>{' '}
          wants to connect with you
        </p>
        <p className="mt-0.5 truncate text-xs text-slate-500">
          {context && <span>{context} · </span>}
          <time dateTime={request.created_at}>{timeAgo(request.created_at)}</time>
        </p>
        <div className="mt-2 flex gap-2">
          <Button
            size="sm"
            loading={running === 'accepted'}
            disabled={running === 'declined'}
            onClick={() => void answer('accepted')}
          >
            <Check className="size-4" aria-hidden="true" />
            Accept
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={running === 'declined'}
            disabled={running === 'accepted'}
            onClick={() => void answer('declined')}
          >
            <X className="size-4" aria-hidden="true" />
            Decline
          </Button>
        </div>
      </div>
    </li>
  );
}
