import type {
  ListingMatchView,
  MatchListView,
  SavedSearchCreateInput,
  SavedSearchView,
} from '#contracts/schemas/matches';
import { api } from '../../app/api.ts';

/**
 * The matching endpoints (issue 22): a client's matches and the agent's saved searches with theirs. Types
 * only from the contracts; loaded with the clients screen and the saved searches screen.
 */
export type ListingMatch = ListingMatchView;
export type SavedSearch = SavedSearchView;
export type NewSavedSearch = SavedSearchCreateInput;

/** Matches a page of the list loads at once. */
export const MATCH_PAGE_SIZE = 10;

const clientMatchesTag = (clientId: string) => ({ type: 'Match', id: `client:${clientId}` }) as const;
const searchMatchesTag = (searchId: string) => ({ type: 'Match', id: `search:${searchId}` }) as const;
const SEARCHES = { type: 'SavedSearch', id: 'LIST' } as const;

const matchPages = {
  initialPageParam: '',
  getNextPageParam: (lastPage: MatchListView) => lastPage.cursor,
};
const pageParams = (pageParam: string) => ({
  limit: MATCH_PAGE_SIZE,
  ...(pageParam ? { cursor: pageParam } : {}),
});

export const matchesApi = api.enhanceEndpoints({ addTagTypes: ['Match', 'SavedSearch'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/clients/{id}/matches: best first, page after page */
    listClientMatches: build.infiniteQuery<MatchListView, string, string>({
      infiniteQueryOptions: matchPages,
      query: ({ queryArg, pageParam }) => ({
        url: `api/clients/${encodeURIComponent(queryArg)}/matches`,
        params: pageParams(pageParam),
      }),
      providesTags: (_result, _error, clientId) => [clientMatchesTag(clientId), 'Match'],
    }),
    /** GET /api/saved-searches: newest first, every one (there are at most MAX_SAVED_SEARCHES) */
    listSavedSearches: build.query<{ items: SavedSearch[] }, void>({
      query: () => 'api/saved-searches',
      providesTags: [SEARCHES],
    }),
    createSavedSearch: build.mutation<SavedSearch, NewSavedSearch>({
      query: (body) => ({ url: 'api/saved-searches', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [SEARCHES] : []),
    }),
    deleteSavedSearch: build.mutation<{ ok: boolean }, string>({
      query: (id) => ({ url: `api/saved-searches/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [SEARCHES, searchMatchesTag(id)],
    }),
    /** GET /api/saved-searches/{id}/matches: best first, page after page */
    listSavedSearchMatches: build.infiniteQuery<MatchListView, string, string>({
      infiniteQueryOptions: matchPages,
      query: ({ queryArg, pageParam }) => ({
        url: `api/saved-searches/${encodeURIComponent(queryArg)}/matches`,
        params: pageParams(pageParam),
      }),
      providesTags: (_result, _error, searchId) => [searchMatchesTag(searchId), 'Match'],
    }),
  }),
});

export const {
  useListClientMatchesInfiniteQuery,
  useListSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useListSavedSearchMatchesInfiniteQuery,
} = matchesApi;
