import { describe, expect, it } from 'vitest';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import type { DealView } from '#contracts/schemas/deals';
import { callApi, callAs, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';
import { drainEvents } from '../support/events.ts';

/**
 * Deals between two agents (issue 22) through the local API Gateway: a proposal on another agent's listing,
 * the listing agent's answer, the moves each side may make, the shared timeline, and the close both agents
 * confirm — after which each has one more verified deal and the DEAL_CLOSED points, once.
 */

async function listing(agent: TestAgent, fields: Record<string, string> = {}): Promise<string> {
  const response = await callApi('/api/addProperty', {
    ...formBody({ title: 'Sea view flat', price: '300000', city: 'Lisbon', ...fields }),
    token: agent.token,
  });
  const body = (await response.json()) as { propertyId: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.propertyId;
}

async function client(agent: TestAgent, fields: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await callAs<{ client_id: string }>(
    agent,
    '/api/clients',
    jsonBody('POST', {
      full_name: 'Sophie Laurent',
      type: 'buyer',
      email: 'sophie@example.com',
      phone: '+351 900 000 000',
      budget_min: 250_000,
      budget_max: 350_000,
      ...fields,
    }),
  );
  expect(status, JSON.stringify(body)).toBe(201);
  return body.client_id;
}

const propose = (agent: TestAgent, body: Record<string, unknown>) =>
  callAs<DealView>(agent, '/api/deals', jsonBody('POST', body));
const move = (agent: TestAgent, dealId: string, status: string) =>
  callAs<DealView>(agent, `/api/deals/${dealId}`, jsonBody('PUT', { status }));
const confirmClose = (agent: TestAgent, dealId: string) =>
  callAs<DealView>(agent, `/api/deals/${dealId}/confirm-close`, { method: 'POST' });
const reputation = async (agent: TestAgent) =>
  (await callAs<{ points: number; verifiedDeals: number }>(agent, `/api/agents/${agent.agentId}/reputation`))
    .body;

async function pair() {
  const [proposer, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
  const [propertyId, clientId] = await Promise.all([listing(listingAgent), client(proposer)]);
  return { proposer, listingAgent, propertyId, clientId };
}

describe('deals', () => {
  it('runs a deal from proposal to a close both agents confirm, each earning one verified deal', async () => {
    const { proposer, listingAgent, propertyId, clientId } = await pair();
    const created = await propose(proposer, {
      property_id: propertyId,
      client_id: clientId,
      message: 'My buyer loved the photos',
      shared_fields: ['budget'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dealId = created.body.deal_id;
    expect(created.body).toMatchObject({
      status: 'proposed',
      side: 'proposer',
      client_id: clientId,
      listing: { property_id: propertyId, title: 'Sea view flat', price: 300_000 },
      close_confirmed_by: [],
    });

    // the listing agent sees the name and what was shared, never the rest nor the client record's id
    const received = await callAs<DealView & { timeline: Array<{ kind: string; text?: string }> }>(
      listingAgent,
      `/api/deals/${dealId}`,
    );
    expect(received.status).toBe(200);
    expect(received.body.side).toBe('listing');
    expect(received.body.client).toEqual({
      full_name: 'Sophie Laurent',
      budget_min: 250_000,
      budget_max: 350_000,
      currency: 'USD',
    });
    expect(received.body).not.toHaveProperty('client_id');
    expect(JSON.stringify(received.body)).not.toContain('sophie@example.com');
    expect(received.body.timeline).toMatchObject([{ kind: 'proposed', text: 'My buyer loved the photos' }]);
    const notifications = await callAs<{ items: Array<{ kind?: string; link?: string }> }>(
      listingAgent,
      `/api/agents/${listingAgent.agentId}/reputation/notifications`,
    );
    expect(notifications.body.items).toContainEqual(
      expect.objectContaining({ kind: 'deal', link: `/deals/${dealId}` }),
    );

    // only the listing agent answers a proposal; a close needs an accepted deal
    expect((await move(proposer, dealId, 'accepted')).status).toBe(409);
    expect((await confirmClose(proposer, dealId)).status).toBe(409);
    expect((await move(listingAgent, dealId, 'accepted')).body.status).toBe('accepted');
    expect((await move(proposer, dealId, 'viewing')).body.status).toBe('viewing');
    const note = await callAs(
      listingAgent,
      `/api/deals/${dealId}/notes`,
      jsonBody('POST', { text: 'Keys at 10' }),
    );
    expect(note.status).toBe(201);
    expect((await move(listingAgent, dealId, 'offer')).body.status).toBe('offer');

    const before = await Promise.all([reputation(proposer), reputation(listingAgent)]);
    const first = await confirmClose(proposer, dealId);
    expect(first.body).toMatchObject({ status: 'offer', close_confirmed_by: ['proposer'] });
    // confirming again changes nothing
    expect((await confirmClose(proposer, dealId)).body.close_confirmed_by).toEqual(['proposer']);
    const second = await confirmClose(listingAgent, dealId);
    expect(second.body).toMatchObject({ status: 'closed', close_confirmed_by: ['proposer', 'listing'] });
    await drainEvents();

    const points = REPUTATION_ACTIVITIES.DEAL_CLOSED.points;
    const after = await Promise.all([reputation(proposer), reputation(listingAgent)]);
    for (const [index, agentAfter] of after.entries()) {
      expect(agentAfter.verifiedDeals).toBe(before[index]!.verifiedDeals + 1);
      expect(agentAfter.points).toBeGreaterThanOrEqual(before[index]!.points + points);
    }
    // a closed deal moves no more and takes no notes
    expect((await move(proposer, dealId, 'lost')).status).toBe(409);
    expect(
      (await callAs(proposer, `/api/deals/${dealId}/notes`, jsonBody('POST', { text: 'late' }))).status,
    ).toBe(409);

    const timeline = await callAs<{ timeline: Array<{ kind: string }> }>(proposer, `/api/deals/${dealId}`);
    expect(timeline.body.timeline.map((entry) => entry.kind)).toEqual([
      'proposed',
      'moved',
      'moved',
      'note',
      'moved',
      'close_confirmed',
      'close_confirmed',
      'closed',
    ]);
  });

  it('lists both sides’ deals, newest first, a page at a time', async () => {
    const { proposer, listingAgent, propertyId, clientId } = await pair();
    const second = await listing(listingAgent, { title: 'Garden house' });
    const first = await propose(proposer, { property_id: propertyId, client_id: clientId });
    const next = await propose(proposer, { property_id: second, client_id: clientId });
    expect([first.status, next.status]).toEqual([201, 201]);

    for (const agent of [proposer, listingAgent]) {
      const page = await callAs<{ items: DealView[]; cursor?: string }>(agent, '/api/deals?limit=1');
      expect(page.body.items.map((deal) => deal.deal_id)).toEqual([next.body.deal_id]);
      const rest = await callAs<{ items: DealView[] }>(
        agent,
        `/api/deals?limit=1&cursor=${encodeURIComponent(page.body.cursor!)}`,
      );
      expect(rest.body.items.map((deal) => deal.deal_id)).toEqual([first.body.deal_id]);
    }
  });

  it('refuses what no deal can be, writing nothing', async () => {
    const { proposer, listingAgent, propertyId, clientId } = await pair();
    const stranger = await createTestAgent();

    const own = await propose(listingAgent, {
      property_id: propertyId,
      client_id: await client(listingAgent),
    });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ error: "You can't propose a deal on your own listing" });

    // another agent's client is answered as one that does not exist
    expect((await propose(stranger, { property_id: propertyId, client_id: clientId })).status).toBe(404);

    const seller = await client(proposer, { full_name: 'Sam Seller', type: 'seller' });
    expect((await propose(proposer, { property_id: propertyId, client_id: seller })).body).toMatchObject({
      error: 'Only buyers, investors and tenants can be proposed for a listing',
    });
    const tenant = await client(proposer, { full_name: 'Tina Tenant', type: 'tenant' });
    expect((await propose(proposer, { property_id: propertyId, client_id: tenant })).status).toBe(400);

    const sold = await listing(listingAgent, { status: 'sold' });
    expect((await propose(proposer, { property_id: sold, client_id: clientId })).status).toBe(409);

    const created = await propose(proposer, { property_id: propertyId, client_id: clientId });
    expect(created.status).toBe(201);
    const again = await propose(proposer, { property_id: propertyId, client_id: clientId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'You have already proposed Sophie Laurent for this listing' });

    // the stranger sees nothing of the deal; once declined, the client may be proposed again
    expect((await callAs(stranger, `/api/deals/${created.body.deal_id}`)).status).toBe(404);
    expect((await move(stranger, created.body.deal_id, 'lost')).status).toBe(404);
    expect((await move(listingAgent, created.body.deal_id, 'declined')).body.status).toBe('declined');
    expect((await propose(proposer, { property_id: propertyId, client_id: clientId })).status).toBe(201);
    const lists = await callAs<{ items: DealView[] }>(stranger, '/api/deals');
    expect(lists.body.items).toEqual([]);
  });

  it('closes once when both agents confirm at the same moment', async () => {
    const { proposer, listingAgent, propertyId, clientId } = await pair();
    const { body } = await propose(proposer, { property_id: propertyId, client_id: clientId });
    await move(listingAgent, body.deal_id, 'accepted');
    const before = await Promise.all([reputation(proposer), reputation(listingAgent)]);
    const answers = await Promise.all([
      confirmClose(proposer, body.deal_id),
      confirmClose(listingAgent, body.deal_id),
      confirmClose(proposer, body.deal_id),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await drainEvents();
    const deal = await callAs<DealView & { timeline: Array<{ kind: string }> }>(
      proposer,
      `/api/deals/${body.deal_id}`,
    );
    expect(deal.body.status).toBe('closed');
    expect(deal.body.timeline.filter((entry) => entry.kind === 'closed')).toHaveLength(1);
    const after = await Promise.all([reputation(proposer), reputation(listingAgent)]);
    expect(after.map((agent, index) => agent.verifiedDeals - before[index]!.verifiedDeals)).toEqual([1, 1]);
  });
});
