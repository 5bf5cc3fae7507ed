import { agendaRoutes } from '#contracts/routes/agenda';
import { withHttp } from '#platform/http';
import { assertOwnFeed, feedView, revokeFeed } from './feed.ts';

/** Turns the caller's calendar feed off. */
export const handler = withHttp(agendaRoutes.revokeAgendaFeed, async ({ path, identity }) => {
  assertOwnFeed(identity, path.id);
  await revokeFeed(identity.agentId);
  return feedView(undefined);
});
