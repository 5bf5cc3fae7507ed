import type { EventBridgeEvent } from 'aws-lambda';
import { awardDescription, type ReputationActivityType } from '#contracts/reputation-points';
import { type DetailType, eventCatalog } from '#events/catalog';
import { Agent } from '#lib/data/accounts';
import { Property } from '#lib/data/properties';
import { logger } from '#lib/logger';
import { type AwardOutcome, awardReputation } from '#lib/reputation';

/** The activity each listing event awards. */
const PROPERTY_ACTIVITIES = {
  PropertyAdded: 'PROPERTY_ADDED',
  PropertyDeedVerified: 'PROPERTY_DEED_VERIFIED',
  OwnerAcknowledged: 'OWNER_ACKNOWLEDGEMENT',
} as const satisfies Partial<Record<DetailType, ReputationActivityType>>;

/**
 * The reputation awarder: PropertyAdded, PropertyDeedVerified, OwnerAcknowledged and ConnectionAccepted
 * from the platform bus become awards through the same rules as POST /api/agents/{id}/reputation
 * (functions/lib/reputation.ts). Producers are our own handlers, which checked ownership before they
 * published, so the event is trusted as it stands. Idempotent: each award is once per (agent, activity,
 * entity), however often and however concurrently the event arrives.
 */
export async function handler(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const detailType = event['detail-type'] as DetailType;
  const outcomes: Array<{ agentId: string; outcome: AwardOutcome }> = [];
  const award = async (agentId: string, request: Omit<Parameters<typeof awardReputation>[0], 'agentId'>) =>
    outcomes.push({ agentId, outcome: await awardReputation({ agentId, ...request }) });

  switch (detailType) {
    case 'PropertyAdded':
    case 'PropertyDeedVerified':
    case 'OwnerAcknowledged': {
      const { agentId, propertyId } = eventCatalog[detailType].parse(event.detail);
      const activityType = PROPERTY_ACTIVITIES[detailType];
      // the history names the listing (a listing deleted meanwhile gets the activity's label)
      const property = await Property.get({ property_id: propertyId });
      await award(agentId, {
        activityType,
        relatedEntityId: propertyId,
        ...(property ? { description: awardDescription(activityType, property.title) } : {}),
      });
      break;
    }
    case 'ConnectionAccepted': {
      // both agents: each gets its award and its connections counter raised, once per connection
      const { connectionId, requesterId, receiverId } = eventCatalog.ConnectionAccepted.parse(event.detail);
      const [requester, receiver] = await Promise.all([
        Agent.get({ agent_id: requesterId }),
        Agent.get({ agent_id: receiverId }),
      ]);
      const withName = (other: typeof requester) =>
        other ? { description: awardDescription('CONNECTION_ACCEPTED', other.full_name) } : {};
      await award(requesterId, {
        activityType: 'CONNECTION_ACCEPTED',
        relatedEntityId: connectionId,
        ...withName(receiver),
      });
      await award(receiverId, {
        activityType: 'CONNECTION_ACCEPTED',
        relatedEntityId: connectionId,
        ...withName(requester),
      });
      break;
    }
    default:
      logger.warn('reputation awarder got an event it does not handle', { detailType });
      return;
  }
  for (const { agentId, outcome } of outcomes) {
    if (outcome.status === 'no-agent') logger.warn('no agent to award', { detailType, agentId });
    else
      logger.info('reputation award', {
        detailType,
        agentId,
        status: outcome.status,
        points: outcome.points,
      });
  }
}
