import type { AppStartListening } from '../../app/rootReducer.ts';
import { reputationApi } from './api.ts';
import { awardExpected } from './awardExpected.ts';

const { listNotifications } = reputationApi.endpoints;

/**
 * After the agent's own action that the awarder answers on the bus, its notification is asked for a few
 * times over the next seconds instead of at the next 30 s refresh: quick at first (an award lands within a
 * second), then every 6.4 s for as long as a slow consumer (a cold start) may take, up to ~25 s; the 30 s
 * refresh takes over after that.
 */
export const AWARD_FOLLOW_UP_DELAYS_MS = [400, 800, 1600, 3200, 6400, 6400, 6400] as const;

/**
 * At start the agent record and the notifications are read side by side: an award counted between the two
 * reads is in the list but not in the record, and would never come as news (the sidebar kept a connection
 * out until a reload). So a first list holding an unread notification this young has the record read again.
 */
const RECENT_ON_FIRST_LOAD_MS = 10 * 60_000;

/**
 * Registered on each store by `makeStore`. The notifications themselves stay in the API cache
 * (./selectors.ts); these listeners only react to them: a notification that was not there before means
 * something changed the agent's counters a moment ago (an award, a connection), so the agent record and
 * its reputation are read again (tag invalidation).
 */
export function registerReputationListeners(startListening: AppStartListening): void {
  startListening({
    matcher: listNotifications.matchFulfilled,
    effect: (action, { dispatch, getState, getOriginalState }) => {
      const { agentId, agencyId } = getState().auth;
      if (!agentId || action.meta.arg.originalArgs !== agentId) return;
      // what the list held before this answer; nothing on the first load
      const previous = listNotifications.select(agentId)(getOriginalState()).data;
      const known = new Set(previous?.items.map((item) => item.id));
      const counted = action.payload.items.some(
        (item) =>
          item.kind !== 'reminder' &&
          (previous
            ? !known.has(item.id)
            : !item.read && Date.now() - Date.parse(item.created_at) < RECENT_ON_FIRST_LOAD_MS),
      );
      if (!counted) return;
      dispatch(
        reputationApi.util.invalidateTags([
          { type: 'Agent', id: agentId },
          { type: 'Reputation', id: agentId },
          ...(agencyId ? [{ type: 'Reputation' as const, id: `AGENCY-${agencyId}` }] : []),
        ]),
      );
    },
  });

  // a newer action restarts the wait
  startListening({
    actionCreator: awardExpected,
    effect: async (_action, { cancelActiveListeners, delay, dispatch, getState }) => {
      cancelActiveListeners();
      const agentId = getState().auth.agentId;
      if (!agentId) return;
      const known = new Set(
        listNotifications
          .select(agentId)(getState())
          .data?.items.map((item) => item.id),
      );
      for (const wait of AWARD_FOLLOW_UP_DELAYS_MS) {
        await delay(wait);
        const { data } = await dispatch(
          listNotifications.initiate(agentId, { subscribe: false, forceRefetch: true }),
        );
        if (data?.items.some((item) => !known.has(item.id))) return;
      }
    },
  });
}
