import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '#aws/dynamodb';
import { Property, writeProperty } from '#functions/properties/entities';
import { cancellationCodes } from '#platform/data/entity';
import { callApi, createTestAgent, formBody, type TestAgent } from '../support/agents.ts';
import { api } from '../support/cloud-files.ts';

/**
 * The property writes' conflict path against the local DynamoDB, which cancels a transaction with
 * `TransactionConflict` while another one holds the same item, as DynamoDB does. Listings of one agent in
 * one city share their counters (the agent's, the city's, the bedroom count's), so writes made at once
 * conflict; `transactWrite` sends them again, and each must be applied exactly once.
 */

interface PageBody {
  items: Array<{ property_id: string }>;
  pagination: { totalItems: number };
}

const COUNT = 12;

async function totals(agent: TestAgent, city: string) {
  const search = (query: Record<string, string>) =>
    api<PageBody>(agent, `/api/properties/search?${new URLSearchParams({ city, limit: '50', ...query })}`);
  const [all, twoBedrooms, own] = await Promise.all([
    search({}),
    search({ bedrooms: '2' }),
    api<PageBody>(agent, `/api/properties?agent_id=${agent.agentId}&limit=50`),
  ]);
  return {
    city: all.body.pagination.totalItems,
    cityIds: new Set(all.body.items.map((item) => item.property_id)),
    twoBedrooms: twoBedrooms.body.pagination.totalItems,
    agent: own.body.pagination.totalItems,
    agentItems: own.body.items.length,
  };
}

describe('concurrent property writes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('adds listings at once through the API: every one created once, every counter exact', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const city = `Conflictville ${randomUUID().slice(0, 8)}`;
    const responses = await Promise.all(
      Array.from({ length: COUNT }, (_, n) =>
        callApi('/api/addProperty', {
          ...formBody({ title: `Flat ${n}`, price: String(200_000 + n), city, bedrooms_count: '2' }),
          token: agent.token,
        }),
      ),
    );
    const bodies = await Promise.all(
      responses.map(async (response) => ({ status: response.status, body: await response.json() })),
    );

    expect(bodies.filter(({ status }) => status !== 201)).toEqual([]);
    const ids = new Set(bodies.map(({ body }) => (body as { propertyId: string }).propertyId));
    expect(ids.size).toBe(COUNT);
    expect(await totals(agent, city)).toEqual({
      city: COUNT,
      cityIds: ids,
      twoBedrooms: COUNT,
      agent: COUNT,
      agentItems: COUNT,
    });
  });

  it('meets real TransactionConflicts in writeProperty and resolves them with no lost update', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const city = `Conflictville ${randomUUID().slice(0, 8)}`;
    const first = await callApi('/api/addProperty', {
      ...formBody({ title: 'Template', price: '199000', city, bedrooms_count: '2' }),
      token: agent.token,
    });
    expect(first.status).toBe(201);
    const template = (await Property.get({
      property_id: ((await first.json()) as { propertyId: string }).propertyId,
    }))!;

    const conflicts: string[][] = [];
    const send = documentClient.send.bind(documentClient) as (command: unknown) => Promise<unknown>;
    vi.spyOn(documentClient, 'send').mockImplementation((async (command: unknown) => {
      try {
        return await send(command);
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes?.includes('TransactionConflict')) conflicts.push(codes);
        throw error;
      }
    }) as typeof documentClient.send);

    // the product's own write path, in this process, so its conflicts can be counted
    const created = Array.from({ length: COUNT }, (_, n) => ({
      ...template,
      property_id: randomUUID(),
      title: `Flat ${n}`,
      price: 200_000 + n,
      created_at: new Date(Date.now() + n).toISOString(),
    }));
    await Promise.all(created.map((property) => writeProperty(undefined, property)));

    expect(conflicts.length).toBeGreaterThan(0);
    expect(await totals(agent, city)).toEqual({
      city: COUNT + 1,
      cityIds: new Set([template.property_id, ...created.map((property) => property.property_id)]),
      twoBedrooms: COUNT + 1,
      agent: COUNT + 1,
      agentItems: COUNT + 1,
    });
  });
});
