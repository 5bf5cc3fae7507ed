import { dealsRoutes } from '#contracts/routes/deals';
import { respond, withHttp } from '#platform/http';
import { dealOfCaller, dealTimeline, dealView } from './deals.ts';

/** One deal with its timeline, for its two agents only (anyone else: 404). */
export const handler = withHttp(dealsRoutes.getDeal, async ({ path, identity }) => {
  const { deal } = await dealOfCaller(identity, path.id);
  const timeline = await dealTimeline(deal.deal_id);
  return respond(200, {
    ...dealView(deal, identity.agentId),
    timeline: timeline.map(({ deal_id, ...entry }) => entry),
  });
});
