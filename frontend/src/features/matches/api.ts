import type {
  ListingMatchView,
  MatchListView,
  SavedSearchCreateInput,
  SavedSearchView,
} from '#contracts/schemas/matches';
import { api } from '../../app/api.ts';

/**
 * The saved searches endpoints (issue 22), with their matches; a client's matches are with the clients
 * endpoints (clients/api.ts). Types only from the contracts; loaded with the property search screen.
 */
export type ListingMatch = ListingMatchView;
export type SavedSearch = SavedSearchView;
export type NewSavedSearch = SavedSearchCreateInput;
export type { MatchListView };

/** Matches a page of the list loads at once. */
export const MATCH_PAGE_SIZE = 10;

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
  useListSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useListSavedSearchMatchesInfiniteQuery,
} = matchesApi;
