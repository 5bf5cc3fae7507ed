import { isAnyOf } from '@reduxjs/toolkit';
import { flushPersistedState } from '../../app/persistConfig.ts';
import type { AppStartListening } from '../../app/rootReducer.ts';
import { clearAuth, isAuthRehydrate, sessionExpired, setCredentials, tokenRefreshed } from './authSlice.ts';
import { logout } from './logout.ts';
import { readRefreshToken, refreshAccessToken, refreshDelayMs, sessionCookieMaxAge } from './session.ts';
import { clearTokenCookie, writeTokenCookie } from './tokenCookie.ts';

/**
 * The session's side effects, registered on each store's listener middleware by `makeStore`.
 *
 * The `token` cookie the route guard reads mirrors the token, and the stored session is written in the same
 * moment, so a page loaded at any time after finds both or neither (side effects stay out of reducers).
 * The cookie lives as long as the session, not the access token: until the refresh token expires for a
 * "Keep me signed in" session, until the browser closes for any other (session.ts sessionCookieMaxAge).
 *
 * The session is kept alive (refresh ~2 minutes before expiry) and ended when Cognito refuses the refresh.
 * (A stored session that ended while the browser was away is not restored at all: session.ts
 * reconcileStoredSession.)
 */
export function registerAuthListeners(startListening: AppStartListening): void {
  const writeSession = ({ payload }: { payload: { token: string } }) => {
    writeTokenCookie(payload.token, sessionCookieMaxAge());
    flushPersistedState();
  };
  startListening({ actionCreator: setCredentials, effect: writeSession });
  startListening({ actionCreator: tokenRefreshed, effect: writeSession });
  startListening({ actionCreator: clearAuth, effect: () => clearTokenCookie() });

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
}
