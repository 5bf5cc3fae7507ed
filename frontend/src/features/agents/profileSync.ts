import { startAppListening } from '../../app/listenerMiddleware.ts';
import { agencyLoaded, logoChanged, visitedAgencyLoaded } from '../agencies/agencySlice.ts';
import { agenciesApi } from '../agencies/api.ts';
import { isAuthRehydrate, setAgencyId, setProfilePictureUrl } from '../auth/authSlice.ts';
import { agentLoaded, profilePictureChanged, visitedAgentLoaded } from './agentSlice.ts';
import { agentsApi } from './api.ts';

/**
 * Keeps the spec's state slices in step with API results: the signed-in agent and agency go to the agent
 * and agency slices (and the agency id to auth), anyone else's to the visited slices.
 */
/**
 * A stored session is known before any screen renders: its agent and agency (the id stored with it) load
 * from then on, side by side, instead of one after the other once the shell has mounted. The shell then
 * reads the same cache entries; if the agent has since changed agency, the shell asks for the new one.
 */
startAppListening({
  predicate: isAuthRehydrate,
  effect: (_action, { dispatch, getState }) => {
    const { token, agentId, agencyId } = getState().auth;
    if (!token || !agentId) return;
    dispatch(agentsApi.util.prefetch('getAgent', agentId, {}));
    if (agencyId) dispatch(agenciesApi.util.prefetch('getAgency', agencyId, {}));
  },
});

startAppListening({
  matcher: agentsApi.endpoints.getAgent.matchFulfilled,
  effect: (action, { dispatch, getState }) => {
    const agent = action.payload;
    if (action.meta.arg.originalArgs !== getState().auth.agentId) {
      dispatch(visitedAgentLoaded(agent));
      return;
    }
    dispatch(agentLoaded(agent));
    dispatch(setProfilePictureUrl(agent.profile_picture ?? null));
    if ((agent.agency_id ?? null) !== getState().auth.agencyId)
      dispatch(setAgencyId(agent.agency_id ?? null));
  },
});

startAppListening({
  matcher: agentsApi.endpoints.updateAgent.matchFulfilled,
  effect: (action, { dispatch }) => {
    dispatch(agentLoaded(action.payload));
  },
});

startAppListening({
  matcher: agentsApi.endpoints.uploadProfilePicture.matchFulfilled,
  effect: (action, { dispatch }) => {
    dispatch(profilePictureChanged(action.payload.profile_picture));
    dispatch(setProfilePictureUrl(action.payload.profile_picture));
  },
});

startAppListening({
  matcher: agenciesApi.endpoints.getAgency.matchFulfilled,
  effect: (action, { dispatch, getState }) => {
    if (action.meta.arg.originalArgs === getState().auth.agencyId) dispatch(agencyLoaded(action.payload));
    else dispatch(visitedAgencyLoaded(action.payload));
  },
});

startAppListening({
  matcher: agenciesApi.endpoints.updateAgency.matchFulfilled,
  effect: (action, { dispatch }) => {
    dispatch(agencyLoaded(action.payload));
  },
});

startAppListening({
  matcher: agenciesApi.endpoints.uploadLogo.matchFulfilled,
  effect: (action, { dispatch }) => {
    dispatch(logoChanged(action.payload.logo));
  },
});
