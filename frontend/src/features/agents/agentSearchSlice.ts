import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clearAuth } from '../auth/authSlice.ts';
import type { Agent } from './types.ts';

/** What the agents directory (/agents/all-agents) searched for: a name prefix and a city, either empty. */
export interface AgentSearchQuery {
  search: string;
  city: string;
}

/**
 * The agents directory's search (spec §3 Agent state: allAgents, searchResults, searchLoading,
 * searchError). The signed-in agent's own record and counters are not here: they are the API cache's
 * (`selectAgentState` in ./selectors.ts gives the spec's whole Agent state).
 */
export interface AgentSearchState {
  /** the directory without a search: every agent loaded so far */
  allAgents: Agent[];
  searchResults: Agent[];
  searchLoading: boolean;
  searchError: string | null;
  /** the query the results answer, the cursor of their next page, and the search whose answer counts */
  searchQuery: AgentSearchQuery | null;
  searchCursor: string | null;
  searchRequestId: string | null;
}

export const initialAgentSearchState: AgentSearchState = {
  allAgents: [],
  searchResults: [],
  searchLoading: false,
  searchError: null,
  searchQuery: null,
  searchCursor: null,
  searchRequestId: null,
};

export const agentSearchSlice = createSlice({
  name: 'agentSearch',
  initialState: initialAgentSearchState,
  reducers: {
    /** A directory search began; only the answer of the latest one is kept (an older one may come later). */
    agentSearchStarted(state, action: PayloadAction<{ requestId: string }>) {
      state.searchLoading = true;
      state.searchError = null;
      state.searchRequestId = action.payload.requestId;
    },
    agentSearchSucceeded(
      state,
      action: PayloadAction<{
        requestId: string;
        query: AgentSearchQuery;
        items: Agent[];
        cursor?: string;
        /** a further page of the same query */
        append: boolean;
      }>,
    ) {
      const { requestId, query, items, cursor, append } = action.payload;
      if (requestId !== state.searchRequestId) return;
      state.searchLoading = false;
      const known = new Set(append ? state.searchResults.map((agent) => agent.agent_id) : []);
      state.searchResults = append
        ? [...state.searchResults, ...items.filter((agent) => !known.has(agent.agent_id))]
        : items;
      state.searchQuery = query;
      state.searchCursor = cursor ?? null;
      if (!query.search && !query.city) state.allAgents = state.searchResults;
    },
    agentSearchFailed(state, action: PayloadAction<{ requestId: string; error: string }>) {
      if (action.payload.requestId !== state.searchRequestId) return;
      state.searchLoading = false;
      state.searchError = action.payload.error;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(clearAuth, () => initialAgentSearchState);
  },
});

export const { agentSearchStarted, agentSearchSucceeded, agentSearchFailed } = agentSearchSlice.actions;
