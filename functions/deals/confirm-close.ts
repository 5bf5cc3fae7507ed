import { dealsRoutes } from '#contracts/routes/deals';
import { respond, withHttp } from '#platform/http';
import { confirmDealClose, dealView } from './deals.ts';

/** The caller's side confirms the close; the second confirmation closes the deal (DealClosed on the bus). */
export const handler = withHttp(dealsRoutes.confirmDealClose, async ({ path, identity }) =>
  respond(200, dealView(await confirmDealClose(identity, path.id), identity.agentId)),
);
