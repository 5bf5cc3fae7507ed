import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '#aws/config';
import { documentClient } from '#aws/dynamodb';
import { AgentSearchToken } from '#platform/accounts/agent-search';
import { Agency, Agent } from '#platform/accounts/entities';
import { InvalidCursorError, isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';

/** The entity layer against dynalite: keys, derived attributes, index upkeep, conditions and paging. */

const newAgent = (overrides: Partial<Parameters<typeof Agent.create>[0]> = {}) =>
  Agent.create({
    agent_id: randomUUID(),
    email: `${randomUUID()}@entity.test`,
    full_name: 'Entity Tester',
    ...overrides,
  });

const rawItem = async (key: Record<string, unknown>) =>
  (await documentClient.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true })))
    .Item;

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the entity layer', () => {
  it('creates with defaults, returns no physical attributes, and refuses a second create', async () => {
    const agent = await newAgent({ city: 'Lisbon' });
    expect(agent).toMatchObject({ role: 'Superagent', subscription_status: 'active', reputation_points: 0 });
    expect(Object.keys(agent)).not.toContain('pk');
    expect(Object.keys(agent)).not.toContain('name_key');
    expect(await Agent.get({ agent_id: agent.agent_id })).toEqual(agent);

    const raw = await rawItem(Agent.key({ agent_id: agent.agent_id }));
    expect(raw).toMatchObject({
      pk: `AGENT#${agent.agent_id}`,
      sk: 'PROFILE',
      _type: 'agent',
      gsi1pk: 'AGENTS',
      gsi1sk: `NAME#entity tester#${agent.agent_id}`,
      name_key: 'entity tester',
      city_key: 'lisbon',
    });
    expect(raw).not.toHaveProperty('gsi2pk');

    const again = await failureOf(Agent.create({ ...agent, full_name: 'Someone Else' }));
    expect(isConditionFailure(again)).toBe(true);
    expect((await Agent.get({ agent_id: agent.agent_id }))?.full_name).toBe('Entity Tester');
  });

  it('rewrites derived attributes and index keys on update, and leaves an index when its key goes', async () => {
    const agent = await newAgent();
    const agencyId = randomUUID();
    const updated = await Agent.update(
      { agent_id: agent.agent_id },
      { set: { full_name: 'Zelda Moved', agency_id: agencyId, city: 'Porto' } },
    );
    expect(updated).toMatchObject({ full_name: 'Zelda Moved', agency_id: agencyId, city: 'Porto' });
    expect(await rawItem(Agent.key({ agent_id: agent.agent_id }))).toMatchObject({
      gsi1sk: `NAME#zelda moved#${agent.agent_id}`,
      gsi2pk: `AGENCY#${agencyId}`,
      gsi2sk: `MEMBER#${agent.agent_id}`,
      city_key: 'porto',
    });
    expect((await Agent.query('byAgency', { agency_id: agencyId })).items.map((a) => a.agent_id)).toEqual([
      agent.agent_id,
    ]);

    await Agent.update({ agent_id: agent.agent_id }, { remove: ['agency_id', 'city'] });
    const raw = await rawItem(Agent.key({ agent_id: agent.agent_id }));
    expect(raw).not.toHaveProperty('gsi2pk');
    expect(raw).not.toHaveProperty('city_key');
    expect((await Agent.query('byAgency', { agency_id: agencyId })).items).toEqual([]);
  });

  it('keeps an agent’s search tokens in step with its name and city, and deletes them with it', async () => {
    const tokensOf = async (agentId: string) =>
      (await AgentSearchToken.query('primary', { agent_id: agentId })).items
        .map(({ kind, word, previous }) => `${kind}:${word}<${previous ?? ''}`)
        .sort();
    const agent = await newAgent({ full_name: 'Ana Ana Beatriz', city: 'Vila Real' });
    expect(await tokensOf(agent.agent_id)).toEqual(
      ['name:ana<', 'name:beatriz<ana', 'city:vila<real', 'city:real<'].sort(),
    );

    // a change that leaves the city reads it, so the name's tokens still carry it
    await Agent.update({ agent_id: agent.agent_id }, { set: { full_name: 'Rui' } });
    expect(await tokensOf(agent.agent_id)).toEqual(['city:real<', 'city:vila<real', 'name:rui<']);
    const [token] = (await AgentSearchToken.query('primary', { agent_id: agent.agent_id })).items.filter(
      (item) => item.kind === 'name',
    );
    expect(token).toMatchObject({ name_words: ' rui', city_words: ' vila real' });

    await Agent.update({ agent_id: agent.agent_id }, { remove: ['city'], set: { bio: 'moved' } });
    expect(await tokensOf(agent.agent_id)).toEqual(['name:rui<']);

    const refused = await failureOf(
      Agent.update(
        { agent_id: agent.agent_id },
        { set: { full_name: 'Never' } },
        { if: eq('role', 'Agency') },
      ),
    );
    expect(isConditionFailure(refused)).toBe(true);
    expect(await tokensOf(agent.agent_id)).toEqual(['name:rui<']);

    expect(await Agent.delete({ agent_id: agent.agent_id })).toMatchObject({ full_name: 'Rui' });
    expect(await tokensOf(agent.agent_id)).toEqual([]);
  });

  it('updates only existing items unless told to upsert, and honours conditions', async () => {
    const missing = await failureOf(Agent.update({ agent_id: randomUUID() }, { set: { bio: 'ghost' } }));
    expect(isConditionFailure(missing)).toBe(true);

    const agency = await Agency.create({ id: randomUUID(), name: 'Cond Homes', admin_agent_id: 'admin-1' });
    const refused = await failureOf(
      Agency.update(
        { id: agency.id },
        { set: { name: 'Hijacked' } },
        { if: eq('admin_agent_id', 'someone') },
      ),
    );
    expect(isConditionFailure(refused)).toBe(true);
    expect((await Agency.get({ id: agency.id }))?.name).toBe('Cond Homes');

    const before = await Agency.update(
      { id: agency.id },
      { set: { name: 'Renamed' }, add: { agentCount: 2 } },
      { if: eq('admin_agent_id', 'admin-1'), returnValues: 'old' },
    );
    expect(before).toMatchObject({ name: 'Cond Homes', agentCount: 0 });
    expect(await Agency.get({ id: agency.id })).toMatchObject({ name: 'Renamed', agentCount: 2 });
  });

  it('pages a filtered prefix query without skipping or repeating items', async () => {
    const marker = `pg${randomUUID().slice(0, 8)}`;
    const created = await Promise.all(
      Array.from({ length: 13 }, (_, index) =>
        newAgent({
          full_name: `${marker} ${String(index).padStart(2, '0')}`,
          city: index % 3 ? 'Faro' : 'Braga',
        }),
      ),
    );
    const braga = created.filter((agent) => agent.city === 'Braga').map((agent) => agent.agent_id);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await Agent.query(
        'directory',
        {},
        {
          begins: { name_key: marker },
          filter: eq('city_key', 'braga'),
          limit: 2,
          cursor,
        },
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((agent) => agent.agent_id));
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen.sort()).toEqual([...braga].sort());
  });

  it('gives no cursor to a page that ends exactly where the data ends', async () => {
    const marker = `ex${randomUUID().slice(0, 8)}`;
    await Promise.all(
      Array.from({ length: 4 }, (_, index) => newAgent({ full_name: `${marker} ${index}`, city: 'Faro' })),
    );
    const first = await Agent.query('directory', {}, { begins: { name_key: marker }, limit: 2 });
    const second = await Agent.query(
      'directory',
      {},
      { begins: { name_key: marker }, limit: 2, cursor: first.cursor },
    );
    const whole = await Agent.query('directory', {}, { begins: { name_key: marker }, limit: 4 });

    expect(first.items).toHaveLength(2);
    expect(first.cursor).toBeDefined();
    expect(second.items).toHaveLength(2);
    expect(second.cursor).toBeUndefined();
    expect(whole.items).toHaveLength(4);
    expect(whole.cursor).toBeUndefined();
    expect(new Set([...first.items, ...second.items].map((agent) => agent.agent_id)).size).toBe(4);
  });

  it('refuses cursors it never returned', async () => {
    const forged = [
      'not-base64-json',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from(JSON.stringify({ pk: 'AGENT#x', sk: 'PROFILE' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({ pk: 'AGENT#x', sk: 'PROFILE', gsi1pk: 'OTHER', gsi1sk: 'NAME#a' }),
      ).toString('base64url'),
    ];
    for (const cursor of forged) {
      expect(await failureOf(Agent.query('directory', {}, { cursor }))).toBeInstanceOf(InvalidCursorError);
    }
  });
});
