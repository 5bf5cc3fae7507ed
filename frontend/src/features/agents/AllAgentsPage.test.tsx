// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { AllAgentsPage } from './AllAgentsPage.tsx';
import type { Agent } from './types.ts';

const agent = (id: string, full_name: string): Agent => ({
  agent_id: id,
  full_name,
  email: `${id}@test.local`,
  role: 'Superagent',
  reputation_points: 0,
  property_count: 0,
  verified_deals: 0,
  connections: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const DIRECTORY = [agent('a1', 'Ana Silva'), agent('a2', 'Maya Collins'), agent('a3', 'Rui Costa')];

/** GET /api/agents: a name-word search over DIRECTORY, two agents a page; other reads answer empty. */
function stubDirectory() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/connections/statuses') return json({ items: [] });
      if (url.pathname !== '/api/agents') return json({ items: [] });
      const search = url.searchParams.get('search') ?? '';
      searches.push(search);
      const found = DIRECTORY.filter((candidate) =>
        candidate.full_name
          .toLowerCase()
          .split(' ')
          .some((word) => word.startsWith(search.toLowerCase())),
      );
      const start = Number(url.searchParams.get('cursor') ?? 0);
      return json({
        items: found.slice(start, start + 2),
        ...(start + 2 < found.length ? { cursor: String(start + 2) } : {}),
      });
    }),
  );
  return searches;
}

const signedIn = { auth: authState({ token: 'jwt', agentId: 'me', isAuthenticated: true }) };
const names = () =>
  within(screen.getByRole('region', { name: 'Agents' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('the agents directory', () => {
  it('lists the network a page at a time, searches from the address, and reads a search again on Search', async () => {
    const searches = stubDirectory();
    const { user } = renderWithProviders(<AllAgentsPage />, {
      preloadedState: signedIn,
      route: '/agents/all-agents',
    });

    await screen.findByText('2 agents shown');
    expect(names()).toEqual(['Ana Silva', 'Maya Collins']);
    await user.click(screen.getByRole('button', { name: 'Load more agents' }));
    await screen.findByText('3 agents');
    expect(names()).toEqual(['Ana Silva', 'Maya Collins', 'Rui Costa']);
    expect(screen.queryByRole('button', { name: 'Load more agents' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'maya');
    await screen.findByText('1 agent');
    expect(names()).toEqual(['Maya Collins']);
    const asked = searches.filter((search) => search === 'maya').length;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(searches.filter((search) => search === 'maya').length).toBe(asked + 1));

    await user.clear(screen.getByRole('searchbox', { name: 'Name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'zed');
    expect(await screen.findByText('No agents found')).toBeTruthy();
  });
});
