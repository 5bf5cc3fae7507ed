import { type PersistConfig, type Persistor, purgeStoredState } from 'redux-persist';
import type { AuthState } from '../features/auth/authSlice.ts';
import { createPersistStorage } from './persistStorage.ts';
import { AUTH_PERSIST_KEY } from './storedSession.ts';

/**
 * Only token, agentId and agencyId persist (spec §3); the gate waits at most 5000 ms for rehydration (§4).
 */
export const authPersistConfig: PersistConfig<AuthState> = {
  key: AUTH_PERSIST_KEY,
  storage: createPersistStorage(),
  whitelist: ['token', 'agentId', 'agencyId'],
  timeout: 5000,
};

let appPersistor: Persistor | null = null;

/** main.tsx registers the persistor it creates, so logout can purge through it. */
export function registerPersistor(persistor: Persistor | null): void {
  appPersistor = persistor;
}

/**
 * Writes the persisted state now. redux-persist writes a change on a later timer tick; a page opened in
 * between (a link opened in a new tab, a reload just after signing in) would find the cookie of the new
 * session beside the stored state of the old one.
 */
export function flushPersistedState(): void {
  void appPersistor?.flush();
}

/** Logout: empties the persisted store (persistor.purge(), or the storage itself when none runs). */
export async function purgePersistedState(): Promise<void> {
  if (!appPersistor) return purgeStoredState(authPersistConfig);
  // the signed-out state's write, still queued, would otherwise land after the purge
  await appPersistor.flush();
  await appPersistor.purge();
}

/** Settles once the persisted state is back, or the persist timeout (5000 ms, §4) has passed without it. */
export function whenBootstrapped(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
}
