import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.ts';
import { type Client, type ClientAgent, clientsApi } from './api.ts';
import { selectLocalTablePreferences } from './clientsSlice.ts';

const NO_CLIENTS: Client[] = [];
const NO_AGENTS: ClientAgent[] = [];

/** The signed-in agent's book in the API cache (every page loaded so far). */
const selectBookPages = (state: RootState) =>
  clientsApi.endpoints.listClients.select({ agencyId: state.auth.agencyId ?? null })(state).data?.pages;

/** The book the table shows: every loaded page's clients, newest first. */
export const selectClients = createSelector([selectBookPages], (pages) =>
  pages ? pages.flatMap((page) => page.items) : NO_CLIENTS,
);

/** The agency's members (or the agent alone): names for the owner and assignee columns. */
export const selectClientAgents = (state: RootState) => selectBookPages(state)?.[0]?.agents ?? NO_AGENTS;

/** Whether the cache holds the whole book yet (more pages may still be loading). */
export const selectClientBookComplete = (state: RootState) => {
  const pages = selectBookPages(state);
  return Boolean(pages && !pages.at(-1)?.cursor);
};

/** The columns: as the agent changed them here, else as saved (the API cache), else none yet. */
export const selectClientTablePreferences = (state: RootState) => {
  const agentId = state.auth.agentId;
  return (
    selectLocalTablePreferences(state) ??
    (agentId
      ? (clientsApi.endpoints.getClientTablePreferences.select(agentId)(state).data?.columnPreferences ??
        null)
      : null)
  );
};
