import { startAppListening } from '../../app/listenerMiddleware.ts';
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

const { listNotifications, getReputationHistory, markNotificationRead } = reputationApi.endpoints;

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
      dispatch(
        reputationApi.util.invalidateTags([
          { type: 'Agent', id: agentId },
          { type: 'Reputation', id: agentId },
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
