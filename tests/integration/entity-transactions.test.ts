import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Agent } from '#lib/data/accounts';
import { cancellationCodes, defineEntity, transactWrite } from '#lib/data/entity';
import { eq } from '#lib/data/expression';

/** The entity layer's transactions (TransactWriteItems), against the local DynamoDB. */

interface EntryItem {
  owner: string;
  seq: string;
  label: string;
}

const Entry = defineEntity<EntryItem, 'owner' | 'seq'>({
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

  it('refuses to update an attribute an index or a derived attribute is made from', () => {
    expect(() => Agent.transact.update({ agent_id: 'x' }, { set: { full_name: 'Renamed' } })).toThrow(
      /cannot update full_name/,
    );
  });

  it('upserts with mustExist false', async () => {
    const owner = randomUUID();
    await transactWrite([
      Entry.transact.update({ owner, seq: '0009' }, { set: { label: 'upserted' } }, { mustExist: false }),
    ]);
    expect(await Entry.get({ owner, seq: '0009' })).toEqual({ owner, seq: '0009', label: 'upserted' });
  });
});
