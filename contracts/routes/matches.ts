import { MAX_SAVED_SEARCHES } from '../listing-match.ts';
import { defineRoutes } from '../route.ts';
import { idParam, okBody } from '../schemas/common.ts';
import {
  listMatchesQuery,
  matchList,
  savedSearch,
  savedSearchCreate,
  savedSearchList,
} from '../schemas/matches.ts';

/**
 * Matching (issue 22): a client's current matches among the network's listings, and an agent's saved
 * searches with theirs. A client's matches are seen by whoever sees the client (its agent, or every member
 * of its agency for an agency book); a saved search only by its agent. Anyone else: 404.
 */
export const matchesRoutes = defineRoutes({
  listClientMatches: {
    method: 'GET',
    path: '/api/clients/{id}/matches',
    handler: 'functions/matches/list-client-matches.ts',
    auth: 'token',
    access: 'signed-in',
    summary:
      "A client's current matches among other agents' listings on the market, best first, a page at a time (each with the open deal for it, if any)",
    request: { path: idParam, query: listMatchesQuery },
    response: matchList,
    resources: { table: 'read' },
  },
  createSavedSearch: {
    method: 'POST',
    path: '/api/saved-searches',
    handler: 'functions/matches/create-saved-search.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    successStatus: 201,
    summary: `Save a property search: new listings that match it are notified like a client's matches (at most ${MAX_SAVED_SEARCHES}; 409 beyond)`,
    request: { body: savedSearchCreate },
    response: savedSearch,
    resources: { table: 'readwrite' },
  },
  listSavedSearches: {
    method: 'GET',
    path: '/api/saved-searches',
    handler: 'functions/matches/list-saved-searches.ts',
    auth: 'token',
    access: 'signed-in',
    summary: "The caller's saved searches, newest first",
    request: {},
    response: savedSearchList,
    resources: { table: 'read' },
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/saved-searches/{id}',
    handler: 'functions/matches/delete-saved-search.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Delete a saved search and its matches',
    request: { path: idParam },
    response: okBody,
    resources: { table: 'readwrite' },
  },
  listSavedSearchMatches: {
    method: 'GET',
    path: '/api/saved-searches/{id}/matches',
    handler: 'functions/matches/list-saved-search-matches.ts',
    auth: 'token',
    access: 'signed-in',
    summary: "A saved search's current matches among other agents' listings on the market, best first",
    request: { path: idParam, query: listMatchesQuery },
    response: matchList,
    resources: { table: 'read' },
  },
});
