import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store.ts';
import { clearAuth, isAuthRehydrate, sessionExpired, setCredentials, tokenRefreshed } from './authSlice.ts';
import { logout } from './logout.ts';
import { readRefreshToken, refreshAccessToken, refreshDelayMs } from './session.ts';

/**
 * Keeps the session alive (refresh ~2 minutes before expiry) and ends it when Cognito refuses the refresh.
 * (A stored session that ended while the browser was away is not restored at all: session.ts
 * reconcileStoredSession.)
 */
export const sessionListener = createListenerMiddleware();
const startListening = sessionListener.startListening.withTypes<RootState, AppDispatch>();

startListening({
  predicate: (action) =>
    isAnyOf(setCredentials, tokenRefreshed, clearAuth)(action) || isAuthRehydrate(action),
  effect: async (action, listenerApi) => {
    // takeLatest: a newer token (or logout) replaces the pending timer
    listenerApi.cancelActiveListeners();
    if (clearAuth.match(action)) return;
    const token = listenerApi.getState().auth.token;
    if (!token || !readRefreshToken()) return;
    await listenerApi.delay(refreshDelayMs(token));
    const refreshed = await refreshAccessToken();
    if (refreshed.status === 'refreshed') {
      listenerApi.dispatch(tokenRefreshed({ token: refreshed.token }));
    } else if (refreshed.status === 'refused') {
      // revoked (a logout or "Sign out everywhere" elsewhere) or expired: this session is over now
      listenerApi.dispatch(sessionExpired());
    }
  },
});

startListening({
  actionCreator: sessionExpired,
  effect: async (_action, listenerApi) => {
    await listenerApi.dispatch(logout());
  },
});
