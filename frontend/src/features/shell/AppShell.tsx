import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import clsx from 'clsx';
import { ArrowUp, WifiOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../app/brand.ts';
import { AfterFirstPaint } from '../../app/firstPaint.tsx';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { LARGE_SCREEN, useMediaQuery } from '../../app/useMediaQuery.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../components/ui/Spinner.tsx';
import { useGetAgencyQuery } from '../agencies/api.ts';
import { selectAgencyData } from '../agencies/selectors.ts';
import { useGetAgentQuery } from '../agents/api.ts';
import { selectAgentData } from '../agents/selectors.ts';
import { selectAgentId, selectToken } from '../auth/authSlice.ts';
import { logout } from '../auth/logout.ts';
import { pendingInviteToken } from '../team/pendingInvite.ts';
import { BillingBanner } from './BillingBanner.tsx';
import { Header } from './Header.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useBrandColors } from './useBrandColors.ts';

// an invite link's token waiting for a session: its acceptor (and the team API) load only then
const PendingInviteAcceptor = lazy(() =>
  import('../team/PendingInviteAcceptor.tsx').then((module) => ({ default: module.PendingInviteAcceptor })),
);

// the support chat behind the Live Chat toggle, loaded after the first page load
const LiveChat = lazy(() => import('../support/LiveChat.tsx'));

const MobileDrawer = lazy(() =>
  import('./MobileDrawer.tsx').then((module) => ({ default: module.MobileDrawer })),
);

export const SESSION_LOAD_FAILED = "We couldn't load your account. Please sign in again.";
export const SESSION_LOAD_UNANSWERED = `We couldn't reach ${PRODUCT_NAME}`;

/**
 * The layout of every signed-in screen (spec §2 "Layout after login"). It waits for the token, the agent
 * and (when the agent has one) the agency; a load the API refuses ends the session (spec §8).
 */
export function AppShell() {
  const token = useAppSelector(selectToken);
  const agentId = useAppSelector(selectAgentId);
  if (!token || !agentId) return <Navigate to={paths.login} replace />;
  return <LoadedShell agentId={agentId} />;
}

function LoadedShell({ agentId }: { agentId: string }) {
  const dispatch = useAppDispatch();
  const agentQuery = useGetAgentQuery(agentId);
  const agent = useAppSelector(selectAgentData);
  const agencyId = agentQuery.data?.agency_id;
  const agencyQuery = useGetAgencyQuery(agencyId ?? '', { skip: !agencyId });
  const agency = useAppSelector(selectAgencyData);
  const errors = [agentQuery, agencyQuery].flatMap((query) =>
    query.isError && query.error ? [query.error] : [],
  );
  // Only an answer ends the session. A read that got none (offline, or dropped by the browser because the
  // page is being left for another) must not: logging out here would clear the cookie and the stored session
  // the next page is loading with.
  const failed = errors.some((error) => !isUnanswered(error));
  const unanswered = !failed && errors.length > 0;
  const [hasInvite] = useState(() => pendingInviteToken() !== null);
  // an agent without an agency owns its brand colours itself (GET /api/brand-colors/{its agent id})
  useBrandColors(agentQuery.data ? (agencyId ?? agentId) : undefined);

  useEffect(() => {
    if (failed) void dispatch(logout());
  }, [failed, dispatch]);

  if (failed)
    return <Navigate to={paths.login} replace state={{ notice: SESSION_LOAD_FAILED, noticeTone: 'info' }} />;
  const ready = agent?.agent_id === agentId && (!agent.agency_id || agency?.id === agent.agency_id);
  if (unanswered && !ready)
    return (
      <div className="flex min-h-dvh items-center justify-center bg-slate-50">
        <EmptyState
          icon={<WifiOff />}
          title={SESSION_LOAD_UNANSWERED}
          description="Check your connection and try again."
          action={
            <Button
              onClick={() => {
                void agentQuery.refetch();
                if (agencyId) void agencyQuery.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      </div>
    );
  return (
    <>
      {/* beside the frame, not in it: joining reloads the agent and agency, which shows the loader */}
      {hasInvite && (
        <Suspense fallback={null}>
          <PendingInviteAcceptor />
        </Suspense>
      )}
      {ready ? <ShellFrame /> : <PageLoader label="Loading your workspace" />}
    </>
  );
}

/**
 * A read that brought no answer to go by: fetch failed (no network, or the browser cancelled it), timed out,
 * or its body could not be read — a page being left aborts the body of an answer whose headers had come
 * (PARSING_ERROR). Ending the session on that, as the page went away, cleared the cookie and the stored
 * session the next page was opening with.
 */
function isUnanswered(error: FetchBaseQueryError | SerializedError): boolean {
  return (
    'status' in error &&
    (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR' || error.status === 'PARSING_ERROR')
  );
}

function ShellFrame() {
  const agent = useAppSelector(selectAgentData);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // the drawer's code loads when it is first opened, and it stays mounted after that
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const openDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  };
  const location = useLocation();
  const fullWidth = isFullWidthRoute(location.pathname, location.search);
  const largeScreen = useMediaQuery(LARGE_SCREEN);
  // a navigation closes the mobile drawer
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes on purpose
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <Header onOpenMenu={openDrawer} />
      <BillingBanner agent={agent} />
      <div className={clsx('mx-auto flex', !fullWidth && 'max-w-[96rem]')}>
        {/* on a phone the sidebar's content is in the menu drawer: rendering it hidden cost a phone's
            first paint (docs/decisions.md "Page load") */}
        {!fullWidth && largeScreen && (
          <aside
            aria-label="Sidebar"
            className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 border-r border-slate-200 bg-slate-50/60 lg:block"
          >
            <Sidebar />
          </aside>
        )}
        <main
          className={clsx(
            'min-w-0 flex-1',
            fullWidth ? 'px-4 pb-28 lg:p-0' : 'px-4 pt-5 pb-28 sm:px-6 lg:px-8 lg:pt-8 lg:pb-12',
          )}
        >
          <Suspense
            fallback={
              <div className="flex justify-center py-24 text-brand-2">
                <Spinner className="size-7" label="Loading" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
      <MobileBottomBar />
      <ScrollToTop />
      <AfterFirstPaint>
        <LiveChat />
      </AfterFirstPaint>

      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Screens that need the whole width: the website editor (`/web-builder?id=…`) gives the canvas the
 * sidebar's room; the editor's Back link returns to the website list, sidebar and all.
 */
export function isFullWidthRoute(pathname: string, search: string): boolean {
  return pathname === paths.webBuilder && new URLSearchParams(search).has('id');
}

/** Spec §2/§9: a scroll-to-top button appears after scrolling more than 500 px. */
export const SCROLL_TOP_THRESHOLD = 500;

function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-24 z-30 inline-flex size-11 items-center justify-center rounded-full bg-white text-slate-700 shadow-lg ring-1 ring-slate-900/10 hover:bg-slate-50 lg:bottom-8"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
