import { dealsRoutes } from '#contracts/routes/deals';
import { respond, withHttp } from '#platform/http';
import { dealView, listDealsOf } from './deals.ts';

/** The caller's deals on both sides, newest first: one Query of its memberships and one BatchGet. */
export const handler = withHttp(dealsRoutes.listDeals, async ({ query, identity }) => {
  const page = await listDealsOf(identity.agentId, query);
  return respond(200, {
    items: page.items.map((deal) => dealView(deal, identity.agentId)),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });
});
