import { matchesRoutes } from '#contracts/routes/matches';
import { respond, withHttp } from '#platform/http';
import { deleteSavedSearch } from './matches.ts';

/** Deletes one of the caller's saved searches with its matches (another agent's: 404). */
export const handler = withHttp(matchesRoutes.deleteSavedSearch, async ({ path, identity }) => {
  await deleteSavedSearch(identity.agentId, path.id);
  return respond(200, { ok: true as const });
});
