import { matchesRoutes } from '#contracts/routes/matches';
import { respond, withHttp } from '#platform/http';
import { listSavedSearches } from './matches.ts';

/** The caller's saved searches, newest first. */
export const handler = withHttp(matchesRoutes.listSavedSearches, async ({ identity }) =>
  respond(200, { items: await listSavedSearches(identity.agentId) }),
);
