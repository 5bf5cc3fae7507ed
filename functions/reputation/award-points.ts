import type { AWARD_ACTIVITY_TYPES } from '#contracts/reputation-points';
import { reputationRoutes } from '#contracts/routes/reputation';
import { Agent } from '#lib/data/accounts';
import { type RelatedEntity, relatedEntityOwner } from '#lib/data/related-entities';
import { conflict, notFound } from '#lib/errors';
import { withHttp } from '#lib/http';
import { agentReputation, awardReputation } from '#lib/reputation';

/** Why an activity is not (yet) justified by its property, or undefined when it is. */
const unjustified: Record<
  (typeof AWARD_ACTIVITY_TYPES)[number],
  (entity: RelatedEntity) => string | undefined
> = {
  PROPERTY_ADDED: () => undefined,
  PROPERTY_DEED_VERIFIED: (property) =>
    property.deedVerified ? undefined : "This property's deed has not been verified yet",
  OWNER_ACKNOWLEDGEMENT: (property) =>
    property.ownerAcknowledged ? undefined : 'The owner has not acknowledged this property yet',
};

/**
 * Reports an activity of your own. The rules are the consumer's (one award per activity and property,
 * points from the one table); only an activity your own property justifies is accepted, and a repeat
 * answers 0 points.
 */
export const handler = withHttp(reputationRoutes.awardReputation, async ({ path, body, identity }) => {
  if (path.id !== identity.agentId) throw notFound('Agent');
  const property = await relatedEntityOwner(body.relatedEntityType, body.relatedEntityId);
  if (!property || property.ownerId !== identity.agentId) throw notFound('Property');
  const reason = unjustified[body.activityType](property);
  if (reason) throw conflict(reason);

  const outcome = await awardReputation({
    agentId: identity.agentId,
    activityType: body.activityType,
    relatedEntityId: body.relatedEntityId,
    ...(body.description ? { description: body.description } : {}),
  });
  const agent = await Agent.get({ agent_id: identity.agentId }, { consistent: true });
  if (!agent) throw notFound('Agent');
  return { points_awarded: outcome.points, summary: await agentReputation(agent, identity.agentId) };
});
