import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useRef } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  type AgentSearchQuery,
  agentSearchFailed,
  agentSearchStarted,
  agentSearchSucceeded,
} from './agentSearchSlice.ts';
import { agentsApi } from './api.ts';

/** Agents per directory page: four rows of the three-column grid. */
export const AGENTS_PAGE_SIZE = 24;

export const SEARCH_FAILED_MESSAGE = 'Agents could not be loaded. Please try again.';

/**
 * The agents directory's search (spec §3: the agent state's searchResults, searchLoading, searchError):
 * `search` runs a query from its first page, `loadMore` fetches the next page of the current one. A new
 * search aborts the one in flight, and only the latest answer lands in the state.
 */
export function useAgentSearch() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const state = useAppSelector((root) => root.agentSearch);
  const inFlight = useRef<{ abort: () => void } | null>(null);

  const run = useCallback(
    async (query: AgentSearchQuery, cursor?: string) => {
      inFlight.current?.abort();
      const requestId = nanoid();
      dispatch(agentSearchStarted({ requestId }));
      const request = dispatch(
        agentsApi.endpoints.listAgents.initiate(
          {
            ...(query.search ? { search: query.search } : {}),
            ...(query.city ? { city: query.city } : {}),
            ...(cursor ? { cursor } : {}),
            limit: AGENTS_PAGE_SIZE,
          },
          { subscribe: false, forceRefetch: true },
        ),
      );
      inFlight.current = request;
      const result = await request;
      if (inFlight.current === request) inFlight.current = null;
      if (result.isSuccess) {
        dispatch(
          agentSearchSucceeded({
            requestId,
            query,
            items: result.data.items,
            ...(result.data.cursor ? { cursor: result.data.cursor } : {}),
            append: Boolean(cursor),
          }),
        );
      } else if ((result.error as { name?: string } | undefined)?.name !== 'AbortError') {
        dispatch(
          agentSearchFailed({ requestId, error: apiErrorMessage(result.error, SEARCH_FAILED_MESSAGE) }),
        );
      }
    },
    [dispatch],
  );

  const search = useCallback((query: AgentSearchQuery) => run(query), [run]);
  const loadMore = useCallback(() => {
    const { searchQuery, searchCursor } = store.getState().agentSearch;
    if (searchQuery && searchCursor) void run(searchQuery, searchCursor);
  }, [run, store]);

  return {
    results: state.searchResults,
    loading: state.searchLoading,
    error: state.searchError,
    query: state.searchQuery,
    hasMore: state.searchCursor !== null,
    search,
    loadMore,
  };
}
