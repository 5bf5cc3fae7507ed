import { cleanup, type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { afterEach } from 'vitest';
import { type AppStore, makeStore, type RootState } from '../app/store.ts';
import { agenciesApi } from '../features/agencies/api.ts';
import { agentsApi } from '../features/agents/api.ts';
import type { Agency, Agent } from '../features/agents/types.ts';
import { type AuthState, initialAuthState } from '../features/auth/authSlice.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

interface ProviderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

/** Auth state as the persisted reducer holds it, for `preloadedState`. */
export function authState(overrides: Partial<AuthState> = {}): RootState['auth'] {
  return { ...initialAuthState, ...overrides, _persist: { version: -1, rehydrated: true } };
}

function Providers({ store, route, children }: { store: AppStore; route: string; children: ReactNode }) {
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </Provider>
  );
}

/** Renders a component with a real store (makeStore) inside a MemoryRouter at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = makeStore(preloadedState),
    route = '/',
    ...options
  }: ProviderOptions & { route?: string } = {},
) {
  const result = render(
    <Providers store={store} route={route}>
      {ui}
    </Providers>,
    options,
  );
  return { store, user: userEvent.setup(), ...result };
}

/** Renders route objects (e.g. the app's own `routes`) with a memory data router and a real store. */
export function renderRoutes(
  routes: RouteObject[],
  {
    preloadedState,
    store = makeStore(preloadedState),
    initialEntries = ['/'],
    ...options
  }: ProviderOptions & { initialEntries?: string[] } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
    options,
  );
  return { store, router, user: userEvent.setup(), ...result };
}

/**
 * A real store signed in as `agent`, its record (and its agency's) already in the API cache as the shell
 * leaves them; `token` null for a screen rendered without one.
 */
export function signedInStore(
  agent: Agent,
  { agency = null, token = 'jwt' }: { agency?: Agency | null; token?: string | null } = {},
): AppStore {
  const store = makeStore({
    auth: authState({
      token,
      agentId: agent.agent_id,
      agencyId: agency?.id ?? agent.agency_id ?? null,
      isAuthenticated: Boolean(token),
    }),
  });
  store.dispatch(
    agentsApi.util.upsertQueryEntries([{ endpointName: 'getAgent', arg: agent.agent_id, value: agent }]),
  );
  if (agency)
    store.dispatch(
      agenciesApi.util.upsertQueryEntries([{ endpointName: 'getAgency', arg: agency.id, value: agency }]),
    );
  return store;
}
