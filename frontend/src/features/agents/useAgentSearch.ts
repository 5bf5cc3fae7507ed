import { useMemo } from 'react';
import { apiErrorMessage } from '../errors/apiError.ts';
import { agentsApi } from './api.ts';
import type { Agent, AgentList, AgentSearchQuery } from './types.ts';

export const SEARCH_FAILED_MESSAGE = 'Agents could not be loaded. Please try again.';

/** The agents of a search's pages in order, each once (a later page never repeats an agent). */
export function agentsOfPages(pages: readonly AgentList[] | undefined): Agent[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) =>
    page.items.filter((agent) => !seen.has(agent.agent_id) && Boolean(seen.add(agent.agent_id))),
  );
}

/**
 * The agents directory's search for `query` (spec §3: the agent state's searchResults, searchLoading,
 * searchError), from the RTK Query cache: one cache entry per query, its pages loaded one after another by
 * `loadMore`. While another query loads, the previous one's results stay shown (`stale`).
 */
export function useAgentSearch(query: AgentSearchQuery) {
  const result = agentsApi.useSearchAgentsInfiniteQuery(query);
  const results = useMemo(() => agentsOfPages(result.data?.pages), [result.data]);
  const { hasNextPage, fetchNextPage, refetch } = result;
  return {
    results,
    loading: result.isFetching,
    error: result.isError ? apiErrorMessage(result.error, SEARCH_FAILED_MESSAGE) : null,
    /** some query has been answered (the results may be another query's while this one loads) */
    answered: result.data !== undefined,
    /** the results shown are another query's: this one's first page is on its way */
    stale: result.isFetching && result.currentData === undefined && result.data !== undefined,
    hasMore: hasNextPage,
    loadMore: () => void fetchNextPage(),
    /** the same search read again (its loaded pages) */
    refresh: () => void refetch(),
    /** the failed page again: the next one when some are in, else the search from its start */
    retry: () => void (result.data?.pages.length && hasNextPage ? fetchNextPage() : refetch()),
  };
}
