// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientMatchesLink, savedSearchMatchesLink } from '#contracts/listing-match';
import { selectNotificationState } from '../../app/specState.ts';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { agentsApi } from '../agents/api.ts';
import { reputationApi } from '../reputation/api.ts';
import type { AppNotification } from '../reputation/types.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-1', isAuthenticated: true }) };

const notification = (id: string, message: string, kind: AppNotification['kind'] = 'reputation') => ({
  id,
  message,
  read: false,
  kind,
  link: '/agents/profile#reputation',
  created_at: new Date().toISOString(),
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The notifications API: the list as `server.items` holds it, and PUT …/read taking one out. */
function stubApi(server: { items: AppNotification[]; failRead?: boolean }) {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      calls.push({ method: input.method, url: input.url });
      const read = /\/api\/notifications\/([^/]+)\/read$/.exec(new URL(input.url).pathname);
      if (read && input.method === 'PUT') {
        if (server.failRead) return json({ error: 'Internal error' }, 500);
        server.items = server.items.filter((item) => item.id !== decodeURIComponent(read[1]!));
        return json({ ok: true });
      }
      if (input.url.includes('/reputation/notifications')) return json({ items: server.items });
      if (input.url.includes('/api/connections/requests/')) return json({ items: [] });
      if (input.url.includes('/api/agents/agent-1')) return json({ agent_id: 'agent-1' });
      return json({});
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the notifications page', () => {
  it('lists unread notifications of every kind and dismisses one by marking it read', async () => {
    const server = {
      items: [
        notification('n2', '+10 reputation points: Listed a flat'),
        notification('n1', 'Viewing at 10:00', 'reminder'),
      ],
    };
    const calls = stubApi(server);
    const { user } = renderWithProviders(<NotificationsPage />, { preloadedState: signedIn });

    const row = await screen.findByRole('listitem', { name: '+10 reputation points: Listed a flat' });
    expect(screen.getByRole('listitem', { name: 'Viewing at 10:00' })).toBeTruthy();
    expect(screen.getByText('2 unread')).toBeTruthy();
    expect(screen.getByText('No pending requests')).toBeTruthy();

    await user.click(row.querySelector('button[aria-label="Mark as read"]') as HTMLElement);

    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Listed a flat/ })).toBeNull());
    expect(calls).toContainEqual({
      method: 'PUT',
      url: expect.stringMatching(/\/api\/notifications\/n2\/read$/),
    });
  });

  it('links a match notification to the client’s Matches tab, and a saved search’s to its matches', async () => {
    stubApi({
      items: [
        {
          ...notification('m1', '2 new listings match Sophie Laurent', 'match'),
          link: clientMatchesLink('c1'),
        },
        {
          ...notification('m2', 'A new listing matches Cascais flats', 'match'),
          link: savedSearchMatchesLink('s1'),
        },
      ],
    });
    renderWithProviders(<NotificationsPage />, { preloadedState: signedIn });
    const client = await screen.findByRole('listitem', { name: '2 new listings match Sophie Laurent' });
    expect(within(client).getByRole('link').getAttribute('href')).toBe('/clients?client=c1&tab=matches');
    const search = screen.getByRole('listitem', { name: 'A new listing matches Cascais flats' });
    expect(within(search).getByRole('link').getAttribute('href')).toBe(
      '/properties/saved?tab=searches&search=s1',
    );
  });

  it('marks every notification read and then shows that nothing waits', async () => {
    stubApi({ items: [notification('a', 'First'), notification('b', 'Second')] });
    const { user } = renderWithProviders(<NotificationsPage />, { preloadedState: signedIn });

    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    await screen.findByText("You're all caught up");
  });

  it('puts a notification back when marking it read fails', async () => {
    stubApi({ items: [notification('a', 'Stays unread')], failRead: true });
    const { user } = renderWithProviders(<NotificationsPage />, { preloadedState: signedIn });

    const row = await screen.findByRole('listitem', { name: 'Stays unread' });
    await user.click(row.querySelector('button[aria-label="Mark as read"]') as HTMLElement);

    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Stays unread' })).toBeTruthy());
  });
});

describe('notifications and the sidebar', () => {
  it('reads the agent again when a new notification arrives, not on a first load of old news', async () => {
    const server = {
      items: [
        { ...notification('old', 'Old news'), created_at: new Date(Date.now() - 3_600_000).toISOString() },
      ],
    };
    const calls = stubApi(server);
    const { store } = renderWithProviders(<NotificationsPage />, { preloadedState: signedIn });
    store.dispatch(agentsApi.endpoints.getAgent.initiate('agent-1'));
    await screen.findByRole('listitem', { name: 'Old news' });
    const agentReads = () => calls.filter((call) => call.url.endsWith('/api/agents/agent-1')).length;
    await waitFor(() => expect(agentReads()).toBe(1));

    await store.dispatch(
      reputationApi.endpoints.listNotifications.initiate('agent-1', { forceRefetch: true }),
    );
    expect(agentReads()).toBe(1);

    server.items = [notification('award', '+5 reputation points: New connection'), ...server.items];
    await store.dispatch(
      reputationApi.endpoints.listNotifications.initiate('agent-1', { forceRefetch: true }),
    );

    await waitFor(() => expect(agentReads()).toBe(2));
    expect(selectNotificationState(store.getState()).items.map((item) => item.id)).toEqual(['award', 'old']);
  });

  it('reads the agent again after a first load holding a fresh award: it may have been counted after the agent was read', async () => {
    const calls = stubApi({ items: [notification('award', '+5 reputation points: New connection')] });
    const { store } = renderWithProviders(<NotificationsPage />, { preloadedState: signedIn });
    store.dispatch(agentsApi.endpoints.getAgent.initiate('agent-1'));
    await screen.findByRole('listitem', { name: '+5 reputation points: New connection' });
    const agentReads = () => calls.filter((call) => call.url.endsWith('/api/agents/agent-1')).length;

    await waitFor(() => expect(agentReads()).toBe(2));
  });
});
