import { isVerifiedActivity, VERIFIED_ACTIVITIES } from '#contracts/reputation-points';
import { reputationRoutes } from '#contracts/routes/reputation';
import { Agent } from '#platform/accounts/entities';
import { forbidden, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { relatedEntityOwner } from './related-entities.ts';
import { agentReputation, awardReputation, awardVerifiedListing } from './reputation.ts';

/**
 * Reports an activity of your own, and awards only what the server can verify (the rules are the
 * consumer's: one award per activity and property, points from the one table). PROPERTY_ADDED needs a
 * listing of yours. PROPERTY_DEED_VERIFIED and OWNER_ACKNOWLEDGEMENT cannot be declared: they are awarded
 * when support staff approved the listing's deed, or its owner confirmed it through the emailed link, and
 * a report before that is refused (403) with the way to get there. A repeat answers 0 points.
 */
export const handler = withHttp(reputationRoutes.awardReputation, async ({ path, body, identity }) => {
  if (path.id !== identity.agentId) throw notFound('Agent');
  const property = await relatedEntityOwner(body.relatedEntityType, body.relatedEntityId);
  if (!property || property.ownerId !== identity.agentId) throw notFound('Property');

  const activityType = body.activityType;
  let outcome: Awaited<ReturnType<typeof awardReputation>>;
  if (isVerifiedActivity(activityType)) {
    const verified = await awardVerifiedListing(activityType, body.relatedEntityId, identity.agentId);
    if (verified.status === 'unverified') throw forbidden(VERIFIED_ACTIVITIES[activityType].notVerified);
    outcome = verified;
  } else {
    outcome = await awardReputation({
      agentId: identity.agentId,
      activityType,
      relatedEntityId: body.relatedEntityId,
      ...(body.description ? { description: body.description } : {}),
    });
  }
  const agent = await Agent.get({ agent_id: identity.agentId }, { consistent: true });
  if (!agent) throw notFound('Agent');
  return { points_awarded: outcome.points, summary: await agentReputation(agent, identity.agentId) };
});
