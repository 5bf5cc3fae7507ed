import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { normaliseArea } from '#contracts/listing-match';
import { createTestAgent, type TestAgent } from '../support/agents.ts';
import { propertyItem } from '../support/property-item.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';

/**
 * The matcher's idempotency cases: a listing event delivered three times records one match and one
 * notification; a client event delivered three times leaves one index and one backfilled match. Clients and
 * listings are written through the entity layer (no event of their own arriving meanwhile): the deliveries
 * under test are the only announcements.
 */

const consumerCase = <Effect>(name: string, arrange: () => Promise<ConsumerProbe<Effect>>) =>
  ({ name, arrange }) as IdempotencyCase<ConsumerProbe>;

const uniqueCity = () => `Idempotown ${randomUUID().slice(0, 8)}`;

/** A buyer looking in `areas` (none: in its agent's market). */
async function buyerOf(agent: TestAgent, areas: string[]) {
  const { Client } = await import('#functions/clients/entities');
  return Client.create({
    client_id: randomUUID(),
    agentId: agent.agentId,
    full_name: `Idempotent Buyer ${randomUUID().slice(0, 6)}`,
    type: 'buyer',
    stage: 'new',
    currency: 'USD',
    budget_min: 250_000,
    budget_max: 350_000,
    preferred_areas: areas,
    property_interests: [],
    tags: [],
  });
}

async function listingIn(agent: TestAgent, city: string): Promise<string> {
  const { writeProperty } = await import('#functions/properties/entities');
  const property = propertyItem({ agent_id: agent.agentId, city });
  await writeProperty(undefined, property);
  return property.property_id;
}

async function matchEffect(clientId: string, agent: TestAgent) {
  const [{ MatchRecord, MatchCriteriaEntry, MatchCriteriaHead, ownerOf }, { Notification }] =
    await Promise.all([import('#functions/matches/entities'), import('#functions/notifications/entities')]);
  const owner = ownerOf('client', clientId);
  const head = await MatchCriteriaHead.get({ owner }, { consistent: true });
  const entries = await Promise.all(
    (head?.partitions ?? []).map((partition) =>
      MatchCriteriaEntry.get({ partition, owner }, { consistent: true }),
    ),
  );
  return {
    head,
    entries,
    records: (await MatchRecord.queryAll('primary', { owner }, { consistent: true })).map(
      ({ property_id, score }) => ({ property_id, score }),
    ),
    notifications: (await Notification.queryAll('primary', { agent_id: agent.agentId }, { consistent: true }))
      .filter((item) => item.kind === 'match')
      .map(({ message, match_count }) => ({ message, match_count })),
  };
}

/** Another agent's listing in the client's area, announced three times: one match, one notification. */
const listingMatched = consumerCase('a listing matching a client of another agent', async () => {
  const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
  const city = uniqueCity();
  const client = await buyerOf(buyerAgent, [city]);
  const { syncClient } = await import('#functions/matches/matches');
  await syncClient(client.client_id);
  const propertyId = await listingIn(listingAgent, city);
  return {
    detailType: 'AgentListingsChanged',
    detail: { agentId: listingAgent.agentId, propertyId },
    effect: () => matchEffect(client.client_id, buyerAgent),
    expectOnce: (once: Awaited<ReturnType<typeof matchEffect>>) => {
      expect(once.records).toEqual([{ property_id: propertyId, score: expect.any(Number) }]);
      expect(once.notifications).toEqual([
        { message: `A new listing matches ${client.full_name}`, match_count: 1 },
      ]);
    },
  };
});

/** A new client announced three times: one index (every partition once) and one backfilled match. */
const clientIndexed = consumerCase('a client added with a listing already on the market', async () => {
  const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
  const city = uniqueCity();
  const propertyId = await listingIn(listingAgent, city);
  const client = await buyerOf(buyerAgent, [city]);
  return {
    detailType: 'ClientChanged',
    detail: { clientId: client.client_id, agentId: buyerAgent.agentId },
    effect: () => matchEffect(client.client_id, buyerAgent),
    expectOnce: (once: Awaited<ReturnType<typeof matchEffect>>) => {
      expect(once.head).toMatchObject({ version: client.created_at });
      expect(once.head!.partitions.length).toBeGreaterThan(0);
      expect(once.entries.every((entry) => entry?.criteria_version === client.created_at)).toBe(true);
      expect(once.records).toEqual([{ property_id: propertyId, score: expect.any(Number) }]);
      // the agent is looking at the client it just saved: a backfill notifies no one
      expect(once.notifications).toEqual([]);
    },
  };
});

/**
 * An agent's move announced three times: its client naming no area indexed once in the new city (no entry
 * left in the old one) and the new city's listing recorded once, without a notification.
 */
const marketMoved = consumerCase('an agent moved to a city with a matching listing', async () => {
  const [buyerAgent, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
  const [before, after] = [uniqueCity(), uniqueCity()];
  const [{ Agent }, { syncClient }] = await Promise.all([
    import('#platform/accounts/entities'),
    import('#functions/matches/matches'),
  ]);
  await Agent.update({ agent_id: buyerAgent.agentId }, { set: { city: before } });
  const client = await buyerOf(buyerAgent, []);
  await syncClient(client.client_id);
  const propertyId = await listingIn(listingAgent, after);
  await Agent.update({ agent_id: buyerAgent.agentId }, { set: { city: after } });
  const inCity = (city: string) => `|${encodeURIComponent(normaliseArea(city))}|`;
  return {
    detailType: 'AgentMarketChanged',
    detail: { agentId: buyerAgent.agentId },
    effect: () => matchEffect(client.client_id, buyerAgent),
    expectOnce: (once: Awaited<ReturnType<typeof matchEffect>>) => {
      expect(once.head!.partitions.length).toBeGreaterThan(0);
      expect(once.head!.partitions.every((partition) => partition.includes(inCity(after)))).toBe(true);
      expect(once.entries.every((entry) => entry?.partition.includes(inCity(after)))).toBe(true);
      expect(once.records).toEqual([{ property_id: propertyId, score: expect.any(Number) }]);
      expect(once.notifications).toEqual([]);
    },
  };
});

export const matchConsumerCases = {
  'match-listing': [listingMatched],
  'index-match-criteria': [clientIndexed, marketMoved],
};
