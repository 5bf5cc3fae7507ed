import { agendaRoutes } from '#contracts/routes/agenda';
import { withHttp } from '#platform/http';
import { AgendaFeed } from './entities.ts';
import { assertOwnFeed, feedView } from './feed.ts';

/** The caller's calendar feed address, or `enabled: false` when it has none. */
export const handler = withHttp(agendaRoutes.getAgendaFeed, async ({ path, identity }) => {
  assertOwnFeed(identity, path.id);
  return feedView(await AgendaFeed.get({ agent_id: identity.agentId }, { consistent: true }));
});
