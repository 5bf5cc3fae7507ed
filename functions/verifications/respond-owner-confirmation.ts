import { verificationsRoutes } from '#contracts/routes/verifications';
import { Property } from '#functions/properties/entities';
import { Agent } from '#platform/accounts/entities';
import { withHttp } from '#platform/http';
import { announceVerification, answerOwnerLink } from './verifications.ts';

/**
 * The owner's answer through the link, without an account: confirming makes the listing
 * owner-acknowledged (and the reputation awarder gives its agent OWNER_ACKNOWLEDGEMENT once); "This isn't
 * right" records the decline, which the agent sees. Either way the link is used: a second answer, an
 * expired link (410) or an altered one (404) changes nothing.
 */
export const handler = withHttp(verificationsRoutes.respondOwnerConfirmation, async ({ body }) => {
  const answered = await answerOwnerLink(body.token, body.decision);
  if (answered.state === 'confirmed') await announceVerification('owner', answered);
  const [property, agent] = await Promise.all([
    Property.get({ property_id: answered.property_id }),
    Agent.get({ agent_id: answered.agent_id }),
  ]);
  return {
    state: answered.state === 'confirmed' ? ('confirmed' as const) : ('declined' as const),
    property_title: property?.title ?? 'the listing',
    agent_name: agent?.full_name ?? 'the agent',
  };
});
