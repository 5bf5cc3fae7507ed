import {
  type PersistConfig,
  type PersistedState,
  type Persistor,
  purgeStoredState,
  type WebStorage,
} from 'redux-persist';
import type { AuthState } from '../features/auth/authSlice.ts';
import { reconcileStoredSession } from '../features/auth/session.ts';
import { createPersistStorage } from './persistStorage.ts';
import { AUTH_PERSIST_KEY } from './storedSession.ts';

const PERSISTED_FIELDS = ['token', 'agentId', 'agencyId'] as const;

/** A stored auth state without a session: each persisted field null (or absent). */
function isSignedOut(serialized: string): boolean {
  try {
    const fields = JSON.parse(serialized) as Record<string, string | undefined>;
    return PERSISTED_FIELDS.every((field) => fields[field] === undefined || fields[field] === 'null');
  } catch {
    return false;
  }
}

/**
 * The auth state's storage keeps a session or nothing: a signed-out state is not written (the key is
 * removed), so a browser without a session holds no persisted store at all — after a logout, and on the
 * login page of a first visit alike.
 */
function sessionOnly(storage: WebStorage): WebStorage {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value: string) =>
      isSignedOut(value) ? storage.removeItem(key) : storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

/**
 * Only token, agentId and agencyId persist (spec §3); the gate waits at most 5000 ms for rehydration (§4).
 * The stored session follows the `token` cookie (session.ts reconcileStoredSession): without the cookie it
 * is not restored; a cookie without it (a sign-in a moment ago in another page) restores it from the cookie.
 */
const authStorage = sessionOnly(createPersistStorage());

export const authPersistConfig: PersistConfig<AuthState> = {
  key: AUTH_PERSIST_KEY,
  storage: authStorage,
  whitelist: [...PERSISTED_FIELDS],
  timeout: 5000,
  migrate: async (state) => {
    const restored = await reconcileStoredSession(state as (PersistedState & Partial<AuthState>) | undefined);
    // an ended session's persisted store goes with it
    if (state && !restored) await authStorage.removeItem(`persist:${AUTH_PERSIST_KEY}`);
    return restored;
  },
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
