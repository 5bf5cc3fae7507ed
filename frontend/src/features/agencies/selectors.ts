import { skipToken } from '@reduxjs/toolkit/query';
import type { RootState } from '../../app/rootReducer.ts';
import type { Agency } from '../agents/types.ts';
import { agenciesApi } from './api.ts';

/**
 * The signed-in agent's agency as the API cache holds it (the shell keeps it subscribed); the spec's whole
 * Agency state is `selectAgencyState` (app/specState.ts).
 */
export const selectAgencyData = (state: RootState): Agency | null =>
  agenciesApi.endpoints.getAgency.select(state.auth.agencyId ?? skipToken)(state).data ?? null;

export const selectAgencyLogo = (state: RootState) => selectAgencyData(state)?.logo ?? null;
