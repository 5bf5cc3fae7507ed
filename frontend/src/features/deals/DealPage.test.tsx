// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DealSide, DealStage } from '#contracts/deals';
import { authState, renderWithProviders } from '../../test/renderWithProviders.tsx';
import type { DealDetail } from './api.ts';
import { DealPage } from './DealPage.tsx';

const proposer = { agent_id: 'agent-a', full_name: 'Alma Proposer' };
const listingAgent = { agent_id: 'agent-b', full_name: 'Bruno Lister' };

function dealAt(status: DealStage, side: DealSide, extra: Partial<DealDetail> = {}): DealDetail {
  return {
    deal_id: 'deal-1',
    status,
    side,
    proposer,
    listing_agent: listingAgent,
    listing: {
      property_id: 'p1',
      title: 'Sea-view flat',
      city: 'Lisbon',
      price: 450_000,
      currency: 'USD',
      collaborator_commission: 2.5,
    },
    client: { full_name: 'Sophie Laurent', budget_min: 400_000, budget_max: 500_000, currency: 'USD' },
    shared_fields: ['budget'],
    close_confirmed_by: [],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    timeline: [
      {
        entry_id: 'e1',
        kind: 'proposed',
        at: '2026-11-01T10:00:00.000Z',
        actor: proposer,
        text: 'She loves the sea',
      },
    ],
    ...extra,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the page sees it: GET answers `deal`, PUT and confirm-close answer with `answer`. */
function stubApi(deal: DealDetail | null, answer?: (request: Request) => Promise<Response>) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const body = request.method === 'GET' ? undefined : await request.clone().text();
      calls.push({ method: request.method, url: request.url, body: body ? JSON.parse(body) : undefined });
      if (request.url.includes('/api/deals/') && request.method === 'GET')
        return deal ? json(deal) : json({ error: 'Deal not found', code: 'NOT_FOUND' }, 404);
      if (request.url.includes('/api/deals/') && answer) return answer(request);
      return json({ items: [] });
    }),
  );
  return calls;
}

const renderDeal = (side: DealSide) =>
  renderWithProviders(
    <Routes>
      <Route path="/deals/:dealId" element={<DealPage />} />
    </Routes>,
    {
      route: '/deals/deal-1',
      preloadedState: {
        auth: authState({
          token: 'jwt',
          agentId: side === 'proposer' ? 'agent-a' : 'agent-b',
          isAuthenticated: true,
        }),
      },
    },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the deal page', () => {
  it('offers the listing agent Accept and Decline on a proposal, and the proposer only Withdraw', async () => {
    stubApi(dealAt('proposed', 'listing'));
    renderDeal('listing');
    await screen.findByRole('heading', { level: 1, name: 'Sea-view flat' });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm close' })).toBeNull();
    expect(screen.getByText('Alma Proposer proposed Sophie Laurent')).toBeDefined();
    expect(screen.getByText('She loves the sea')).toBeDefined();

    cleanup();
    vi.unstubAllGlobals();
    stubApi(dealAt('proposed', 'proposer'));
    renderDeal('proposer');
    await screen.findByRole('button', { name: 'Withdraw' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText('Waiting for Bruno Lister to accept or decline the proposal.')).toBeDefined();
  });

  it('sends an accepted move and shows a refused one (409) in the page', async () => {
    const calls = stubApi(dealAt('proposed', 'listing'), async () =>
      json({ error: 'This deal was already declined', code: 'CONFLICT' }, 409),
    );
    const { user } = renderDeal('listing');
    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    expect((await screen.findByRole('alert')).textContent).toContain('This deal was already declined');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: expect.stringContaining('/api/deals/deal-1'),
      body: { status: 'accepted' },
    });
  });

  it('asks before marking a deal as lost, and sends nothing when kept', async () => {
    const calls = stubApi(dealAt('viewing', 'proposer'));
    const { user } = renderDeal('proposer');
    await user.click(await screen.findByRole('button', { name: 'Mark as lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as lost?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the deal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says whose close confirmation is awaited', async () => {
    stubApi(dealAt('viewing', 'proposer', { close_confirmed_by: ['proposer'] }));
    renderDeal('proposer');
    expect(await screen.findByText(/Waiting for Bruno Lister to confirm/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Confirm close' })).toBeNull();

    cleanup();
    vi.unstubAllGlobals();
    stubApi(dealAt('viewing', 'listing', { close_confirmed_by: ['proposer'] }));
    renderDeal('listing');
    expect(await screen.findByText(/Alma Proposer confirmed — confirm to close/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Confirm close' })).toBeDefined();
  });

  it('shows a lost deal ended at the stage it reached, with no moves and no note box', async () => {
    stubApi(
      dealAt('lost', 'listing', {
        timeline: [
          { entry_id: 'e1', kind: 'proposed', at: '2026-11-01T10:00:00.000Z', actor: proposer },
          {
            entry_id: 'e2',
            kind: 'moved',
            at: '2026-11-02T10:00:00.000Z',
            actor: listingAgent,
            from: 'proposed',
            to: 'accepted',
          },
          {
            entry_id: 'e3',
            kind: 'moved',
            at: '2026-11-03T10:00:00.000Z',
            actor: proposer,
            from: 'accepted',
            to: 'lost',
          },
        ],
      }),
    );
    renderDeal('listing');
    const stages = await screen.findByRole('list', { name: 'Deal stages' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Proposed (done)', 'Accepted (done)', 'Lost (current)']);
    expect(screen.getByText('Alma Proposer marked the deal as lost')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Mark as lost' })).toBeNull();
    expect((screen.getByLabelText('Add a note') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('answers a deal it may not open with "This deal can\'t be opened" and a way back', async () => {
    stubApi(null);
    renderDeal('listing');
    expect(await screen.findByRole('heading', { name: "This deal can't be opened" })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to deals' }).getAttribute('href')).toBe('/deals');
  });
});
