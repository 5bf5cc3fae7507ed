// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { CollaborateDialog } from './CollaborateDialog.tsx';

const client = (client_id: string, full_name: string, type: string) => ({
  client_id,
  full_name,
  type,
  agentId: 'agent-a',
  stage: 'new',
  currency: 'USD',
  preferred_areas: [],
  property_interests: [],
  tags: [],
  created_at: '2026-11-01T10:00:00.000Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** GET /api/clients answers a book of every type; POST /api/deals answers with `answer`. */
function stubApi(answer: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.url.includes('/api/clients'))
        return json({
          items: [
            client('c1', 'Sophie Laurent', 'buyer'),
            client('c2', 'Tom Tenant', 'tenant'),
            client('c3', 'Ivy Investor', 'investor'),
            client('c4', 'Sam Seller', 'seller'),
          ],
          agents: [],
        });
      if (request.url.includes('/api/deals') && request.method === 'POST') {
        posts.push(await request.json());
        return answer();
      }
      return json({ items: [] });
    }),
  );
  return posts;
}

const listing = {
  property_id: 'p1',
  title: 'Sea-view flat',
  status: 'for_sale',
  collaborator_commission: 2.5,
};

function renderDialog() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<CollaborateDialog listing={listing} open onOpenChange={() => {}} />} />
      <Route path="/deals/:dealId" element={<p>Deal page</p>} />
    </Routes>,
    { preloadedState: { auth: authState({ token: 'jwt', agentId: 'agent-a', isAuthenticated: true }) } },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Collaborate on this listing', () => {
  it('offers only the clients who buy for a listing for sale, and sends what is ticked', async () => {
    const posts = stubApi(() => json({ deal_id: 'deal-9', status: 'proposed' }, 201));
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Collaborate on this listing' });
    expect(within(dialog).getByText(/2.5%/)).toBeDefined();

    const picker = await within(dialog).findByRole('combobox', { name: 'Client' });
    await within(picker).findByRole('option', { name: 'Sophie Laurent' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a client', 'Ivy Investor', 'Sophie Laurent']);

    await user.click(within(dialog).getByRole('button', { name: 'Propose deal' }));
    expect(await within(dialog).findByText('Choose the client to propose')).toBeDefined();
    expect(posts).toHaveLength(0);

    await user.selectOptions(picker, 'c1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Budget' }));
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Keen buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Propose deal' }));

    expect(await screen.findByText('Deal page')).toBeDefined();
    expect(posts).toEqual([
      { property_id: 'p1', client_id: 'c1', shared_fields: ['budget'], message: 'Keen buyer' },
    ]);
  });

  it('shows the API’s refusal in the dialog', async () => {
    stubApi(() =>
      json({ error: 'You have already proposed Sophie Laurent for this listing', code: 'CONFLICT' }, 409),
    );
    const { user } = renderDialog();
    const picker = await screen.findByRole('combobox', { name: 'Client' });
    await within(picker).findByRole('option', { name: 'Sophie Laurent' });
    await user.selectOptions(picker, 'c1');
    await user.click(screen.getByRole('button', { name: 'Propose deal' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have already proposed Sophie Laurent for this listing',
    );
    expect(screen.queryByText('Deal page')).toBeNull();
  });
});
