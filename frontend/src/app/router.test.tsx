// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestConfig } from '../test/fakes.ts';
import { authState, renderRoutes } from '../test/renderWithProviders.tsx';
import { prefetchRouteData, routes, settledWithin } from './router.tsx';
import { makeStore } from './store.ts';

const agent = {
  agent_id: 'agent-1',
  full_name: 'Amir Haddad',
  email: 'amir@estatenet.local',
  role: 'Superagent',
  reputation_points: 45,
  property_count: 3,
  verified_deals: 0,
  connections: 4,
  created_at: '2026-01-01T00:00:00.000Z',
};

function stubApi(status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        // one body for every call: the agent, and an empty list for the screens' list queries
        new Response(JSON.stringify(status === 200 ? { ...agent, items: [] } : { error: 'Not found' }), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
}

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) };

afterEach(() => vi.unstubAllGlobals());

describe('signed-in routes', () => {
  it('sends a visitor without a token to the login page', async () => {
    useTestConfig();
    const { router } = renderRoutes(routes, { initialEntries: ['/templates'] });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/authentication/login');
  });

  it('shows the templates gallery inside the shell', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/templates'], preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Templates' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My templates' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
  });

  it('opens the website builder on its own lazy route, inside the shell', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/web-builder'], preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Website' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
  });

  it('shows the plans side by side on the upgrade page with the reason', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/agents/upgrade?reason=expired'], preloadedState: signedIn });
    // the reason changes the headline
    expect(await screen.findByRole('heading', { name: 'Renew your subscription' })).toBeTruthy();
    expect(screen.getByText(/Your subscription has expired/)).toBeTruthy();
    for (const label of ['Free Plan', 'Essential', 'Solo Agent', 'Agency', 'Agency Plus']) {
      expect(screen.getByRole('listitem', { name: label })).toBeTruthy();
    }
    expect(screen.getByText('Current plan')).toBeTruthy();
    expect(screen.getByText('Team collaboration (Agency plans only)')).toBeTruthy();
  });

  it('ends the session when the agent cannot be loaded (spec §8)', async () => {
    useTestConfig();
    stubApi(404);
    const { router, store } = renderRoutes(routes, {
      initialEntries: ['/agents/profile'],
      preloadedState: signedIn,
    });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/authentication/login');
    await vi.waitFor(() => expect(store.getState().auth.token).toBeNull());
  });
});

describe('the data of the screen the app opens on', () => {
  const requestedUrls = () => {
    const fetchMock = vi.mocked(fetch);
    return fetchMock.mock.calls.map(([request]) => new URL((request as Request).url));
  };

  // what the shell shows on every signed-in screen (features/shell/sessionReads.ts)
  const sessionReads = [
    '/api/currency-preference/agent-1',
    '/api/metric-preference/agent-1',
    '/api/exchange-rates',
    '/api/brand-colors/agent-1',
    '/api/saved-properties',
  ];

  it("asks for the signed-in agent's first page of listings on the profile page, beside the session's reads", async () => {
    stubApi();
    await prefetchRouteData('/agents/profile', makeStore(signedIn));
    await vi.waitFor(() => expect(requestedUrls()).toHaveLength(6));
    expect(
      requestedUrls()
        .map((url) => url.pathname)
        .sort(),
    ).toEqual([...sessionReads, '/api/properties'].sort());
    const listings = requestedUrls().find((url) => url.pathname === '/api/properties');
    expect(Object.fromEntries(listings!.searchParams)).toEqual({
      agent_id: 'agent-1',
      page: '1',
      limit: '6',
    });
  });

  it("asks only for the session's reads on a screen without data of its own, and nothing without a session", async () => {
    stubApi();
    await prefetchRouteData('/agents/profile', makeStore());
    expect(requestedUrls()).toEqual([]);
    await prefetchRouteData('/templates', makeStore(signedIn));
    await vi.waitFor(() => expect(requestedUrls()).toHaveLength(5));
    expect(
      requestedUrls()
        .map((url) => url.pathname)
        .sort(),
    ).toEqual([...sessionReads].sort());
    const saved = requestedUrls().find((url) => url.pathname === '/api/saved-properties');
    expect(Object.fromEntries(saved!.searchParams)).toEqual({ page: '1', limit: '1' });
  });

  it('settles once every opening read has been answered, so the first render can show them', async () => {
    const answers: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) =>
            answers.push(() =>
              resolve(
                new Response(JSON.stringify({ ...agent, items: [] }), {
                  headers: { 'Content-Type': 'application/json' },
                }),
              ),
            ),
          ),
      ),
    );
    let settled = false;
    const opening = prefetchRouteData('/agents/profile', makeStore(signedIn)).then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(answers).toHaveLength(6));
    for (const answer of answers.slice(0, 5)) answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled, 'one read is not answered yet').toBe(false);
    answers[5]!();
    await opening;
    expect(settled).toBe(true);
  });
});

describe('settledWithin', () => {
  it('settles with the work, or after the time given when the work takes longer, and never rejects', async () => {
    const started = performance.now();
    await settledWithin(new Promise(() => undefined), 30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    await expect(settledWithin(Promise.reject(new Error('offline')), 10_000)).resolves.toBeUndefined();
    const quick = performance.now();
    await settledWithin(Promise.resolve('done'), 10_000);
    expect(performance.now() - quick).toBeLessThan(1000);
  });
});
