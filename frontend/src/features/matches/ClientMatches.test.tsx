// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import type { Client } from '../clients/api.ts';
import type { ListingMatch } from './api.ts';
import { ClientMatches } from './ClientMatches.tsx';

const sophie: Client = {
  client_id: 'c1',
  full_name: 'Sophie Laurent',
  type: 'buyer',
  agentId: 'agent-a',
  stage: 'new',
  budget_min: 400_000,
  budget_max: 500_000,
  currency: 'EUR',
  preferred_areas: ['Cascais'],
  property_interests: [],
  tags: ['sea view'],
  created_at: '2026-11-01T10:00:00.000Z',
} as Client;

const match = (
  id: string,
  title: string,
  score: number,
  extra: Partial<ListingMatch> = {},
): ListingMatch => ({
  listing: {
    property_id: id,
    title,
    city: 'Cascais',
    price: 450_000,
    currency: 'EUR',
    bedrooms_count: 2,
    status: 'for_sale',
    listing_agent: { agent_id: 'agent-b', full_name: 'Bruno Lister' },
    collaborator_commission: 2.5,
  },
  score,
  interests_found: ['sea view'],
  matched_at: '2026-11-02T10:00:00.000Z',
  ...extra,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** GET /api/clients/c1/matches in pages (the next after the cursor), or `failure`; the rest answers empty. */
function stubMatches(pages: ListingMatch[][], failure?: Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/clients/c1/matches') {
        asked.push(url.search);
        if (failure) return failure.clone();
        const page = Number(url.searchParams.get('cursor') ?? 0);
        return json({
          items: pages[page] ?? [],
          ...(page + 1 < pages.length ? { cursor: String(page + 1) } : {}),
        });
      }
      if (url.pathname === '/api/clients') return json({ items: [sophie], agents: [] });
      return json({ items: [] });
    }),
  );
  return asked;
}

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-a', isAuthenticated: true }) };

function renderMatches(client: Client = sophie, onEdit = () => {}) {
  return renderWithProviders(<ClientMatches client={client} canEdit onEdit={onEdit} />, {
    preloadedState: signedIn,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("a client's Matches tab", () => {
  it('shows placeholders while loading, then the matches best first with their score, facts and agent', async () => {
    stubMatches([[match('p1', 'Sea-view flat', 92), match('p2', 'Hill house', 71)]]);
    renderMatches();
    expect(screen.getByRole('region', { name: 'Loading matches' })).toBeDefined();

    const list = await screen.findByRole('list', { name: 'Matches for Sophie Laurent' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Sea-view flat', 'Hill house']);
    const first = cards[0]!;
    expect(within(first).getByText('92% match')).toBeDefined();
    expect(first.textContent).toContain('€450,000');
    expect(first.textContent).toContain('2 beds');
    expect(first.textContent).toContain('Cascais');
    expect(first.textContent).toContain('Bruno Lister');
    expect(within(first).getByRole('list', { name: 'Interests found' }).textContent).toContain('sea view');
    expect(within(first).getByRole('link', { name: 'Sea-view flat' }).getAttribute('href')).toBe(
      '/properties/details/p1',
    );
  });

  it('pages with Show more matches', async () => {
    const asked = stubMatches([[match('p1', 'Sea-view flat', 92)], [match('p3', 'Old mill', 60)]]);
    const { user } = renderMatches();
    await screen.findByRole('article', { name: 'Sea-view flat' });
    await user.click(screen.getByRole('button', { name: 'Show more matches' }));
    await screen.findByRole('article', { name: 'Old mill' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more matches' })).toBeNull();
    expect(asked.at(-1)).toContain('cursor=1');
  });

  it('proposes a deal with the client already chosen, and offers View deal when one is open', async () => {
    stubMatches([[match('p1', 'Sea-view flat', 92), match('p2', 'Hill house', 71, { deal_id: 'deal-7' })]]);
    const { user } = renderMatches();
    const open = await screen.findByRole('article', { name: 'Hill house' });
    expect(within(open).getByRole('link', { name: 'View deal' }).getAttribute('href')).toBe('/deals/deal-7');
    expect(within(open).queryByRole('button', { name: 'Propose deal' })).toBeNull();

    await user.click(
      within(screen.getByRole('article', { name: 'Sea-view flat' })).getByRole('button', {
        name: 'Propose deal',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Collaborate on this listing' });
    expect(within(dialog).getByText(/Sea-view flat/)).toBeDefined();
    const picker = await within(dialog).findByRole('combobox', { name: 'Client' });
    await within(picker).findByRole('option', { name: 'Sophie Laurent' });
    expect((picker as HTMLSelectElement).value).toBe('c1');
  });

  it('says what is missing when the client names neither a budget nor an area, with Edit client', async () => {
    stubMatches([[]]);
    const onEdit = vi.fn();
    const { user } = renderMatches(
      { ...sophie, budget_min: undefined, budget_max: undefined, preferred_areas: [] } as Client,
      onEdit,
    );
    expect(await screen.findByRole('heading', { name: 'Nothing to match on yet' })).toBeDefined();
    expect(screen.getByText(/Add a budget or preferred areas to Sophie Laurent/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Edit client' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('promises a notification when nothing matches yet, and explains sellers', async () => {
    stubMatches([[]]);
    renderMatches();
    expect(await screen.findByRole('heading', { name: 'No matches yet' })).toBeDefined();
    expect(screen.getByText(/No listings on the network match yet — you'll be notified/)).toBeDefined();
  });

  it('explains that sellers bring listings', async () => {
    stubMatches([[]]);
    renderMatches({ ...sophie, type: 'seller' } as Client);
    expect(
      await screen.findByRole('heading', { name: 'Matches are for buyers, investors and tenants' }),
    ).toBeDefined();
  });

  it('shows the failure with Try again', async () => {
    stubMatches([], json({ error: 'Something went wrong', code: 'INTERNAL' }, 500));
    renderMatches();
    expect(await screen.findByRole('heading', { name: 'The matches could not be loaded' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});
