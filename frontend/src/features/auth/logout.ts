import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api.ts';
import { purgePersistedState } from '../../app/persistConfig.ts';
import type { RootState } from '../../app/store.ts';
import { clearAuth } from './authSlice.ts';
import { clearPendingAuthorization } from './pendingAuthorization.ts';
import { clearRefreshToken } from './session.ts';

/**
 * Spec §4 Session: logout clears the token cookie (the auth listener does, on clearAuth), the refresh
 * token, stored agent and agency data (every feature slice resets on clearAuth; the API cache is dropped)
 * and the persisted store. Navigating to the login route is the caller's (or the shell's) job.
 */
export function logout(): ThunkAction<Promise<void>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    clearRefreshToken();
    try {
      clearPendingAuthorization();
    } catch {
      // no session storage: nothing pending
    }
    dispatch(clearAuth());
    dispatch(api.util.resetApiState());
    await purgePersistedState();
  };
}
