import { clientsRoutes } from '#contracts/routes/clients';
import { withHttp } from '#platform/http';
import { ClientActivity, getOwnedClient } from './entities.ts';

/** The activity trail of a client the caller sees (another tenant's is a 404), newest first. */
export const handler = withHttp(clientsRoutes.listClientActivity, async ({ path, query, identity }) => {
  const client = await getOwnedClient(identity, path.id);
  const page = await ClientActivity.query(
    'primary',
    { client_id: client.client_id },
    { descending: true, cursor: query.cursor, limit: query.limit },
  );
  return { items: page.items, ...(page.cursor ? { cursor: page.cursor } : {}) };
});
