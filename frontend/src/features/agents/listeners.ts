import type { AppStartListening } from '../../app/rootReducer.ts';
import { agenciesApi } from '../agencies/api.ts';
import { isAuthRehydrate, setAgencyId } from '../auth/authSlice.ts';
import { agentsApi } from './api.ts';

/**
 * Registered on each store by `makeStore`. The agent and agency records stay in the API cache (read through
 * ./selectors.ts and ../agencies/selectors.ts); these listeners start their reads early and keep the
 * session's agency id (auth state, persisted) the agent's own.
 */
export function registerProfileListeners(startListening: AppStartListening): void {
  // A stored session is known before any screen renders: its agent and agency (the id stored with it) load
  // from then on, side by side, instead of one after the other once the shell has mounted. The shell then
  // reads the same cache entries; if the agent has since changed agency, the shell asks for the new one.
  startListening({
    predicate: isAuthRehydrate,
    effect: (_action, { dispatch, getState }) => {
      const { token, agentId, agencyId } = getState().auth;
      if (!token || !agentId) return;
      dispatch(agentsApi.util.prefetch('getAgent', agentId, {}));
      if (agencyId) dispatch(agenciesApi.util.prefetch('getAgency', agencyId, {}));
    },
  });

  // an agent who joined or left an agency: the session's agency follows the record
  startListening({
    matcher: agentsApi.endpoints.getAgent.matchFulfilled,
    effect: ({ payload: agent, meta }, { dispatch, getState }) => {
      const { agentId, agencyId } = getState().auth;
      if (meta.arg.originalArgs !== agentId) return;
      if ((agent.agency_id ?? null) !== agencyId) dispatch(setAgencyId(agent.agency_id ?? null));
    },
  });
}
