import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useToastContainerWanted } from '../components/toasts/toast.ts';
import { selectIsAuthenticated } from '../features/auth/authSlice.ts';
import { selectPaywall } from '../features/paywall/paywallSlice.ts';
import { FirstPaintProvider, useFirstPaintTracker } from './firstPaint.tsx';
import { useAppSelector } from './hooks.ts';

// The dialog code is not part of the first page load: it is fetched once signed in (when a 402 becomes
// possible) and the first screen has painted, or at the latest when a 402 asks for it.
const loadPaywallModal = () => import('../features/paywall/PaywallModal.tsx');
const PaywallModal = lazy(() => loadPaywallModal().then((module) => ({ default: module.PaywallModal })));
const Toasts = lazy(() =>
  import('../components/toasts/Toasts.tsx').then((module) => ({ default: module.Toasts })),
);

/** Wraps every route: the paywall modal and toasts can appear on any screen (spec §2, §9). */
export function RootLayout() {
  const paywallRequested = useAppSelector((state) => selectPaywall(state).details !== null);
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const toastsWanted = useToastContainerWanted();
  const painted = useFirstPaintTracker();
  useEffect(() => {
    if (isAuthenticated && painted) void loadPaywallModal();
  }, [isAuthenticated, painted]);
  return (
    <FirstPaintProvider painted={painted}>
      <Outlet />
      <ScrollRestoration />
      {paywallRequested && (
        <Suspense fallback={null}>
          <PaywallModal />
        </Suspense>
      )}
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </FirstPaintProvider>
  );
}
