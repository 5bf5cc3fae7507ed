import { createContext, type ReactNode, Suspense, useContext, useEffect, useState } from 'react';

/**
 * Whether the app has painted once. Outside the provider (a component rendered alone, as in unit tests) it
 * is true: nothing waits.
 */
const FirstPaintContext = createContext(true);

/** Calls `callback` once the browser has painted the DOM as it is now; returns a cancel function. */
function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // a hidden tab gets no animation frames: it paints nothing, so there is nothing to wait for
  if (document.visibilityState === 'hidden') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  // an animation frame runs just before the paint; a task queued from it runs after
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The app's first paint, for `useFirstPaintDone` and `AfterFirstPaint` below it (RootLayout provides it). */
export function useFirstPaintTracker(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

export function FirstPaintProvider({ painted, children }: { painted: boolean; children: ReactNode }) {
  return <FirstPaintContext value={painted}>{children}</FirstPaintContext>;
}

export const useFirstPaintDone = () => useContext(FirstPaintContext);

/**
 * Below-the-fold or behind-a-click parts whose code is lazy: shown as `fallback` until the app's first
 * paint, then loaded. Started inside the first render, each lazy import ran Vite's preload helper there
 * (a `<link rel=modulepreload>` per dependency, ~0.1 s of a phone's main thread for the profile) and its
 * chunks shared the network with the screen's own (docs/decisions.md "Page load: below-the-fold code after
 * the first paint"). Once the app has painted, later screens render these at once.
 */
export function AfterFirstPaint({
  fallback = null,
  children,
}: {
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const painted = useFirstPaintDone();
  return <Suspense fallback={fallback}>{painted ? children : fallback}</Suspense>;
}
