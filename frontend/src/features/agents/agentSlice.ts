import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clearAuth } from '../auth/authSlice.ts';
import type { Agent } from './types.ts';

/** The four reputation counters shown in the sidebar (spec §3). */
export interface ReputationCounters {
  reputationPoints: number;
  propertyCount: number;
  verifiedDeals: number;
  connections: number;
}

export const emptyCounters: ReputationCounters = {
  reputationPoints: 0,
  propertyCount: 0,
  verifiedDeals: 0,
  connections: 0,
};

/** What the agents directory (/agents/all-agents) searched for: a name prefix and a city, either empty. */
export interface AgentSearchQuery {
  search: string;
  city: string;
}

/** Agent state per spec §3: the signed-in agent, and the agents directory's search. */
export interface AgentState extends ReputationCounters {
  agentData: Agent | null;
  profilePictureUrl: string | null;
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

export const initialAgentState: AgentState = {
  agentData: null,
  profilePictureUrl: null,
  allAgents: [],
  ...emptyCounters,
  searchResults: [],
  searchLoading: false,
  searchError: null,
  searchQuery: null,
  searchCursor: null,
  searchRequestId: null,
};

export const agentSlice = createSlice({
  name: 'agent',
  initialState: initialAgentState,
  reducers: {
    agentLoaded(state, action: PayloadAction<Agent>) {
      const agent = action.payload;
      state.agentData = agent;
      state.profilePictureUrl = agent.profile_picture ?? null;
      state.reputationPoints = agent.reputation_points;
      state.propertyCount = agent.property_count;
      state.verifiedDeals = agent.verified_deals;
      state.connections = agent.connections;
    },
    profilePictureChanged(state, action: PayloadAction<string>) {
      state.profilePictureUrl = action.payload;
      if (state.agentData) state.agentData.profile_picture = action.payload;
    },
    allAgentsLoaded(state, action: PayloadAction<Agent[]>) {
      state.allAgents = action.payload;
    },
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
    builder.addCase(clearAuth, () => initialAgentState);
  },
  selectors: {
    selectAgentData: (state) => state.agentData,
    selectAgentPicture: (state) => state.profilePictureUrl,
    selectAgentCounters: (state): ReputationCounters => state,
  },
});

export const {
  agentLoaded,
  profilePictureChanged,
  allAgentsLoaded,
  agentSearchStarted,
  agentSearchSucceeded,
  agentSearchFailed,
} = agentSlice.actions;
export const { selectAgentData, selectAgentPicture, selectAgentCounters } = agentSlice.selectors;

/** Visited agent (spec §3): another agent's profile being viewed. */
export interface VisitedAgentState {
  visitedAgentData: Agent | null;
  profilePictureUrl: string | null;
}

const initialVisitedAgent: VisitedAgentState = { visitedAgentData: null, profilePictureUrl: null };

export const visitedAgentSlice = createSlice({
  name: 'visitedAgent',
  initialState: initialVisitedAgent,
  reducers: {
    visitedAgentLoaded(state, action: PayloadAction<Agent>) {
      state.visitedAgentData = action.payload;
      state.profilePictureUrl = action.payload.profile_picture ?? null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(clearAuth, () => initialVisitedAgent);
  },
});

export const { visitedAgentLoaded } = visitedAgentSlice.actions;
