import { normalizeColumnPreferences } from '#contracts/client-values';
import { clientsRoutes } from '#contracts/routes/clients';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { ClientTablePreferences } from './entities.ts';

/** The caller's client-table columns ({id} is the caller's agent id; any other is a 404), defaults until saved. */
export const handler = withHttp(clientsRoutes.getClientTablePreferences, async ({ path, identity }) => {
  if (path.id !== identity.agentId) throw notFound('Preferences');
  const saved = await ClientTablePreferences.get({ agent_id: identity.agentId });
  return {
    agentId: identity.agentId,
    columnPreferences: normalizeColumnPreferences(saved?.columnPreferences),
    ...(saved ? { updated_at: saved.updated_at } : {}),
  };
});
