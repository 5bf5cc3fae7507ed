import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Tailwind's `lg` breakpoint: the layout with the sidebar beside the page. */
export const LARGE_SCREEN = '(min-width: 1024px)';
