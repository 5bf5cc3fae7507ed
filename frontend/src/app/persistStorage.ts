/** The storage the persisted session lives in: getItem, setItem and removeItem, synchronous. */
export type PersistStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * localStorage for the persisted session. Falls back to memory where localStorage is unavailable (some
 * private modes throw on access), so the app still starts signed out.
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

export function createPersistStorage(): PersistStorage {
  const backing = typeof window === 'undefined' ? null : localStorageOrNull();
  if (backing) return backing;
  const memory = new Map<string, string>();
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
}
