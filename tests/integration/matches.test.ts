import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '#contracts/listing-match';
import type { MatchListView, SavedSearchView } from '#contracts/schemas/matches';
import {
  callApi,
  callAs,
  createTestAgency,
  createTestAgent,
  formBody,
  jsonBody,
  type TestAgent,
} from '../support/agents.ts';
import { drainEvents } from '../support/events.ts';

/**
 * Matching (issue 22) through the local API Gateway and the local bus: a listing another agent adds is
 * matched against the clients and saved searches that can match it, recorded and notified once; a client
 * added after the listing finds it too; a listing that no longer fits drops out of the matches.
 */

/** A city no other test lists in, so only this test's listings and clients meet there. */
const uniqueCity = () => `Matchville ${randomUUID().slice(0, 8)}`;

async function listing(agent: TestAgent, fields: Record<string, string>): Promise<string> {
  const response = await callApi('/api/addProperty', {
    ...formBody({ title: 'Sea view flat', price: '300000', status: 'for_sale', ...fields }),
    token: agent.token,
  });
  const body = (await response.json()) as { propertyId: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.propertyId;
}

async function client(agent: TestAgent, fields: Record<string, unknown>): Promise<string> {
  const { status, body } = await callAs<{ client_id: string }>(
    agent,
    '/api/clients',
    jsonBody('POST', {
      full_name: 'Sophie Laurent',
      type: 'buyer',
      budget_min: 250_000,
      budget_max: 350_000,
      tags: ['sea view', 'garden'],
      ...fields,
    }),
  );
  expect(status, JSON.stringify(body)).toBe(201);
  return body.client_id;
}

const matchesOf = (agent: TestAgent, clientId: string) =>
  callAs<MatchListView>(agent, `/api/clients/${clientId}/matches`);

async function updateListing(agent: TestAgent, propertyId: string, fields: Record<string, string>) {
  const response = await callApi(`/api/properties/updateProperty/${propertyId}`, {
    ...formBody(fields),
    method: 'PUT',
    token: agent.token,
  });
  expect(response.status, await response.text()).toBe(200);
}

const matchNotifications = async (agent: TestAgent) =>
  (
    await callAs<{
      items: Array<{ id: string; kind?: string; message: string; link?: string; read: boolean }>;
    }>(agent, `/api/agents/${agent.agentId}/reputation/notifications`)
  ).body.items.filter((item) => item.kind === 'match');

describe('matching clients to listings', () => {
  it("matches a client who names no area with listings in its agent's city only", async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const [market, elsewhere] = [uniqueCity(), uniqueCity()];
    const profile = await callAs(
      buyerAgent,
      `/api/agents/${buyerAgent.agentId}`,
      jsonBody('PATCH', { city: market }),
    );
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const clientId = await client(buyerAgent, { preferred_areas: [] });
    await drainEvents();

    const inMarket = await listing(listingAgent, { city: market });
    await listing(listingAgent, { city: elsewhere });
    await drainEvents();
    const matches = await matchesOf(buyerAgent, clientId);
    expect(matches.body.items.map((match) => match.listing.property_id)).toEqual([inMarket]);
  });

  it("moves a no-area client and saved search to the agent's new city when the agent moves", async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const [before, after] = [uniqueCity(), uniqueCity()];
    const moveTo = async (city: string) => {
      const profile = await callAs(
        buyerAgent,
        `/api/agents/${buyerAgent.agentId}`,
        jsonBody('PATCH', { city }),
      );
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    };
    await moveTo(before);
    const anywhere = await client(buyerAgent, { preferred_areas: [] });
    const named = await client(buyerAgent, { preferred_areas: [before] });
    const search = await callAs<SavedSearchView>(
      buyerAgent,
      '/api/saved-searches',
      jsonBody('POST', { name: 'Flats in my market', status: 'for_sale', max_price: 400_000 }),
    );
    expect(search.status, JSON.stringify(search.body)).toBe(201);
    const searchMatches = async () =>
      (
        await callAs<MatchListView>(buyerAgent, `/api/saved-searches/${search.body.saved_search_id}/matches`)
      ).body.items.map((item) => item.listing.property_id);
    const clientMatches = async (clientId: string) =>
      (await matchesOf(buyerAgent, clientId)).body.items.map((match) => match.listing.property_id);
    await drainEvents();

    const oldMarket = await listing(listingAgent, { city: before });
    const waiting = await listing(listingAgent, { city: after });
    await drainEvents();
    expect(await clientMatches(anywhere)).toEqual([oldMarket]);
    expect(await searchMatches()).toEqual([oldMarket]);

    await moveTo(after);
    await drainEvents();
    // the new market's listing already on the market is found; the old market's leaves the list, which
    // shows what matches the criteria as they are now
    expect(await clientMatches(anywhere)).toEqual([waiting]);
    expect(await searchMatches()).toEqual([waiting]);
    // a client naming its area keeps it
    expect(await clientMatches(named)).toEqual([oldMarket]);

    const newInOld = await listing(listingAgent, { city: before });
    const newInNew = await listing(listingAgent, { city: after });
    await drainEvents();
    const anywhereNow = await clientMatches(anywhere);
    expect(anywhereNow).toContain(newInNew);
    expect(anywhereNow).not.toContain(newInOld);
    expect(await searchMatches()).toContain(newInNew);
    expect(await searchMatches()).not.toContain(newInOld);
    expect(await clientMatches(named)).toContain(newInOld);
  });

  it("records another agent's matching listing under the client and notifies its agent, once per day and client", async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const city = uniqueCity();
    const clientId = await client(buyerAgent, { preferred_areas: [city] });
    await drainEvents();

    const first = await listing(listingAgent, { city, bedrooms_count: '2' });
    await drainEvents();
    const matches = await matchesOf(buyerAgent, clientId);
    expect(matches.status, JSON.stringify(matches.body)).toBe(200);
    expect(matches.body.items).toHaveLength(1);
    const [match] = matches.body.items;
    expect(match!.listing).toMatchObject({
      property_id: first,
      city,
      price: 300_000,
      status: 'for_sale',
      listing_agent: { agent_id: listingAgent.agentId },
    });
    expect(match!.interests_found).toEqual(['sea view']);
    expect(match!.score).toBeGreaterThanOrEqual(50);
    expect(match!.deal_id).toBeUndefined();
    expect(await matchNotifications(buyerAgent)).toEqual([
      expect.objectContaining({ message: 'A new listing matches Sophie Laurent' }),
    ]);

    await listing(listingAgent, { city, price: '320000' });
    await drainEvents();
    expect((await matchesOf(buyerAgent, clientId)).body.items).toHaveLength(2);
    // the day's notification for the client counts both; the listing agent is told nothing
    expect(await matchNotifications(buyerAgent)).toEqual([
      expect.objectContaining({ message: '2 new listings match Sophie Laurent' }),
    ]);
    expect(await matchNotifications(listingAgent)).toEqual([]);

    // read, the day's notification counts afresh: the agent has seen the first two
    const [seen] = await matchNotifications(buyerAgent);
    const read = await callApi(`/api/notifications/${encodeURIComponent(seen!.id)}/read`, {
      method: 'PUT',
      token: buyerAgent.token,
    });
    expect(read.status).toBe(200);
    await listing(listingAgent, { city, price: '280000' });
    await drainEvents();
    expect(await matchNotifications(buyerAgent)).toEqual([
      expect.objectContaining({ id: seen!.id, message: 'A new listing matches Sophie Laurent', read: false }),
    ]);
    await listing(listingAgent, { city, price: '290000' });
    await drainEvents();
    expect(await matchNotifications(buyerAgent)).toEqual([
      expect.objectContaining({ message: '2 new listings match Sophie Laurent', read: false }),
    ]);
  });

  it('matches a client added after the listing with what is already on the market', async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const city = uniqueCity();
    const propertyId = await listing(listingAgent, { city });
    await drainEvents();

    const clientId = await client(buyerAgent, { preferred_areas: [city] });
    await drainEvents();
    const { body } = await matchesOf(buyerAgent, clientId);
    expect(body.items.map((item) => item.listing.property_id)).toEqual([propertyId]);
  });

  it('leaves out listings out of budget, sold since, or the agent’s own, and sorts the best first', async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const city = uniqueCity();
    const clientId = await client(buyerAgent, { preferred_areas: [city] });
    await drainEvents();
    const [middle, edge, tooDear, own] = await Promise.all([
      listing(listingAgent, { city, price: '300000' }),
      listing(listingAgent, { city, price: '345000', title: 'Flat' }),
      listing(listingAgent, { city, price: '900000' }),
      listing(buyerAgent, { city }),
    ]);
    await drainEvents();
    const before = (await matchesOf(buyerAgent, clientId)).body.items.map((item) => item.listing.property_id);
    expect(before).toEqual([middle, edge]);
    expect(before).not.toContain(tooDear);
    expect(before).not.toContain(own);

    await updateListing(listingAgent, middle, { status: 'sold' });
    await drainEvents();
    expect(
      (await matchesOf(buyerAgent, clientId)).body.items.map((item) => item.listing.property_id),
    ).toEqual([edge]);

    // the client's own budget moves: the matches follow it
    const narrowed = await callAs(
      buyerAgent,
      `/api/clients/${clientId}`,
      jsonBody('PUT', { budget_max: 320_000 }),
    );
    expect(narrowed.status).toBe(200);
    expect((await matchesOf(buyerAgent, clientId)).body.items).toEqual([]);
  });

  it('matches a listing repriced into the budget, and pages the matches with a cursor', async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const city = uniqueCity();
    const clientId = await client(buyerAgent, { preferred_areas: [city] });
    await drainEvents();
    const dear = await listing(listingAgent, { city, price: '500000' });
    await listing(listingAgent, { city, price: '300000' });
    await drainEvents();
    expect((await matchesOf(buyerAgent, clientId)).body.items).toHaveLength(1);

    await updateListing(listingAgent, dear, { price: '310000' });
    await drainEvents();
    const first = await callAs<MatchListView>(buyerAgent, `/api/clients/${clientId}/matches?limit=1`);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.cursor).toBeDefined();
    const second = await callAs<MatchListView>(
      buyerAgent,
      `/api/clients/${clientId}/matches?limit=1&cursor=${first.body.cursor}`,
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.cursor).toBeUndefined();
    expect(
      new Set([...first.body.items, ...second.body.items].map((item) => item.listing.property_id)).size,
    ).toBe(2);
  });

  it('names the open deal of the client for a matched listing', async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const city = uniqueCity();
    const clientId = await client(buyerAgent, { preferred_areas: [city] });
    await drainEvents();
    const propertyId = await listing(listingAgent, { city });
    await drainEvents();
    const deal = await callAs<{ deal_id: string }>(
      buyerAgent,
      '/api/deals',
      jsonBody('POST', { property_id: propertyId, client_id: clientId }),
    );
    expect(deal.status).toBe(201);
    const [match] = (await matchesOf(buyerAgent, clientId)).body.items;
    expect(match!.deal_id).toBe(deal.body.deal_id);
  });

  it("shows an agency book client's matches to its agency's admin, and to no other agency", async () => {
    const [agency, otherAgency, listingAgent] = await Promise.all([
      createTestAgency({ members: 1 }),
      createTestAgency(),
      createTestAgent(),
    ]);
    const member = agency.members[0]!;
    const city = uniqueCity();
    const clientId = await client(member, { preferred_areas: [city] });
    await drainEvents();
    const propertyId = await listing(listingAgent, { city });
    await drainEvents();
    const seen = await matchesOf(agency.admin, clientId);
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((item) => item.listing.property_id)).toEqual([propertyId]);
    expect((await matchesOf(otherAgency.admin, clientId)).status).toBe(404);
  });

  it('does not match sellers, nor clients who named neither an area nor a budget', async () => {
    const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const city = uniqueCity();
    const seller = await client(buyerAgent, { type: 'seller', preferred_areas: [city] });
    const vague = await client(buyerAgent, { budget_min: null, budget_max: null });
    await drainEvents();
    await listing(listingAgent, { city });
    await drainEvents();
    expect((await matchesOf(buyerAgent, seller)).body.items).toEqual([]);
    expect((await matchesOf(buyerAgent, vague)).body.items).toEqual([]);
  });
});

