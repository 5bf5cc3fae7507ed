import { dealsRoutes } from '#contracts/routes/deals';
import { respond, withHttp } from '#platform/http';
import { dealView, proposeDeal } from './deals.ts';

/** Proposes the caller's client for another agent's listing (functions/deals/deals.ts `proposeDeal`). */
export const handler = withHttp(dealsRoutes.createDeal, async ({ body, identity }) =>
  respond(201, dealView(await proposeDeal(identity, body), identity.agentId)),
);
