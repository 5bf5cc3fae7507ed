import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { emptyCounters, type ReputationCounters } from '../agents/agentSlice.ts';
import type { Agency } from '../agents/types.ts';
import { clearAuth } from '../auth/authSlice.ts';

/** Agency state per spec §3: the signed-in agent's agency. */
export interface AgencyState extends ReputationCounters {
  agencyData: Agency | null;
  logoUrl: string | null;
  agenciesData: Agency[];
}

export const initialAgencyState: AgencyState = {
  agencyData: null,
  logoUrl: null,
  agenciesData: [],
  ...emptyCounters,
};

export const agencySlice = createSlice({
  name: 'agency',
  initialState: initialAgencyState,
  reducers: {
    agencyLoaded(state, action: PayloadAction<Agency>) {
      state.agencyData = action.payload;
      state.logoUrl = action.payload.logo ?? null;
    },
    logoChanged(state, action: PayloadAction<string>) {
      state.logoUrl = action.payload;
      if (state.agencyData) state.agencyData.logo = action.payload;
    },
    /** the agency's reputation: its agents' counters added up (GET /api/agencies/{id}/reputation) */
    agencyCountersLoaded(state, action: PayloadAction<ReputationCounters>) {
      state.reputationPoints = action.payload.reputationPoints;
      state.propertyCount = action.payload.propertyCount;
      state.verifiedDeals = action.payload.verifiedDeals;
      state.connections = action.payload.connections;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(clearAuth, () => initialAgencyState);
  },
  selectors: {
    selectAgencyData: (state) => state.agencyData,
    selectAgencyLogo: (state) => state.logoUrl,
    selectAgencyCounters: (state): ReputationCounters => state,
  },
});

export const { agencyLoaded, logoChanged, agencyCountersLoaded } = agencySlice.actions;
export const { selectAgencyData, selectAgencyLogo, selectAgencyCounters } = agencySlice.selectors;

/** Visited agency (spec §3). */
export interface VisitedAgencyState {
  visitedAgencyData: Agency | null;
  logoUrl: string | null;
}

const initialVisitedAgency: VisitedAgencyState = { visitedAgencyData: null, logoUrl: null };

export const visitedAgencySlice = createSlice({
  name: 'visitedAgency',
  initialState: initialVisitedAgency,
  reducers: {
    visitedAgencyLoaded(state, action: PayloadAction<Agency>) {
      state.visitedAgencyData = action.payload;
      state.logoUrl = action.payload.logo ?? null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(clearAuth, () => initialVisitedAgency);
  },
});

export const { visitedAgencyLoaded } = visitedAgencySlice.actions;