describe('saved searches', () => {
  const create = (agent: TestAgent, body: Record<string, unknown>) =>
    callAs<SavedSearchView>(agent, '/api/saved-searches', jsonBody('POST', body));

  it('saves, lists, matches and deletes a search', async () => {
    const [agent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
    const city = uniqueCity();
    const before = await listing(listingAgent, {
      city,
      bedrooms_count: '3',
      status: 'for_rent',
      price: '2000',
    });
    const created = await create(agent, {
      name: 'Rentals in town',
      status: 'for_rent',
      max_price: 2500,
      areas: [city],
      bedrooms_min: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Rentals in town', currency: 'USD', areas: [city] });
    const id = created.body.saved_search_id;

    const after = await listing(listingAgent, {
      city,
      bedrooms_count: '2',
      status: 'for_rent',
      price: '1800',
    });
    await listing(listingAgent, { city, bedrooms_count: '1', status: 'for_rent', price: '1500' });
    await drainEvents();
    const matches = await callAs<MatchListView>(agent, `/api/saved-searches/${id}/matches`);
    expect(matches.body.items.map((item) => item.listing.property_id).sort()).toEqual([before, after].sort());
    expect(await matchNotifications(agent)).toEqual([
      expect.objectContaining({ message: 'A new listing matches Rentals in town' }),
    ]);

    const listed = await callAs<{ items: SavedSearchView[] }>(agent, '/api/saved-searches');
    expect(listed.body.items.map((item) => item.saved_search_id)).toEqual([id]);
    expect((await callAs(agent, `/api/saved-searches/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await callAs(agent, `/api/saved-searches/${id}/matches`)).status).toBe(404);
    expect((await callAs(agent, `/api/saved-searches/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await callAs<{ items: unknown[] }>(agent, '/api/saved-searches')).body.items).toEqual([]);
  });

  it(`refuses a search beyond ${MAX_SAVED_SEARCHES} (409), and takes one again after a delete`, async () => {
    const agent = await createTestAgent();
    const ids: string[] = [];
    for (let index = 0; index < MAX_SAVED_SEARCHES; index += 1) {
      const { status, body } = await create(agent, {
        name: `Search ${index}`,
        status: 'for_sale',
        areas: [uniqueCity()],
      });
      expect(status).toBe(201);
      ids.push(body.saved_search_id);
    }
    const refused = await create(agent, { name: 'One too many', status: 'for_sale' });
    expect(refused.status).toBe(409);
    expect((await callAs<{ items: unknown[] }>(agent, '/api/saved-searches')).body.items).toHaveLength(
      MAX_SAVED_SEARCHES,
    );
    expect((await callAs(agent, `/api/saved-searches/${ids[0]}`, { method: 'DELETE' })).status).toBe(200);
    expect((await create(agent, { name: 'Room again', status: 'for_sale' })).status).toBe(201);
  });
});

describe('the criteria index', () => {
  const indexOf = async (owner: string) => {
    const { MatchCriteriaEntry, MatchCriteriaHead } = await import('#functions/matches/entities');
    const head = await MatchCriteriaHead.get({ owner }, { consistent: true });
    const entries = await Promise.all(
      (head?.partitions ?? []).map((partition) =>
        MatchCriteriaEntry.get({ partition, owner }, { consistent: true }),
      ),
    );
    return { head, entries };
  };

  it('keeps the newer criteria when an older sync arrives late', async () => {
    const { syncCriteria, criteriaPartitions } = await import('#functions/matches/criteria');
    const { MatchCriteriaEntry } = await import('#functions/matches/entities');
    const owner = `client:${randomUUID()}`;
    const criteriaIn = (area: string) => ({
      status: 'for_sale' as const,
      minUsd: 200_000,
      maxUsd: 260_000,
      areas: [area],
      interests: [],
    });
    const [older, newer] = [criteriaIn(uniqueCity().toLowerCase()), criteriaIn(uniqueCity().toLowerCase())];
    const base = { owner, agent_id: randomUUID(), label: 'Late Buyer' };
    expect(await syncCriteria({ ...base, criteria: newer, version: '2026-11-02T00:00:00.000Z' })).toBe(true);
    expect(await syncCriteria({ ...base, criteria: older, version: '2026-11-01T00:00:00.000Z' })).toBe(false);

    const { head, entries } = await indexOf(owner);
    expect(head).toMatchObject({
      version: '2026-11-02T00:00:00.000Z',
      partitions: criteriaPartitions(newer),
    });
    expect(entries.map((entry) => entry?.criteria)).toEqual(criteriaPartitions(newer).map(() => newer));
    // nothing of the older criteria was written
    for (const partition of criteriaPartitions(older)) {
      expect(await MatchCriteriaEntry.get({ partition, owner }, { consistent: true })).toBeUndefined();
    }
  });

  it('moves a client’s entries when its areas change, and removes them when it is deleted', async () => {
    const agent = await createTestAgent();
    const [from, to] = [uniqueCity(), uniqueCity()];
    const clientId = await client(agent, { preferred_areas: [from] });
    await drainEvents();
    const owner = `client:${clientId}`;
    const { MatchCriteriaEntry } = await import('#functions/matches/entities');
    const first = await indexOf(owner);
    expect(
      first.head!.partitions.every((partition) => partition.includes(encodeURIComponent(from.toLowerCase()))),
    ).toBe(true);

    expect(
      (await callAs(agent, `/api/clients/${clientId}`, jsonBody('PUT', { preferred_areas: [to] }))).status,
    ).toBe(200);
    await drainEvents();
    const moved = await indexOf(owner);
    expect(
      moved.head!.partitions.every((partition) => partition.includes(encodeURIComponent(to.toLowerCase()))),
    ).toBe(true);
    expect(moved.entries.every((entry) => entry?.criteria.areas[0] === to.toLowerCase())).toBe(true);
    for (const partition of first.head!.partitions) {
      expect(await MatchCriteriaEntry.get({ partition, owner }, { consistent: true })).toBeUndefined();
    }

    expect((await callAs(agent, `/api/clients/${clientId}`, { method: 'DELETE' })).status).toBe(200);
    await drainEvents();
    const gone = await indexOf(owner);
    expect(gone.head).toMatchObject({ partitions: [] });
    for (const partition of moved.head!.partitions) {
      expect(await MatchCriteriaEntry.get({ partition, owner }, { consistent: true })).toBeUndefined();
    }
  });
});
