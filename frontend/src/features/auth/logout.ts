import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api.ts';
import { getAppConfig } from '../../app/config.ts';
import { purgePersistedState } from '../../app/persistConfig.ts';
import type { RootState } from '../../app/store.ts';
import { clearAuth } from './authSlice.ts';
import { clearPendingAuthorization } from './pendingAuthorization.ts';
import { clearRefreshToken, readRefreshToken } from './session.ts';

export interface LogoutOptions {
  /** Revoke the refresh token with Cognito (the default); "Sign out everywhere" has revoked them all. */
  revoke?: boolean;
}

/**
 * Spec §4 Session: logout clears the token cookie (the auth listener does, on clearAuth), the refresh
 * token, stored agent and agency data (every feature slice resets on clearAuth; the API cache is dropped)
 * and the persisted store; then Cognito revokes the refresh token, so a copy of it left anywhere (another
 * tab, a backup of the browser's storage) gets no new tokens. Navigating to the login route is the
 * caller's (or the shell's) job.
 */
export function logout({
  revoke = true,
}: LogoutOptions = {}): ThunkAction<Promise<void>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    const refreshToken = readRefreshToken();
    clearRefreshToken();
    try {
      clearPendingAuthorization();
    } catch {
      // no session storage: nothing pending
    }
    dispatch(clearAuth());
    dispatch(api.util.resetApiState());
    await purgePersistedState();
    if (revoke && refreshToken) await revokeRefreshToken(refreshToken);
  };
}

async function revokeRefreshToken(refreshToken: string): Promise<void> {
  try {
    // the Cognito client is not part of the first page load (see session.ts)
    const { revokeToken } = await import('./cognito.ts');
    await revokeToken(getAppConfig(), refreshToken);
  } catch {
    // already refused (a session that had ended), or Cognito out of reach: this browser holds no copy now
  }
}
