import { createAction, createListenerMiddleware, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import type { AgentView } from '#contracts/schemas/agents';
import { flushPersistedState } from '../../app/persistConfig.ts';
import { sessionCookieMaxAge } from './session.ts';
import { clearTokenCookie, writeTokenCookie } from './tokenCookie.ts';

/** Auth state per spec §3. Only token, agentId and agencyId are persisted (see app/store.ts). */
export interface AuthState {
  token: string | null;
  agentId: string | null;
  agencyId: string | null;
  isAuthenticated: boolean;
  allAgents: AgentView[];
  profilePictureUrl: string | null;
}

export interface Credentials {
  token: string;
  agentId: string;
  /** Agents without an agency have none. */
  agencyId?: string | null;
}

export const initialAuthState: AuthState = {
  token: null,
  agentId: null,
  agencyId: null,
  isAuthenticated: false,
  allAgents: [],
  profilePictureUrl: null,
};

interface RehydrateAction {
  type: typeof REHYDRATE;
  key: string;
  payload?: Partial<AuthState> | null;
}

/** redux-persist's REHYDRATE of the auth state: the stored session (if any) is back in the store. */
export const isAuthRehydrate = (action: unknown): action is RehydrateAction =>
  typeof action === 'object' &&
  action !== null &&
  (action as { type?: unknown }).type === REHYDRATE &&
  (action as { key?: unknown }).key === 'auth';

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setCredentials(state, action: PayloadAction<Credentials>) {
      state.token = action.payload.token;
      state.agentId = action.payload.agentId;
      state.agencyId = action.payload.agencyId ?? null;
      state.isAuthenticated = true;
    },
    /** A refreshed access token for the same session (agent and agency stay). */
    tokenRefreshed(state, action: PayloadAction<{ token: string }>) {
      state.token = action.payload.token;
      state.isAuthenticated = true;
    },
    /** The agent's agency, known once the agent record has loaded (null for agents without one). */
    setAgencyId(state, action: PayloadAction<string | null>) {
      state.agencyId = action.payload;
    },
    setAllAgents(state, action: PayloadAction<AgentView[]>) {
      state.allAgents = action.payload;
    },
    setProfilePictureUrl(state, action: PayloadAction<string | null>) {
      state.profilePictureUrl = action.payload;
    },
    /** Logout or an expired session: back to the initial state (other slices reset on this action too). */
    clearAuth() {
      return initialAuthState;
    },
  },
  extraReducers: (builder) => {
    // isAuthenticated is not persisted; a rehydrated token means the session is still on.
    builder.addMatcher(isAuthRehydrate, (state, action) => {
      if (action.payload?.token) state.isAuthenticated = true;
    });
  },
  selectors: {
    selectToken: (state) => state.token,
    selectAgentId: (state) => state.agentId,
    selectAgencyId: (state) => state.agencyId,
    selectIsAuthenticated: (state) => state.isAuthenticated,
  },
});

export const { setCredentials, tokenRefreshed, setAgencyId, setAllAgents, setProfilePictureUrl, clearAuth } =
  authSlice.actions;

/** The API refused the token and no refresh was possible: the session listener logs out. */
export const sessionExpired = createAction('auth/sessionExpired');
export const { selectToken, selectAgentId, selectAgencyId, selectIsAuthenticated } = authSlice.selectors;

/**
 * Mirrors the token in the `token` cookie the route guard reads, and writes the stored session in the same
 * moment, so a page loaded at any time after finds both or neither (side effects stay out of reducers).
 * The cookie lives as long as the session, not the access token: until the refresh token expires for a
 * "Keep me signed in" session, until the browser closes for any other (session.ts sessionCookieMaxAge).
 */
export const authCookieListener = createListenerMiddleware();

const writeSession = ({ payload }: { payload: { token: string } }) => {
  writeTokenCookie(payload.token, sessionCookieMaxAge());
  flushPersistedState();
};
authCookieListener.startListening({ actionCreator: setCredentials, effect: writeSession });
authCookieListener.startListening({ actionCreator: tokenRefreshed, effect: writeSession });

authCookieListener.startListening({
  actionCreator: clearAuth,
  effect: () => clearTokenCookie(),
});
