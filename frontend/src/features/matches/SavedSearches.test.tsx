// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAVED_SEARCHES } from '#contracts/listing-match';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { PropertyListPage } from '../properties/PropertyListPage.tsx';
import { SavedPropertiesPage } from '../properties/SavedPropertiesPage.tsx';
import type { ListingMatch, SavedSearch } from './api.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const signedIn = { auth: authState({ token: 'jwt', agentId: 'agent-a', isAuthenticated: true }) };

const FULL_MESSAGE = `You can save at most ${MAX_SAVED_SEARCHES} searches; delete one to save another`;

/** The property list's reads answer an empty page; POST /api/saved-searches answers `answer`. */
function stubPropertyList(answer: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/saved-searches' && request.method === 'POST') {
        posts.push(await request.json());
        return answer();
      }
      if (url.pathname.startsWith('/api/properties'))
        return json({
          items: [],
          pagination: { page: 1, limit: 12, totalItems: 0, totalPages: 0 },
          totalExact: true,
        });
      return json({ items: [] });
    }),
  );
  return posts;
}

function renderList() {
  return renderWithProviders(
    <Routes>
      <Route path="/properties/property-list" element={<PropertyListPage />} />
      <Route path="/properties/saved" element={<p>Saved searches page</p>} />
    </Routes>,
    {
      preloadedState: signedIn,
      route: '/properties/property-list?city=Cascais&maxPrice=500000&bedrooms=2&status=for_sale',
    },
  );
}

describe('Save this search', () => {
  it('saves the applied filters under the name the agent gives', async () => {
    const posts = stubPropertyList(() =>
      json(
        {
          saved_search_id: 's1',
          name: 'Cascais family flats',
          status: 'for_sale',
          currency: 'USD',
          areas: ['Cascais'],
          created_at: '2026-11-02T10:00:00.000Z',
        },
        201,
      ),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('For sale in Cascais, 2+ bedrooms');
    expect(dialog.textContent).toContain('For sale · Cascais · up to $500,000 · 2+ bedrooms');

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Name is required')).toBeDefined();
    expect(posts).toHaveLength(0);

    await user.type(name, 'Cascais family flats');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([
      {
        name: 'Cascais family flats',
        status: 'for_sale',
        currency: 'USD',
        areas: ['Cascais'],
        max_price: 500_000,
        bedrooms_min: 2,
      },
    ]);
  });

  it('is offered only once something is searched', async () => {
    stubPropertyList(() => json({}, 500));
    renderWithProviders(
      <Routes>
        <Route path="/properties/property-list" element={<PropertyListPage />} />
      </Routes>,
      { preloadedState: signedIn, route: '/properties/property-list' },
    );
    await screen.findByRole('button', { name: 'Search' });
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
  });

  it('shows the server’s message when the saved searches are at their cap', async () => {
    stubPropertyList(() => json({ error: FULL_MESSAGE, code: 'CONFLICT' }, 409));
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(FULL_MESSAGE);
    await user.click(within(alert).getByRole('link', { name: 'Your saved searches' }));
    expect(await screen.findByText('Saved searches page')).toBeDefined();
  });
});

const saved = (id: string, name: string): SavedSearch => ({
  saved_search_id: id,
  name,
  status: 'for_sale',
  currency: 'EUR',
  areas: ['Cascais'],
  max_price: 500_000,
  created_at: '2026-11-02T10:00:00.000Z',
});

const listingMatch: ListingMatch = {
  listing: {
    property_id: 'p1',
    title: 'Sea-view flat',
    city: 'Cascais',
    price: 450_000,
    currency: 'EUR',
    status: 'for_sale',
    listing_agent: { agent_id: 'agent-b', full_name: 'Bruno Lister' },
  },
  score: 80,
  interests_found: [],
  matched_at: '2026-11-02T10:00:00.000Z',
};

/** Saved searches as `server.items` holds them, their matches, and DELETE taking one out. */
function stubSavedSearches(server: { items: SavedSearch[] }) {
  const deleted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const one = /^\/api\/saved-searches\/([^/]+)(\/matches)?$/.exec(url.pathname);
      if (one?.[2]) return json({ items: one[1] === 's1' ? [listingMatch] : [] });
      if (one && request.method === 'DELETE') {
        deleted.push(one[1]!);
        server.items = server.items.filter((item) => item.saved_search_id !== one[1]);
        return json({ ok: true });
      }
      if (url.pathname === '/api/saved-searches') return json({ items: server.items });
      return json({ items: [] });
    }),
  );
  return deleted;
}

describe('the saved searches page', () => {
  it('opens the search a notification names onto its matches, and another on demand', async () => {
    stubSavedSearches({ items: [saved('s2', 'Estoril villas'), saved('s1', 'Cascais flats')] });
    const { user } = renderWithProviders(<SavedPropertiesPage />, {
      preloadedState: signedIn,
      route: '/properties/saved?tab=searches&search=s1',
    });
    const cascais = await screen.findByRole('region', { name: 'Cascais flats' });
    expect(cascais.textContent).toContain('For sale · Cascais · up to €500,000');
    const matches = await within(cascais).findByRole('list', { name: 'Matches for Cascais flats' });
    const card = within(matches).getByRole('article', { name: 'Sea-view flat' });
    expect(within(card).getByText('80% match')).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Propose a client' })).toBeDefined();
    expect(screen.getByText(/2 of 20 saved/)).toBeDefined();

    const estoril = screen.getByRole('region', { name: 'Estoril villas' });
    await user.click(within(estoril).getByRole('button', { name: /Estoril villas/, expanded: false }));
    expect(await within(estoril).findByRole('heading', { name: 'No matches yet' })).toBeDefined();
  });

  it('deletes a search after asking', async () => {
    const server = { items: [saved('s1', 'Cascais flats')] };
    const deleted = stubSavedSearches(server);
    const { user } = renderWithProviders(<SavedPropertiesPage />, {
      preloadedState: signedIn,
      route: '/properties/saved?tab=searches',
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Cascais flats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Cascais flats?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete search' }));
    expect(await screen.findByRole('heading', { name: 'No saved searches yet' })).toBeDefined();
    expect(deleted).toEqual(['s1']);
  });
});

afterEach(() => vi.unstubAllGlobals());
