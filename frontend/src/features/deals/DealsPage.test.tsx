// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DealStage } from '#contracts/deals';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import type { Deal } from './api.ts';
import { DealsPage } from './DealsPage.tsx';

const deal = (id: string, title: string, status: DealStage, side: Deal['side'] = 'proposer'): Deal => ({
  deal_id: id,
  status,
  side,
  proposer: { agent_id: 'agent-a', full_name: 'Alma Proposer' },
  listing_agent: { agent_id: 'agent-b', full_name: 'Bruno Lister' },
  listing: { property_id: `p-${id}`, title, city: 'Lisbon', price: 300_000, currency: 'USD' },
  client: { full_name: 'Sophie Laurent' },
  shared_fields: [],
  close_confirmed_by: [],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** GET /api/deals in two pages: the second after the cursor. */
function stubDeals(pages: Deal[][]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/api/deals') return json({ items: [] });
      const page = Number(url.searchParams.get('cursor') ?? 0);
      return json({
        items: pages[page] ?? [],
        ...(page + 1 < pages.length ? { cursor: String(page + 1) } : {}),
      });
    }),
  );
}

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-a', isAuthenticated: true }) };

afterEach(() => vi.unstubAllGlobals());

describe('the Deals page', () => {
  it('puts open deals in their stage’s column, and lists every deal, ended ones too, with Load more', async () => {
    stubDeals([
      [deal('d1', 'Harbour flat', 'proposed', 'listing'), deal('d2', 'Hill house', 'viewing')],
      [deal('d3', 'Old mill', 'closed')],
    ]);
    const { user } = renderWithProviders(<DealsPage />, { preloadedState: signedIn });

    const proposed = await screen.findByRole('region', { name: /^Proposed/ });
    const card = within(proposed).getByRole('article', { name: 'Harbour flat with Sophie Laurent' });
    expect(card.textContent).toContain('Proposed to you');
    expect(card.textContent).toContain('Alma Proposer');
    expect(
      within(screen.getByRole('region', { name: /^Viewing/ })).getByRole('article').textContent,
    ).toContain('You proposed');
    expect(
      within(screen.getByRole('region', { name: /^Accepted/ })).getByText('No deals here'),
    ).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await user.click(screen.getByRole('button', { name: 'List' }));
    const list = await screen.findByRole('list', { name: 'All deals' });
    await within(list).findByRole('article', { name: 'Old mill with Sophie Laurent' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByRole('region', { name: /^Closed/ })).toBeNull();
  });

  it('explains how a deal starts when there is none', async () => {
    stubDeals([[]]);
    renderWithProviders(<DealsPage />, { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: 'No deals yet' })).toBeDefined();
    expect(screen.getByText(/choose Collaborate on this listing/)).toBeDefined();
  });
});
