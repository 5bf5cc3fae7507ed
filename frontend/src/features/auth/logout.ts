import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api.ts';
import { purgePersistedState } from '../../app/persistConfig.ts';
import { clearAuth } from './authSlice.ts';
import { forgetStoredSession, revokeRefreshToken } from './session.ts';

export interface LogoutOptions {
  /** Revoke the refresh token with Cognito (the default); "Sign out everywhere" has revoked them all. */
  revoke?: boolean;
}

/**
 * Spec §4 Session: logout clears the token cookie (the auth listener does, on clearAuth), the refresh
 * token and its terms, stored agent and agency data (every feature slice resets on clearAuth; the API
 * cache is dropped) and the persisted store, and forgets a Google sign-in or an invitation left pending
 * (session.ts forgetStoredSession); then Cognito revokes the refresh token at the client that issued it.
 * Only UI preferences stay. Navigating to the login route is the caller's (or the shell's) job.
 */
export function logout({
  revoke = true,
}: LogoutOptions = {}): ThunkAction<Promise<void>, unknown, unknown, UnknownAction> {
  return async (dispatch) => {
    const forgotten = forgetStoredSession();
    dispatch(clearAuth());
    dispatch(api.util.resetApiState());
    await purgePersistedState();
    if (revoke) await revokeRefreshToken(forgotten);
  };
}
