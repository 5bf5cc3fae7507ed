import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import { callApi, createTestAgent, type TestAgent } from '../support/agents.ts';
import { propertyItem } from '../support/property-item.ts';
import { submitDeed, uploadDeed } from '../support/verifications.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';

/**
 * The reputation awarder's idempotency cases (listings, connections, and verifications once verified):
 * after any number of deliveries, at once or not, an agent has one award, one history entry, its counters raised once, its achievements once and one notification
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
    import('#aws/config'),
    import('#aws/dynamodb'),
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

/**
 * A listing of a new paid agent, written through the entity layer (no PropertyAdded award arriving
 * meanwhile), with its deed approved or its owner's confirmation given through the verifications' own
 * code but not announced: the deliveries under test are the only announcements.
 */
async function verifiedListing(kind: 'deed' | 'owner') {
  const agent = await createTestAgent({ role: 'Agent' });
  const [{ writeProperty }, verifications] = await Promise.all([
    import('#functions/properties/entities'),
    import('#functions/verifications/verifications'),
  ]);
  const property = propertyItem({ agent_id: agent.agentId, price: 250_000 });
  await writeProperty(undefined, property);
  if (kind === 'deed') {
    const submitted = await submitDeed(agent, property.property_id, await uploadDeed(agent));
    expect(submitted.status).toBe(201);
    const decided = await verifications.decideDeed({
      propertyId: property.property_id,
      submissionId: submitted.body.deed.submission_id!,
      decision: 'approve',
      reviewerId: randomUUID(),
    });
    expect(decided.changed).toBe(true);
  } else {
    const issued = await verifications.issueOwnerLink(property, 'owner@example.com');
    await verifications.answerOwnerLink(issued.token, 'confirm');
  }
  return { agent, propertyId: property.property_id };
}

const deedVerified = consumerCase('a deed approved by support staff', async () => {
  const { agent, propertyId } = await verifiedListing('deed');
  return {
    detailType: 'PropertyDeedVerified',
    detail: { propertyId, agentId: agent.agentId },
    effect: () => agentEffect(agent),
    expectOnce: (once: AgentEffect) =>
      expectOneAward(once, {
        points: REPUTATION_ACTIVITIES.PROPERTY_DEED_VERIFIED.points,
        counter: 'verifiedDeals',
      }),
  };
});

const ownerAcknowledged = consumerCase('a listing its owner confirmed', async () => {
  const { agent, propertyId } = await verifiedListing('owner');
  return {
    detailType: 'OwnerAcknowledged',
    detail: { propertyId, agentId: agent.agentId },
    effect: () => agentEffect(agent),
    expectOnce: (once: AgentEffect) => {
      // no counter and no milestone: the points, one ledger entry, one history entry, one notification
      expect(once.summary).toMatchObject({ points: REPUTATION_ACTIVITIES.OWNER_ACKNOWLEDGEMENT.points });
      expect(itemsOfType(once, 'reputationAward')).toHaveLength(1);
      expect(itemsOfType(once, 'reputationActivity')).toHaveLength(1);
      expect(itemsOfType(once, 'notification')).toHaveLength(1);
    },
  };
});

/**
 * A deal both agents confirmed closed, written through the entity layer (as confirm-close leaves it, before
 * its DealClosed is delivered): each agent gets one verified deal, whatever the deliveries.
 */
const dealClosed = consumerCase('a deal both agents closed (both agents)', async () => {
  const [proposer, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
  const { Deal } = await import('#functions/deals/entities');
  const now = new Date().toISOString();
  const dealId = randomUUID();
  const agent = (of: TestAgent) => ({ agent_id: of.agentId, full_name: of.fullName });
  await Deal.create({
    deal_id: dealId,
    status: 'closed',
    proposer_id: proposer.agentId,
    listing_agent_id: listingAgent.agentId,
    property_id: randomUUID(),
    client_id: randomUUID(),
    proposer: agent(proposer),
    listing_agent: agent(listingAgent),
    listing: {
      property_id: randomUUID(),
      title: 'Idempotent flat',
      city: 'Lisbon',
      price: 1,
      currency: 'USD',
    },
    client: { full_name: 'Idempotent Buyer' },
    shared_fields: [],
    close_confirmed_by: ['proposer', 'listing'],
    created_at: now,
    updated_at: now,
    closed_at: now,
    revision: 3,
  });
  return {
    detailType: 'DealClosed',
    detail: { dealId, proposerId: proposer.agentId, listingAgentId: listingAgent.agentId },
    effect: async () => ({ proposer: await agentEffect(proposer), listing: await agentEffect(listingAgent) }),
    expectOnce: (once: { proposer: AgentEffect; listing: AgentEffect }) => {
      const expected = { points: REPUTATION_ACTIVITIES.DEAL_CLOSED.points, counter: 'verifiedDeals' };
      expectOneAward(once.proposer, expected);
      expectOneAward(once.listing, expected);
    },
  };
});

export const reputationConsumerCases = [
  propertyAdded,
  connectionAccepted,
  deedVerified,
  ownerAcknowledged,
  dealClosed,
];
