import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/ui/Spinner.tsx';
import { RouteErrorPage } from '../features/errors/RouteErrorPage.tsx';
import { paths } from './paths.ts';
import { RootLayout } from './RootLayout.tsx';
import type { AppStore } from './store.ts';

/**
 * A route's `handle` may name the data its screen shows first, to be asked for when the app opens on that
 * route (once the stored session is back), beside the route's code rather than after its first render.
 */
interface RouteDataPrefetch {
  prefetchData: (store: AppStore) => Promise<void>;
}

/**
 * How long the app's first render waits for the opening screen's reads once its code and the stored session
 * are in: rendered without them, the screen paints placeholders and renders again when they land (the
 * profile's listings: the page's largest paint came a render later). A slow read still shows the screen.
 */
export const OPENING_DATA_WAIT_MS = 400;

/** Settles when `work` does or after `ms`, whichever is first; never rejects. */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** All routes of the app, in one array; every screen is a lazy route so it loads only when visited. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      // Public: reachable without the token cookie (contracts/route-guard.ts PUBLIC_APP_PREFIXES).
      {
        path: paths.login,
        lazy: () =>
          import('../features/auth/LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
      },
      {
        path: paths.register,
        lazy: () =>
          import('../features/auth/SignUpPage.tsx').then((module) => ({ Component: module.SignUpPage })),
      },
      {
        path: paths.confirm,
        lazy: () =>
          import('../features/auth/ConfirmSignUpPage.tsx').then((module) => ({
            Component: module.ConfirmSignUpPage,
          })),
      },
      {
        path: paths.forgotPassword,
        lazy: () =>
          import('../features/auth/ForgotPasswordPage.tsx').then((module) => ({
            Component: module.ForgotPasswordPage,
          })),
      },
      {
        path: paths.resetPassword,
        lazy: () =>
          import('../features/auth/ResetPasswordPage.tsx').then((module) => ({
            Component: module.ResetPasswordPage,
          })),
      },
      {
        path: paths.oauthCallback,
        lazy: () =>
          import('../features/auth/OAuthCallbackPage.tsx').then((module) => ({
            Component: module.OAuthCallbackPage,
          })),
      },
      {
        // a listing's owner, without an account, from the emailed link
        path: paths.ownerConfirmation,
        lazy: () =>
          import('../features/properties/OwnerConfirmationPage.tsx').then((module) => ({
            Component: module.OwnerConfirmationPage,
          })),
      },

      // Signed in: the app shell waits for token, agent and agency, then renders these screens inside it.
      {
        id: 'shell',
        lazy: () =>
          import('../features/shell/AppShell.tsx').then((module) => ({ Component: module.AppShell })),
        handle: {
          // preferences, rates, saved ids and brand colours: every screen's first render shows them
          prefetchData: (store) =>
            import('../features/shell/sessionReads.ts').then((module) => module.prefetchSessionReads(store)),
        } satisfies RouteDataPrefetch,
        children: [
          {
            path: paths.profile,
            lazy: () =>
              import('../features/agents/ProfilePage.tsx').then((module) => ({
                Component: module.ProfilePage,
              })),
            handle: {
              // the listings, with the page's largest image, come in beside the agent and agency
              prefetchData: (store) =>
                import('../features/properties/MyPropertiesSection.tsx').then((module) =>
                  module.prefetchMyProperties(store),
                ),
            } satisfies RouteDataPrefetch,
          },
          {
            path: '/pages/agent/profile/:agentId',
            lazy: () =>
              import('../features/agents/AgentProfilePage.tsx').then((module) => ({
                Component: module.AgentProfilePage,
              })),
          },
          {
            path: paths.allAgents,
            lazy: () =>
              import('../features/agents/AllAgentsPage.tsx').then((module) => ({
                Component: module.AllAgentsPage,
              })),
          },
          {
            path: paths.upgrade,
            lazy: () =>
              import('../features/upgrade/UpgradePage.tsx').then((module) => ({
                Component: module.UpgradePage,
              })),
          },
          {
            // The website editor (GrapesJS) is the heaviest screen: only this route may load its code.
            path: paths.webBuilder,
            lazy: () =>
              import('../features/web-builder/WebBuilderPage.tsx').then((module) => ({
                Component: module.WebBuilderPage,
              })),
          },
          {
            // the client table (TanStack Table) loads with this route only
            path: paths.clients,
            lazy: () =>
              import('../features/clients/ClientsPage.tsx').then((module) => ({
                Component: module.ClientsPage,
              })),
          },
          {
            path: paths.deals,
            lazy: () =>
              import('../features/deals/DealsPage.tsx').then((module) => ({ Component: module.DealsPage })),
          },
          {
            path: '/deals/:dealId',
            lazy: () =>
              import('../features/deals/DealPage.tsx').then((module) => ({ Component: module.DealPage })),
          },
          {
            // FullCalendar loads with this route only
            path: paths.agenda,
            lazy: () =>
              import('../features/agenda/AgendaPage.tsx').then((module) => ({
                Component: module.AgendaPage,
              })),
          },
          {
            path: paths.team,
            lazy: () =>
              import('../features/team/TeamPage.tsx').then((module) => ({ Component: module.TeamPage })),
          },
          {
            path: paths.invite,
            lazy: () =>
              import('../features/team/InvitePage.tsx').then((module) => ({ Component: module.InvitePage })),
          },
          {
            path: paths.cloud,
            lazy: () =>
              import('../features/cloud/CloudPage.tsx').then((module) => ({ Component: module.CloudPage })),
          },
          // the property screens load with their routes only (the dashboard's first load is nearly full)
          {
            path: paths.propertyList,
            lazy: () =>
              import('../features/properties/PropertyListPage.tsx').then((module) => ({
                Component: module.PropertyListPage,
              })),
          },
          {
            path: paths.addProperty,
            lazy: () =>
              import('../features/properties/AddPropertyPage.tsx').then((module) => ({
                Component: module.AddPropertyPage,
              })),
          },
          {
            path: paths.propertySuccess,
            lazy: () =>
              import('../features/properties/PropertySuccessPage.tsx').then((module) => ({
                Component: module.PropertySuccessPage,
              })),
          },
          {
            path: paths.savedProperties,
            lazy: () =>
              import('../features/properties/SavedPropertiesPage.tsx').then((module) => ({
                Component: module.SavedPropertiesPage,
              })),
          },
          {
            path: '/properties/details/:propertyId',
            lazy: () =>
              import('../features/properties/PropertyDetailPage.tsx').then((module) => ({
                Component: module.PropertyDetailPage,
              })),
          },
          {
            path: '/properties/edit/:propertyId',
            lazy: () =>
              import('../features/properties/EditPropertyPage.tsx').then((module) => ({
                Component: module.EditPropertyPage,
              })),
          },
          {
            path: paths.notifications,
            lazy: () =>
              import('../features/notifications/NotificationsPage.tsx').then((module) => ({
                Component: module.NotificationsPage,
              })),
          },
          {
            path: paths.templates,
            lazy: () =>
              import('../features/templates/TemplatesPage.tsx').then((module) => ({
                Component: module.TemplatesPage,
              })),
          },
          {
            path: paths.settings,
            lazy: () =>
              import('../features/settings/SettingsPage.tsx').then((module) => ({
                Component: module.SettingsPage,
              })),
          },
          {
            path: paths.supportInbox,
            lazy: () =>
              import('../features/support/SupportInboxPage.tsx').then((module) => ({
                Component: module.SupportInboxPage,
              })),
          },
          {
            path: paths.deedReviews,
            lazy: () =>
              import('../features/support/DeedReviewPage.tsx').then((module) => ({
                Component: module.DeedReviewPage,
              })),
          },
          {
            path: paths.updatePayment,
            lazy: () =>
              import('../features/billing/UpdatePaymentPage.tsx').then((module) => ({
                Component: module.UpdatePaymentPage,
              })),
          },
        ],
      },

      {
        path: '*',
        lazy: () =>
          import('../features/errors/NotFoundPage.tsx').then((module) => ({
            Component: module.NotFoundPage,
          })),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** Settles once the router has its first state: the code of the screens that render the opening URL is in. */
export function whenInitialized(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts loading the code of the screens that render `pathname` (the shell and the page), so it
 * downloads while the runtime config does, instead of after it: the router asks the same lazy functions
 * again when it renders, and gets the modules already loaded.
 */
export function preloadRouteCode(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}

/**
 * Asks for the data of the screens that render `pathname` (their `handle.prefetchData`), as
 * preloadRouteCode does for their code; settles once every read has been answered (or has failed).
 */
export async function prefetchRouteData(pathname: string, store: AppStore): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((match) =>
      (match.route.handle as Partial<RouteDataPrefetch> | undefined)
        ?.prefetchData?.(store)
        .catch(() => undefined),
    ),
  );
}
