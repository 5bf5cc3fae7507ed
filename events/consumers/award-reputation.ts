import type { DetailType } from '#contracts/events';
import { awardDescription, type VerifiedActivityType } from '#contracts/reputation-points';
import { awardDealClosed } from '#functions/deals/deals';
import { Deal } from '#functions/deals/entities';
import { Property } from '#functions/properties/entities';
import { type AwardOutcome, awardReputation, awardVerifiedListing } from '#functions/reputation/reputation';
import { Agent } from '#platform/accounts/entities';
import { defineConsumer } from '#platform/consumer';
import { logger } from '#platform/logger';

/** The activity each verification event awards, once the listing's verification says so. */
const VERIFICATION_ACTIVITIES = {
  PropertyDeedVerified: 'PROPERTY_DEED_VERIFIED',
  OwnerAcknowledged: 'OWNER_ACKNOWLEDGEMENT',
} as const satisfies Partial<Record<DetailType, VerifiedActivityType>>;

/**
 * The reputation awarder: PropertyAdded, PropertyDeedVerified, OwnerAcknowledged, ConnectionAccepted and DealClosed
 * from the platform bus become awards through the same rules as POST /api/agents/{id}/reputation
 * (functions/reputation/reputation.ts). PropertyAdded and ConnectionAccepted come from our own handlers, which
 * checked ownership before they published. A verification event is only an announcement: the award is
 * made when the listing's verification itself is approved (deed) or confirmed (owner), so an event naming
 * a listing nobody verified awards nothing. Idempotent: each award is once per (agent, activity, entity),
 * however often and however concurrently the event arrives.
 */
export const handler = defineConsumer({
  name: 'reputation awarder',
  detailTypes: [
    'PropertyAdded',
    'PropertyDeedVerified',
    'OwnerAcknowledged',
    'ConnectionAccepted',
    'DealClosed',
  ],
  handle: async (event) => {
    const detailType = event['detail-type'];
    const outcomes: Array<{ agentId: string; outcome: AwardOutcome }> = [];
    const award = async (agentId: string, request: Omit<Parameters<typeof awardReputation>[0], 'agentId'>) =>
      outcomes.push({ agentId, outcome: await awardReputation({ agentId, ...request }) });

    switch (event['detail-type']) {
      case 'PropertyAdded': {
        const { agentId, propertyId } = event.detail;
        // the history names the listing (a listing deleted meanwhile gets the activity's label)
        const property = await Property.get({ property_id: propertyId });
        await award(agentId, {
          activityType: 'PROPERTY_ADDED',
          relatedEntityId: propertyId,
          ...(property ? { description: awardDescription('PROPERTY_ADDED', property.title) } : {}),
        });
        break;
      }
      case 'PropertyDeedVerified':
      case 'OwnerAcknowledged': {
        const { agentId, propertyId } = event.detail;
        const outcome = await awardVerifiedListing(
          VERIFICATION_ACTIVITIES[event['detail-type']],
          propertyId,
          agentId,
        );
        if (outcome.status === 'unverified') {
          logger.warn('verification event for a listing that is not verified: nothing awarded', {
            detailType,
            agentId,
            propertyId,
          });
          return;
        }
        outcomes.push({ agentId, outcome });
        break;
      }
      case 'ConnectionAccepted': {
        // both agents: each gets its award and its connections counter raised, once per connection
        const { connectionId, requesterId, receiverId } = event.detail;
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
      case 'DealClosed': {
        // both agents of the deal, each once per deal; the deal must really be closed (the event only says so)
        const { dealId } = event.detail;
        const deal = await Deal.get({ deal_id: dealId }, { consistent: true });
        if (deal?.status !== 'closed') {
          logger.warn('DealClosed for a deal that is not closed: nothing awarded', { dealId });
          return;
        }
        outcomes.push(...(await awardDealClosed(deal)));
        break;
      }
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
  },
});
