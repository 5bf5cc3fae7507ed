import { isAnyOf } from '@reduxjs/toolkit';
import { startAppListening } from '../../app/listenerMiddleware.ts';
import { agencyCountersLoaded } from '../agencies/agencySlice.ts';
import { connectionsApi } from '../connections/api.ts';
import { propertiesApi } from '../properties/api.ts';
import { reputationApi } from './api.ts';
import {
  historyLoaded,
  notificationsFailed,
  notificationsLoaded,
  notificationsRequested,
} from './reputationSlice.ts';

/**
 * Keeps the reputation state in step with the API, and the sidebar with the awards: a notification that
 * was not there before means something changed the agent's counters a moment ago (an award, a
 * connection), so the agent record and its reputation are read again (tag invalidation).
 */

const { listNotifications, getReputationHistory, getAgencyReputation, markNotificationRead } =
  reputationApi.endpoints;

startAppListening({
  matcher: listNotifications.matchPending,
  effect: (action, { dispatch, getState }) => {
    if (action.meta.arg.originalArgs === getState().auth.agentId) dispatch(notificationsRequested());
  },
});

startAppListening({
  matcher: listNotifications.matchRejected,
  effect: (action, { dispatch, getState }) => {
    if (action.meta.arg.originalArgs !== getState().auth.agentId || action.meta.condition) return;
    dispatch(notificationsFailed('Notifications could not be loaded'));
  },
});

startAppListening({
  matcher: listNotifications.matchFulfilled,
  effect: (action, { dispatch, getState, getOriginalState }) => {
    const agentId = getState().auth.agentId;
    if (!agentId || action.meta.arg.originalArgs !== agentId) return;
    dispatch(notificationsLoaded(action.payload.items));
    // what the list held before this answer; nothing on the first load, which has nothing to compare
    const previous = listNotifications.select(agentId)(getOriginalState()).data;
    if (!previous) return;
    const known = new Set(previous.items.map((item) => item.id));
    const news = action.payload.items.filter((item) => !known.has(item.id));
    if (news.some((item) => item.kind !== 'reminder')) {
      const agencyId = getState().auth.agencyId;
      dispatch(
        reputationApi.util.invalidateTags([
          { type: 'Agent', id: agentId },
          { type: 'Reputation', id: agentId },
          ...(agencyId ? [{ type: 'Reputation' as const, id: `AGENCY-${agencyId}` }] : []),
        ]),
      );
    }
  },
});

// the optimistic removal edits the cache without a fulfilled query: the state follows the cache
startAppListening({
  matcher: markNotificationRead.matchPending,
  effect: (action, { dispatch, getState }) => {
    const state = getState();
    dispatch(
      notificationsLoaded(
        state.reputation.notifications.filter((item) => item.id !== action.meta.arg.originalArgs),
      ),
    );
  },
});

startAppListening({
  matcher: getReputationHistory.matchFulfilled,
  effect: (action, { dispatch, getState }) => {
    if (action.meta.arg.originalArgs.agentId === getState().auth.agentId)
      dispatch(historyLoaded(action.payload));
  },
});

// the agency state carries the same four counters as the agent's (spec §3): the agency's combined ones
startAppListening({
  matcher: getAgencyReputation.matchFulfilled,
  effect: (action, { dispatch, getState }) => {
    if (action.meta.arg.originalArgs !== getState().auth.agencyId) return;
    const { points, propertyCount, verifiedDeals, connections } = action.payload;
    dispatch(agencyCountersLoaded({ reputationPoints: points, propertyCount, verifiedDeals, connections }));
  },
});

/**
 * After the agent's own action that the awarder answers on the bus (a listing added or verified, a
 * connection accepted), its notification is asked for a few times over the next seconds instead of at the
 * next 30 s refresh; once it is there, the listener above re-reads the sidebar's figures. A newer action
 * restarts the wait.
 */
// quick at first (an award lands within a second), then every 6.4 s for as long as a slow consumer (a cold
// start) may take, up to ~25 s: the 30 s refresh takes over after that
export const AWARD_FOLLOW_UP_DELAYS_MS = [400, 800, 1600, 3200, 6400, 6400, 6400] as const;

const awardsOnTheBus = isAnyOf(
  propertiesApi.endpoints.addProperty.matchFulfilled,
  propertiesApi.endpoints.updateProperty.matchFulfilled,
  connectionsApi.endpoints.respondToConnection.matchFulfilled,
);

startAppListening({
  predicate: (action) =>
    awardsOnTheBus(action) &&
    !(
      connectionsApi.endpoints.respondToConnection.matchFulfilled(action) &&
      action.meta.arg.originalArgs.status !== 'accepted'
    ),
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
