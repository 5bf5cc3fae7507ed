import { matchesRoutes } from '#contracts/routes/matches';
import { respond, withHttp } from '#platform/http';
import { createSavedSearch } from './matches.ts';

/** Saves a property search for the caller (at most MAX_SAVED_SEARCHES: 409 beyond), with its current matches. */
export const handler = withHttp(matchesRoutes.createSavedSearch, async ({ body, identity }) =>
  respond(201, await createSavedSearch(identity.agentId, body)),
);
