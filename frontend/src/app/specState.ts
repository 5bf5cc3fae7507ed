import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { agenciesApi } from '../features/agencies/api.ts';
import { selectAgencyData } from '../features/agencies/selectors.ts';
import { agentsApi } from '../features/agents/api.ts';
import { selectAgentData } from '../features/agents/selectors.ts';
import type { Agency } from '../features/agents/types.ts';
import { agentsOfPages, SEARCH_FAILED_MESSAGE } from '../features/agents/useAgentSearch.ts';
import { selectClientsError } from '../features/clients/clientsSlice.ts';
import { selectClients, selectClientTablePreferences } from '../features/clients/selectors.ts';
import { apiErrorMessage } from '../features/errors/apiError.ts';
import {
  selectSavedError,
  selectSavedIds,
  selectSavedRefreshNeeded,
} from '../features/properties/savedSelectors.ts';
import { reputationApi } from '../features/reputation/api.ts';
import type { AppNotification } from '../features/reputation/types.ts';
import type { RootState } from './rootReducer.ts';

/**
 * The state spec §3 names, area by area, as memoized selectors. Server data has one home, the RTK Query
 * cache; slices hold only client state (the session, table preferences, the cloud
 * screen, the paywall). Screens read the narrower selectors beside their features; these give each
 * spec-named field in one place (and stay out of the bundle until something reads them).
 */

/** The four reputation counters of the agent and agency state (spec §3). */
export interface ReputationCounters {
  reputationPoints: number;
  propertyCount: number;
  verifiedDeals: number;
  connections: number;
}

const NO_COUNTERS: ReputationCounters = {
  reputationPoints: 0,
  propertyCount: 0,
  verifiedDeals: 0,
  connections: 0,
};

const selectAgentCounters = createSelector(
  [selectAgentData],
  (agent): ReputationCounters =>
    agent
      ? {
          reputationPoints: agent.reputation_points,
          propertyCount: agent.property_count,
          verifiedDeals: agent.verified_deals,
          connections: agent.connections,
        }
      : NO_COUNTERS,
);

/** The directory's cache entry searched last (the agents directory's `searchAgents` infinite query). */
function selectLatestAgentSearch(state: RootState) {
  let latest: ReturnType<ReturnType<typeof agentsApi.endpoints.searchAgents.select>> | undefined;
  for (const query of agentsApi.util.selectCachedArgsForQuery(state, 'searchAgents')) {
    const entry = agentsApi.endpoints.searchAgents.select(query)(state);
    if (!latest || (entry.startedTimeStamp ?? 0) > (latest.startedTimeStamp ?? 0)) latest = entry;
  }
  return latest;
}

const selectSearchResults = createSelector(
  [(state: RootState) => selectLatestAgentSearch(state)?.data?.pages],
  (pages) => agentsOfPages(pages),
);

/** The directory without a search: every agent loaded so far. */
const selectAllAgents = createSelector(
  [(state: RootState) => agentsApi.endpoints.searchAgents.select(EVERY_AGENT)(state).data?.pages],
  (pages) => agentsOfPages(pages),
);
const EVERY_AGENT = { search: '', city: '' };

/** Auth state: token, agentId, agencyId, isAuthenticated (the auth slice), allAgents, profilePictureUrl. */
export const selectAuthState = createSelector(
  [(state: RootState) => state.auth, selectAllAgents, selectAgentData],
  ({ token, agentId, agencyId, isAuthenticated }, allAgents, agent) => ({
    token,
    agentId,
    agencyId,
    isAuthenticated,
    allAgents,
    profilePictureUrl: agent?.profile_picture ?? null,
  }),
);

/** Agent state: the signed-in agent and its counters, the directory's latest search (all from the cache). */
export const selectAgentState = createSelector(
  [
    selectAgentData,
    selectAgentCounters,
    selectAllAgents,
    selectSearchResults,
    (state: RootState) => selectLatestAgentSearch(state)?.isLoading ?? false,
    (state: RootState) => selectLatestAgentSearch(state)?.error,
  ],
  (agentData, counters, allAgents, searchResults, searchLoading, error) => ({
    agentData,
    profilePictureUrl: agentData?.profile_picture ?? null,
    allAgents,
    ...counters,
    searchResults,
    searchLoading,
    searchError: error ? apiErrorMessage(error, SEARCH_FAILED_MESSAGE) : null,
  }),
);

