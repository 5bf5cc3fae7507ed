import { skipToken } from '@reduxjs/toolkit/query';
import type { RootState } from '../../app/rootReducer.ts';
import { agentsApi } from './api.ts';
import type { Agent } from './types.ts';

/**
 * The signed-in agent's record as the API cache holds it (the shell keeps it subscribed); the spec's whole
 * Agent state is `selectAgentState` (app/specState.ts).
 */
export const selectAgentData = (state: RootState): Agent | null =>
  agentsApi.endpoints.getAgent.select(state.auth.agentId ?? skipToken)(state).data ?? null;

export const selectAgentPicture = (state: RootState) => selectAgentData(state)?.profile_picture ?? null;
