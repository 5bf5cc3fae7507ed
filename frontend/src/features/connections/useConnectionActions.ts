import { showToast } from '../../components/toasts/toast.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  useRespondToConnectionMutation,
  useSendConnectionRequestMutation,
  useWithdrawConnectionRequestMutation,
} from './api.ts';

/** The agent a connection action is about, as far as the messages need it. */
export interface ConnectionPeer {
  agent_id: string;
  full_name: string;
}

/** A 402 opens the paywall modal (app/api.ts), which says it all: no toast on top of it. */
const isPaywall = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 402;

function reportFailure(error: unknown, fallback: string) {
  if (!isPaywall(error)) showToast('error', apiErrorMessage(error, fallback));
}

/**
 * Send, answer and withdraw connection requests with the app's feedback: a toast on success, the
 * server's message (or the paywall) on failure. Each answers whether it went through.
 */
export function useConnectionActions() {
  const [sendRequest, sending] = useSendConnectionRequestMutation();
  const [respond, responding] = useRespondToConnectionMutation();
  const [withdrawRequest, withdrawing] = useWithdrawConnectionRequestMutation();

  return {
    busy: sending.isLoading || responding.isLoading || withdrawing.isLoading,
    async connect(peer: ConnectionPeer): Promise<boolean> {
      const result = await sendRequest({ receiverId: peer.agent_id });
      if ('error' in result) {
        reportFailure(result.error, 'The connection request could not be sent. Please try again.');
        return false;
      }
      showToast('success', `Connection request sent to ${peer.full_name}`);
      return true;
    },
    async answer(peer: ConnectionPeer, connectionId: string, status: 'accepted' | 'declined') {
      const result = await respond({ connectionId, status, requesterId: peer.agent_id });
      if ('error' in result) {
        reportFailure(result.error, 'Your answer could not be saved. Please try again.');
        return false;
      }
      showToast(
        'success',
        status === 'accepted'
          ? `You are now connected with ${peer.full_name}`
          : `Connection request from ${peer.full_name} declined`,
      );
      return true;
    },
    async withdraw(peer: ConnectionPeer, connectionId: string) {
      const result = await withdrawRequest({ connectionId, receiverId: peer.agent_id });
      if ('error' in result) {
        reportFailure(result.error, 'The request could not be withdrawn. Please try again.');
        return false;
      }
      showToast('info', `Connection request to ${peer.full_name} withdrawn`);
      return true;
    },
  };
}
