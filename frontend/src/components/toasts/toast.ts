import { useSyncExternalStore } from 'react';

/**
 * Toasts without react-toastify in the first page load: the library (10 KB gzip, styles included) is
 * fetched with the first toast, and the container mounts then. react-toastify queues a toast shown before
 * its container registers and plays it once the container is there.
 */
let containerWanted = false;
const listeners = new Set<() => void>();

function wantContainer(): void {
  if (containerWanted) return;
  containerWanted = true;
  for (const listener of listeners) listener();
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function showToast(kind: ToastKind, message: string): void {
  wantContainer();
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

/** Whether a toast was asked for, so the root layout mounts the (lazy) container. */
export function useToastContainerWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => containerWanted,
  );
}
