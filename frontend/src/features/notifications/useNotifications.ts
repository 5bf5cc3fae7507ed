import { useAppSelector } from '../../app/hooks.ts';
import { selectAgentId } from '../auth/authSlice.ts';
import { NOTIFICATION_REFRESH_MS, useListNotificationsQuery } from '../reputation/api.ts';

/**
 * The signed-in agent's unread notifications (every kind, newest first), refreshed every 30000 ms
 * (spec §4/§9) while something that shows them is on screen.
 */
export function useNotifications({ poll = true }: { poll?: boolean } = {}) {
  const agentId = useAppSelector(selectAgentId);
  const query = useListNotificationsQuery(agentId ?? '', {
    skip: !agentId,
    ...(poll ? { pollingInterval: NOTIFICATION_REFRESH_MS } : {}),
  });
  return { ...query, items: query.data?.items ?? [] };
}
