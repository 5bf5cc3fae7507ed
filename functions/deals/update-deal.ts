import { dealsRoutes } from '#contracts/routes/deals';
import { respond, withHttp } from '#platform/http';
import { dealView, moveDeal } from './deals.ts';

/** Moves a deal to another stage, when the caller's side may (contracts/deals.ts `DEAL_MOVES`; else 409). */
export const handler = withHttp(dealsRoutes.updateDeal, async ({ path, body, identity }) =>
  respond(200, dealView(await moveDeal(identity, path.id, body.status), identity.agentId)),
);
