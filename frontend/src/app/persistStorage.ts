import type { WebStorage } from 'redux-persist';

/**
 * localStorage for redux-persist. Ours rather than `redux-persist/lib/storage`, whose CommonJS default
 * export the production bundle receives as a module object. Falls back to memory where localStorage is
 * unavailable (some private modes throw on access), so the app still starts signed out.
 */
function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = '__persist_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export function createPersistStorage(): WebStorage {
  const memory = new Map<string, string>();
  const backing = typeof window === 'undefined' ? null : localStorageOrNull();
  return {
    getItem: async (key) => (backing ? backing.getItem(key) : (memory.get(key) ?? null)),
    setItem: async (key, value: string) => {
      if (backing) backing.setItem(key, value);
      else memory.set(key, value);
    },
    removeItem: async (key) => {
      if (backing) backing.removeItem(key);
      else memory.delete(key);
    },
  };
}
