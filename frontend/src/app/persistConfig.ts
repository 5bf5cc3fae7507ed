import type { Reducer } from '@reduxjs/toolkit';
import type { AuthState } from '../features/auth/authSlice.ts';
import { createPersistStorage, type PersistStorage } from './persistStorage.ts';

/**
 * Only token, agentId and agencyId persist (spec §3), in localStorage under `persist:auth`, in the format
 * redux-persist wrote (each field JSON-encoded, plus `_persist`), so sessions stored before keep working.
 * Ours rather than redux-persist (3.5 kB gzip of the first page load): localStorage answers at once, so
 * the session is back before the first render and no gate has to wait for it (spec §4's 5000 ms bound).
 */
export const AUTH_STORAGE_KEY = 'persist:auth';
/** The action that brings the stored fields back (redux-persist's name, which the auth listeners match). */
export const REHYDRATE = 'persist/REHYDRATE';
const PERSISTED_FIELDS = ['token', 'agentId', 'agencyId'] as const;

type PersistedAuth = Pick<AuthState, (typeof PERSISTED_FIELDS)[number]>;

export interface RehydrateAction {
  type: typeof REHYDRATE;
  key: string;
  payload?: Partial<PersistedAuth> | null;
}

export const isAuthRehydrate = (action: unknown): action is RehydrateAction =>
  typeof action === 'object' &&
  action !== null &&
  (action as { type?: unknown }).type === REHYDRATE &&
  (action as { key?: unknown }).key === 'auth';

/** The auth reducer, which also takes the stored fields back in on rehydration. */
export function persistedAuthReducer(reducer: Reducer<AuthState>): Reducer<AuthState> {
  return (state, action) => {
    const next = reducer(state, action);
    if (!isAuthRehydrate(action) || !action.payload) return next;
    const restored: Partial<PersistedAuth> = {};
    for (const field of PERSISTED_FIELDS) {
      if (field in action.payload) restored[field] = action.payload[field] ?? null;
    }
    return { ...next, ...restored };
  };
}

function readStored(storage: PersistStorage): Partial<PersistedAuth> | null {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Record<string, string>;
    const payload: Partial<PersistedAuth> = {};
    for (const field of PERSISTED_FIELDS) {
      const value = field in stored ? (JSON.parse(stored[field]!) as unknown) : undefined;
      if (typeof value === 'string' || value === null) payload[field] = value;
    }
    return payload;
  } catch {
    // unreadable: start signed out
    return null;
  }
}

function write(storage: PersistStorage, auth: PersistedAuth): void {
  const encoded: Record<string, string> = {};
  for (const field of PERSISTED_FIELDS) encoded[field] = JSON.stringify(auth[field]);
  encoded._persist = JSON.stringify({ version: -1, rehydrated: true });
  try {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(encoded));
  } catch {
    // storage full or gone: the session lasts as long as the tab
  }
}

interface PersistableStore {
  getState(): { auth: AuthState };
  dispatch(action: RehydrateAction): unknown;
  subscribe(listener: () => void): () => void;
}

export interface AuthPersistence {
  /** stops writing the store's changes */
  stop(): void;
}

let active: { storage: PersistStorage } | null = null;

/**
 * main.tsx: restores the stored session into the store (a REHYDRATE action) and from then on writes the
 * persisted fields whenever they change.
 */
export function persistAuth(store: PersistableStore, storage = createPersistStorage()): AuthPersistence {
  store.dispatch({ type: REHYDRATE, key: 'auth', payload: readStored(storage) });
  let last: PersistedAuth | null = null;
  const sync = () => {
    const { token, agentId, agencyId } = store.getState().auth;
    if (last && last.token === token && last.agentId === agentId && last.agencyId === agencyId) return;
    last = { token, agentId, agencyId };
    write(storage, last);
  };
  sync();
  const unsubscribe = store.subscribe(sync);
  const persistence = { storage };
  active = persistence;
  return {
    stop() {
      unsubscribe();
      if (active === persistence) active = null;
    },
  };
}

/** Logout: empties the persisted session. */
export async function purgePersistedState(): Promise<void> {
  const storage = active?.storage ?? createPersistStorage();
  try {
    storage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
