import { verificationsRoutes } from '#contracts/routes/verifications';
import { Property } from '#functions/properties/entities';
import { Agency, Agent } from '#platform/accounts/entities';
import { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';
import { LINK_NOT_VALID, openOwnerLink } from './verifications.ts';

/**
 * What an owner's link asks to confirm: the listing's title and address and the agent, for the public
 * page. The token is the secret (only its hash is stored); it arrives in the body, never in a path. An
 * unknown or replaced link is 404, one already answered or expired 410.
 */
export const handler = withHttp(verificationsRoutes.lookupOwnerConfirmation, async ({ body }) => {
  const request = await openOwnerLink(body.token);
  const [property, agent] = await Promise.all([
    Property.get({ property_id: request.property_id }),
    Agent.get({ agent_id: request.agent_id }),
  ]);
  if (!property || !agent) throw new HttpError(404, LINK_NOT_VALID);
  const agency = agent.agency_id ? await Agency.get({ id: agent.agency_id }) : undefined;
  return {
    property_title: property.title,
    ...(property.street_address ? { street_address: property.street_address } : {}),
    ...(property.area ? { area: property.area } : {}),
    city: property.city,
    agent_name: agent.full_name,
    ...(agency ? { agency_name: agency.name } : {}),
    owner_email: request.owner_email,
    expires_at: request.link_expires_at,
  };
});
