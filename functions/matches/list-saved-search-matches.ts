import { matchesRoutes } from '#contracts/routes/matches';
import { respond, withHttp } from '#platform/http';
import { ownerOf } from './entities.ts';
import { currentMatches } from './match-list.ts';
import { ownSavedSearch, searchOwner } from './matches.ts';

/** A saved search's current matches, best first (only its agent's: anyone else 404). */
export const handler = withHttp(matchesRoutes.listSavedSearchMatches, async ({ path, query, identity }) => {
  const search = await ownSavedSearch(identity.agentId, path.id);
  const { criteria } = await searchOwner(search);
  const page = await currentMatches(
    { owner: ownerOf('search', search.saved_search_id), agentId: identity.agentId, criteria },
    query,
  );
  return respond(200, page);
});
