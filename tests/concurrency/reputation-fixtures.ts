import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import { callApi, createTestAgent, type TestAgent } from '../support/agents.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';

/**
 * The reputation awarder's idempotency cases: after any number of deliveries, at once or not, an agent
 * has one award, one history entry, its counters raised once, its achievements once and one notification
 * each — every item of its partition exactly as after the first delivery.
 */

interface AgentEffect {
  /** GET /api/agents/{id}/reputation as the agent sees it */
  summary: Record<string, unknown>;
  /** every item of the agent's partition (profile, ledger, history, state, achievements, notifications) */
  items: Record<string, unknown>[];
}

async function agentEffect(agent: TestAgent): Promise<AgentEffect> {
  const [{ config }, { documentClient }] = await Promise.all([
    import('#lib/config'),
    import('#lib/dynamodb'),
  ]);
  const response = await callApi(`/api/agents/${agent.agentId}/reputation`, { token: agent.token });
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `AGENT#${agent.agentId}` },
      ConsistentRead: true,
    }),
  );
  return { summary: (await response.json()) as Record<string, unknown>, items: Items ?? [] };
}

const itemsOfType = (effect: AgentEffect, type: string) => effect.items.filter((item) => item._type === type);

function expectOneAward(once: AgentEffect, expected: { points: number; counter: string }) {
  expect(once.summary).toMatchObject({ points: expected.points, [expected.counter]: 1 });
  expect(itemsOfType(once, 'reputationAward')).toHaveLength(1);
  expect(itemsOfType(once, 'reputationActivity')).toHaveLength(1);
  expect(itemsOfType(once, 'reputationState')).toEqual([expect.objectContaining({ awards: 1 })]);
  // the award's notification and the "first …" achievement's
  expect(itemsOfType(once, 'notification')).toHaveLength(2);
  expect(itemsOfType(once, 'achievement')).toHaveLength(1);
}

const consumerCase = <Effect>(name: string, arrange: () => Promise<ConsumerProbe<Effect>>) =>
  ({ name, arrange }) as IdempotencyCase<ConsumerProbe>;

const propertyAdded = consumerCase('a property added', async () => {
  const agent = await createTestAgent();
  return {
    detailType: 'PropertyAdded',
    detail: { propertyId: randomUUID(), agentId: agent.agentId },
    effect: () => agentEffect(agent),
    expectOnce: (once: AgentEffect) =>
      expectOneAward(once, { points: REPUTATION_ACTIVITIES.PROPERTY_ADDED.points, counter: 'propertyCount' }),
  };
});

const connectionAccepted = consumerCase('a connection accepted (both agents)', async () => {
  const [requester, receiver] = await Promise.all([createTestAgent(), createTestAgent()]);
  return {
    detailType: 'ConnectionAccepted',
    detail: { connectionId: randomUUID(), requesterId: requester.agentId, receiverId: receiver.agentId },
    effect: async () => ({ requester: await agentEffect(requester), receiver: await agentEffect(receiver) }),
    expectOnce: (once: { requester: AgentEffect; receiver: AgentEffect }) => {
      const expected = { points: REPUTATION_ACTIVITIES.CONNECTION_ACCEPTED.points, counter: 'connections' };
      expectOneAward(once.requester, expected);
      expectOneAward(once.receiver, expected);
    },
  };
});

export const reputationConsumerCases = [propertyAdded, connectionAccepted];
