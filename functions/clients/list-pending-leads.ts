import { clientsRoutes } from '#contracts/routes/clients';
import { withHttp } from '#platform/http';
import { listPendingLeads, pendingLeadView } from './pending-leads.ts';

/** The caller's website leads waiting to become clients, oldest first, a page at a time. */
export const handler = withHttp(clientsRoutes.listPendingLeads, async ({ query, identity }) => {
  const page = await listPendingLeads(identity, { cursor: query.cursor, limit: query.limit });
  return {
    items: page.items.map(pendingLeadView),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
});
