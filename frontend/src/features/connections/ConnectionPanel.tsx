import { useAppSelector } from '../../app/hooks.ts';
import { selectAgentId } from '../auth/authSlice.ts';
import { useGetConnectionStatusesQuery } from './api.ts';
import { ConnectButton } from './ConnectButton.tsx';
import type { ConnectionPeer } from './useConnectionActions.ts';

const STATE_NOTES = {
  pending_sent: 'Request sent, waiting for an answer',
  pending_received: 'wants to connect with you',
} as const;

/** The connection state with the agent of a profile page, and its actions (nothing on your own). */
export function ConnectionPanel({ agent }: { agent: ConnectionPeer }) {
  const selfId = useAppSelector(selectAgentId);
  const isSelf = agent.agent_id === selfId;
  const { data, isError } = useGetConnectionStatusesQuery([agent.agent_id], { skip: isSelf });
  if (isSelf || isError) return null;
  const status = data?.[0];
  const note =
    status?.state === 'pending_received'
      ? `${agent.full_name} ${STATE_NOTES.pending_received}`
      : status?.state === 'pending_sent'
        ? STATE_NOTES.pending_sent
        : undefined;
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end" data-testid="connection-panel">
      <ConnectButton agent={agent} status={status} layout="profile" />
      {note && <p className="text-xs text-slate-500">{note}</p>}
    </div>
  );
}
