import { normalizeColumnPreferences } from '#contracts/client-values';
import { clientsRoutes } from '#contracts/routes/clients';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { ClientTablePreferences } from './entities.ts';

/**
 * Saves the caller's client-table columns: order, visibility, widths and the sorted column ({id} is the
 * caller's agent id; any other is a 404). Columns left out keep their defaults, after the given ones.
 */
export const handler = withHttp(
  clientsRoutes.updateClientTablePreferences,
  async ({ path, body, identity }) => {
    if (path.id !== identity.agentId) throw notFound('Preferences');
    const saved = await ClientTablePreferences.put({
      agent_id: identity.agentId,
      columnPreferences: normalizeColumnPreferences(body.columnPreferences),
      updated_at: new Date().toISOString(),
    });
    return {
      agentId: identity.agentId,
      columnPreferences: saved.columnPreferences,
      updated_at: saved.updated_at,
    };
  },
);
