import { type ReactNode, useEffect, useState } from 'react';
import type { Persistor } from 'redux-persist';

/**
 * redux-persist's PersistGate without its class-component helpers (1 kB of the first page load): shows
 * `loading` until the persisted state is back (or the persist timeout passed), then `children` for good.
 */
export function PersistGate({
  persistor,
  loading,
  children,
}: {
  persistor: Persistor;
  loading: ReactNode;
  children: ReactNode;
}) {
  const [lifted, setLifted] = useState(() => persistor.getState().bootstrapped);
  useEffect(() => {
    if (lifted) return;
    const check = () => {
      if (persistor.getState().bootstrapped) setLifted(true);
    };
    const unsubscribe = persistor.subscribe(check);
    check();
    return unsubscribe;
  }, [persistor, lifted]);
  return lifted ? children : loading;
}