const selectAgencyCounters = createSelector(
  [
    (state: RootState) =>
      reputationApi.endpoints.getAgencyReputation.select(state.auth.agencyId ?? skipToken)(state).data,
  ],
  (reputation): ReputationCounters =>
    reputation
      ? {
          reputationPoints: reputation.points,
          propertyCount: reputation.propertyCount,
          verifiedDeals: reputation.verifiedDeals,
          connections: reputation.connections,
        }
      : NO_COUNTERS,
);

const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Every agency the cache holds: the signed-in agent's and any visited one. */
const selectCachedAgencies = createSelector(
  [
    (state: RootState) =>
      agenciesApi.util
        .selectCachedArgsForQuery(state, 'getAgency')
        .map((id) => agenciesApi.endpoints.getAgency.select(id)(state).data),
  ],
  (agencies) => agencies.filter((agency): agency is Agency => Boolean(agency)),
  // the list is made afresh on each call: the same agencies keep the same array
  { memoizeOptions: { resultEqualityCheck: sameItems }, devModeChecks: { inputStabilityCheck: 'never' } },
);

/** Agency state: agencyData, logoUrl, agenciesData and the agency's combined counters (cache). */
export const selectAgencyState = createSelector(
  [selectAgencyData, selectAgencyCounters, selectCachedAgencies],
  (agencyData, counters, agenciesData) => ({
    agencyData,
    logoUrl: agencyData?.logo ?? null,
    agenciesData,
    ...counters,
  }),
);

/** Visited agent: another agent's profile, by the id the page shows (cache). */
export const selectVisitedAgentState = createSelector(
  [(state: RootState, agentId: string) => agentsApi.endpoints.getAgent.select(agentId)(state).data ?? null],
  (visitedAgentData) => ({ visitedAgentData, profilePictureUrl: visitedAgentData?.profile_picture ?? null }),
);

/** Visited agency: another agency, by the id the page shows (cache). */
export const selectVisitedAgencyState = createSelector(
  [
    (state: RootState, agencyId: string) =>
      agenciesApi.endpoints.getAgency.select(agencyId)(state).data ?? null,
  ],
  (visitedAgencyData) => ({ visitedAgencyData, logoUrl: visitedAgencyData?.logo ?? null }),
);

/** Saved state: savedProperties (ids), error, refreshNeeded (cache: features/properties/savedSelectors.ts). */
export const selectSavedState = createSelector(
  [selectSavedIds, selectSavedError, selectSavedRefreshNeeded],
  (savedProperties, error, refreshNeeded) => ({ savedProperties, error, refreshNeeded }),
);

/** Client state: clients (cache), tablePreferences (changed here, else as saved), error (clients slice). */
export const selectClientState = createSelector(
  [selectClients, selectClientTablePreferences, selectClientsError],
  (clients, tablePreferences, error) => ({ clients, tablePreferences, error }),
);

export const NOTIFICATIONS_FAILED = 'Notifications could not be loaded';
const NO_NOTIFICATIONS: AppNotification[] = [];
const ownNotifications = (state: RootState) =>
  reputationApi.endpoints.listNotifications.select(state.auth.agentId ?? skipToken)(state);

/** Notification state: items (dismissed ones out at once), loading, error (cache). */
export const selectNotificationState = createSelector(
  [
    (state: RootState) => ownNotifications(state).data?.items,
    (state: RootState) => ownNotifications(state).status === 'pending',
    (state: RootState) => ownNotifications(state).isError,
  ],
  (items, loading, failed) => ({
    items: items ?? NO_NOTIFICATIONS,
    loading,
    error: failed ? NOTIFICATIONS_FAILED : null,
  }),
);
