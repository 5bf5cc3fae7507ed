import { clientsRoutes } from '#contracts/routes/clients';
import { releaseFeature } from '#platform/accounts/limits';
import { isConditionFailure } from '#platform/data/entity';
import { exists } from '#platform/data/expression';
import { forbidden, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { announceClientChanged } from './client-events.ts';
import { Client, clientRight, deleteClientActivity, getOwnedClient } from './entities.ts';

export const DELETE_REFUSED = "Only the client's agent or the agency admin can delete this client";

/**
 * Removes a client and its trail: its agent or the agency admin (other members 403; another tenant's 404).
 * The delete is conditional, so of two at once only one succeeds and gives back the agent's slot.
 */
export const handler = withHttp(clientsRoutes.deleteClient, async ({ path, identity }) => {
  const client = await getOwnedClient(identity, path.id, { consistent: true });
  const right = await clientRight(identity, client);
  if (right !== 'agent' && right !== 'admin') throw forbidden(DELETE_REFUSED);
  try {
    await Client.delete({ client_id: client.client_id }, { if: exists('client_id') });
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Client');
    throw error;
  }
  // the slot belongs to the agent who added the client (its plan counted it), whoever deletes it
  await releaseFeature({ agentId: client.agentId, role: identity.role }, 'clients');
  await deleteClientActivity(client.client_id);
  await announceClientChanged(client);
  return { ok: true as const };
});
