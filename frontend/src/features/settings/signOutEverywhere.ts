import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { getAppConfig } from '../../app/config.ts';
import type { RootState } from '../../app/store.ts';
import { selectToken } from '../auth/authSlice.ts';
import { AUTH_MESSAGES, CognitoError, globalSignOut } from '../auth/cognito.ts';
import { logout } from '../auth/logout.ts';
import { refreshAccessToken } from '../auth/session.ts';

export const SIGN_OUT_EVERYWHERE_MESSAGES = {
  done: "You've been signed out on all your devices.",
  failed: "We couldn't sign you out everywhere. Try again.",
} as const;

const isNotAuthorized = (error: unknown) =>
  error instanceof CognitoError && error.code === 'NotAuthorizedException';

/**
 * "Sign out everywhere": Cognito's GlobalSignOut, with this session's access token, revokes every refresh
 * token Cognito issued to the user, so each browser's session ends at its next token refresh; then this
 * browser logs out. Rejects, still signed in, when Cognito could not be reached.
 */
export function signOutEverywhere(): ThunkAction<Promise<void>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const token = selectToken(getState());
    if (token) {
      try {
        await globalSignOut(getAppConfig(), token);
      } catch (error) {
        if (!isNotAuthorized(error)) throw error;
        // an access token past its time (a computer that slept through the refresh): once more with a fresh
        // one; a refresh Cognito refuses means the session had ended already
        const refreshed = await refreshAccessToken();
        if (refreshed.status === 'refreshed') await globalSignOut(getAppConfig(), refreshed.token);
        else if (refreshed.status === 'unavailable') throw error;
      }
    }
    await dispatch(logout({ revoke: false }));
  };
}

/** The message for a sign-out everywhere that did not happen. */
export function signOutEverywhereError(error: unknown): string {
  return error instanceof CognitoError && error.code === 'NetworkError'
    ? AUTH_MESSAGES.network
    : SIGN_OUT_EVERYWHERE_MESSAGES.failed;
}
