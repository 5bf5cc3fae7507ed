import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LOGIN_PATH } from '#contracts/route-guard';
import { PageLoader } from '../components/ui/Spinner.tsx';
import { RouteErrorPage } from '../features/errors/RouteErrorPage.tsx';
import { RootLayout } from './RootLayout.tsx';

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
        path: LOGIN_PATH,
        lazy: () =>
          import('../features/auth/LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
      },

      // Authenticated app routes go here (next issue): one layout route that waits for agent, agency and
      // token (the loader), renders the header, sidebar and mobile bottom bar, and has the spec §2 screens
      // as lazy children: /agents/profile, /notifications, /properties/*, /agents/*, /clients, /agenda,
      // /cloud, /web-builder, /templates, /team, /settings, /payment/update-payment.

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
