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

/** Agent state per spec §3: the signed-in agent. */
export interface AgentState extends ReputationCounters {
  agentData: Agent | null;
  profilePictureUrl: string | null;
  allAgents: Agent[];
  searchResults: Agent[];
  searchLoading: boolean;
  searchError: string | null;
}

export const initialAgentState: AgentState = {
  agentData: null,
  profilePictureUrl: null,
  allAgents: [],
  ...emptyCounters,
  searchResults: [],
  searchLoading: false,
  searchError: null,
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

export const { agentLoaded, profilePictureChanged, allAgentsLoaded } = agentSlice.actions;
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
