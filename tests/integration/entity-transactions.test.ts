import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AgentSearchToken } from '#platform/accounts/agent-search';
import { Agent } from '#platform/accounts/entities';
import { cancellationCodes, defineEntity, transactWrite } from '#platform/data/entity';
import { and, eq, exists, notExists } from '#platform/data/expression';

/** The entity layer's transactions (TransactWriteItems), against the local DynamoDB. */

interface EntryItem {
  owner: string;
  seq: string;
  label: string;
}

const Entry = defineEntity<EntryItem, 'owner' | 'seq'>()({
  type: 'transactionTestEntry',
  key: {
    pk: { prefix: 'TXTEST', attributes: ['owner'] },
    sk: { prefix: 'ENTRY', attributes: ['seq'] },
  },
});

const newAgent = () =>
  Agent.create({
    agent_id: randomUUID(),
    email: `${randomUUID()}@entity.test`,
    full_name: 'Transaction Tester',
  });

describe('entity transactions', () => {
  it('writes every action, or none when one condition fails, and says which one failed', async () => {
    const agent = await newAgent();
    const owner = randomUUID();
    const award = () => [
      Entry.transact.create({ owner, seq: '0001', label: 'first' }),
      Agent.transact.update({ agent_id: agent.agent_id }, { add: { reputation_points: 10, connections: 1 } }),
    ];

    await transactWrite(award());
    const repeated = await transactWrite(award()).catch((error: unknown) => error);

    expect(cancellationCodes(repeated)).toEqual(['ConditionalCheckFailed', 'None']);
    expect(await Agent.get({ agent_id: agent.agent_id })).toMatchObject({
      reputation_points: 10,
      connections: 1,
    });
    expect(cancellationCodes(new Error('other'))).toBeUndefined();
  });

  it('checks a condition on another item without writing it', async () => {
    const agent = await newAgent();
    const owner = randomUUID();

    const refused = await transactWrite([
      Agent.transact.check({ agent_id: agent.agent_id }, eq('role', 'Agency')),
      Entry.transact.create({ owner, seq: '0001', label: 'never' }),
    ]).catch((error: unknown) => error);

    expect(cancellationCodes(refused)).toEqual(['ConditionalCheckFailed', 'None']);
    expect(await Entry.get({ owner, seq: '0001' })).toBeUndefined();
    expect(await Agent.get({ agent_id: agent.agent_id })).toEqual(agent);
  });

  it('rewrites index keys and derived attributes in a transaction as a single update does', async () => {
    const agent = await newAgent();
    const agencyId = randomUUID();
    const owner = randomUUID();

    // the name's search tokens carry the city too: a transaction, which cannot read, gives both
    await transactWrite([
      Agent.transact.update(
        { agent_id: agent.agent_id },
        { set: { full_name: 'Zoë Renamed', city: 'Faro', agency_id: agencyId } },
      ),
      Entry.transact.create({ owner, seq: '0001', label: 'joined' }),
    ]);

    // the agency's members index and the directory's name key both follow the transaction's change
    const members = await Agent.query('byAgency', { agency_id: agencyId });
    expect(members.items.map((member) => member.agent_id)).toEqual([agent.agent_id]);
    const directory = await Agent.query('directory', {}, { begins: { name_key: 'zoë renamed' } });
    expect(directory.items.map((member) => member.agent_id)).toContain(agent.agent_id);

    const tokens = await AgentSearchToken.query('primary', { agent_id: agent.agent_id });
    expect(tokens.items.map(({ kind, word }) => `${kind}:${word}`).sort()).toEqual([
      'city:faro',
      'name:renamed',
      'name:zoe',
    ]);
    expect(() =>
      Agent.transact.update({ agent_id: agent.agent_id }, { set: { full_name: 'Only The Name' } }),
    ).toThrow('a transaction changing full_name must also give city');

    // removing the index attribute in a transaction takes the item out of the index
    await transactWrite([Agent.transact.update({ agent_id: agent.agent_id }, { remove: ['agency_id'] })]);
    expect((await Agent.query('byAgency', { agency_id: agencyId })).items).toEqual([]);
  });

  it('names only the indexes and key attributes an entity declares (checked by the compiler)', () => {
    // never called: `npm run typecheck` fails when an @ts-expect-error below stops being an error
    const unchecked = () => [
      Agent.query('byAgency', { agency_id: 'a' }),
      Agent.query('directory', {}, { begins: { name_key: 'ma' } }),
      // @ts-expect-error an index the entity does not declare
      Agent.query('byCity', {}),
      // @ts-expect-error an attribute that is neither the item's nor derived
      Agent.query('byAgency', { agencyId: 'a' }),
      // conditions and filters name the item's attributes, derived ones, keys and the type tag
      Agent.transact.update(
        { agent_id: 'a' },
        { add: { connections: 1 } },
        { if: and(eq('role', 'Agency'), notExists('agency_id'), exists('pk')) },
      ),
      Agent.query('directory', {}, { filter: eq('city_key', 'faro') }),
      // @ts-expect-error a condition on an attribute agents do not have
      Agent.transact.update({ agent_id: 'a' }, { add: { connections: 1 } }, { if: eq('agencyId', 'x') }),
      // @ts-expect-error a typo inside a composed condition
      Agent.update({ agent_id: 'a' }, { set: { city: 'Faro' } }, { if: and(exists('pk'), eq('rol', 'x')) }),
      // @ts-expect-error a filter on an attribute agents do not have
      Agent.query('directory', {}, { filter: eq('cityKey', 'faro') }),
      // @ts-expect-error setting an attribute agents do not have
      Agent.transact.update({ agent_id: 'a' }, { set: { agencyId: 'x' } }),
      // @ts-expect-error an increment of an attribute agents do not have
      Agent.transact.update({ agent_id: 'a' }, { add: { connection: 1 } }),
      // @ts-expect-error removing an attribute agents do not have
      Agent.transact.update({ agent_id: 'a' }, { remove: ['agencyId'] }),
      defineEntity<EntryItem, 'owner' | 'seq'>()({
        type: 'typo',
        key: { pk: { prefix: 'T', attributes: ['owner'] }, sk: { prefix: 'E' } },
        indexes: {
          // @ts-expect-error an index the table does not have
          byLabel: { index: 'gsi4', pk: { prefix: 'L', attributes: ['label'] }, sk: { prefix: 'E' } },
        },
      }),
    ];
    expect(typeof unchecked).toBe('function');
  });

  it('upserts with mustExist false', async () => {
    const owner = randomUUID();
    await transactWrite([
      Entry.transact.update({ owner, seq: '0009' }, { set: { label: 'upserted' } }, { mustExist: false }),
    ]);
    expect(await Entry.get({ owner, seq: '0009' })).toEqual({ owner, seq: '0009', label: 'upserted' });
  });
});
