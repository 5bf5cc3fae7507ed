import { randomUUID } from 'node:crypto';
import { clientsRoutes } from '#contracts/routes/clients';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { forbidden, notFound } from '#platform/errors';
import { respond, withHttp } from '#platform/http';
import { announceClientChanged } from './client-events.ts';
import { actorOf, assertAssignable, storedFields } from './clients.ts';
import { Client, recordClientActivities } from './entities.ts';

/**
 * Adds a client for the caller, in the caller's agency if it has one. `agentId` and `agencyId` come from
 * the verified identity; a body naming others is refused. One `clients` slot is reserved first (403
 * `Feature limit reached` at the plan's limit) and given back if the write fails.
 */
export const handler = withHttp(clientsRoutes.createClient, async ({ body, identity }) => {
  const { agentId, agencyId, ...fields } = body;
  if (agentId !== undefined && agentId !== identity.agentId) {
    throw forbidden('You can only add clients as yourself');
  }
  if (agencyId !== undefined && agencyId !== identity.agencyId) throw notFound('Agency');
  const stored = storedFields(fields);
  if (stored.assigned_agent_id) {
    await assertAssignable(identity, identity.agencyId, stored.assigned_agent_id);
  }

  await reserveFeature(identity, 'clients');
  let client: Awaited<ReturnType<typeof Client.create>>;
  try {
    client = await Client.create({
      preferred_areas: [],
      property_interests: [],
      tags: [],
      ...stored,
      full_name: fields.full_name,
      type: fields.type,
      stage: fields.stage,
      currency: fields.currency,
      client_id: randomUUID(),
      agentId: identity.agentId,
      ...(identity.agencyId ? { agencyId: identity.agencyId } : {}),
    });
  } catch (error) {
    await releaseFeature(identity, 'clients');
    throw error;
  }
  await recordClientActivities([
    { clientId: client.client_id, kind: 'created', actor: actorOf(identity), at: client.created_at },
  ]);
  await announceClientChanged(client);
  return respond(201, client);
});
