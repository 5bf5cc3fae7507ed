import { agendaRoutes } from '#contracts/routes/agenda';
import { withHttp } from '#platform/http';
import { assertOwnFeed, feedView, rotateFeed } from './feed.ts';

/** Makes (or remakes) the caller's secret feed address; the previous address stops working. */
export const handler = withHttp(agendaRoutes.rotateAgendaFeed, async ({ path, identity }) => {
  assertOwnFeed(identity, path.id);
  return feedView(await rotateFeed(identity.agentId));
});
