import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';

/**
 * The session (spec §3 Auth state): only token, agentId and agencyId are persisted (app/persistConfig.ts).
 * The spec's allAgents and profilePictureUrl are server data: `selectAuthState` (./selectors.ts) reads them
 * from the API cache beside these fields.
 */
export interface AuthState {
  token: string | null;
  agentId: string | null;
  agencyId: string | null;
  isAuthenticated: boolean;
}

export interface Credentials {
  token: string;
  agentId: string;
  /** Agents without an agency have none. */
  agencyId?: string | null;
}

/** Any state that holds the auth slice: what the API layer needs to know of the store. */
export interface AuthRoot {
  auth: AuthState;
}

export const initialAuthState: AuthState = {
  token: null,
  agentId: null,
  agencyId: null,
  isAuthenticated: false,
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

export const { setCredentials, tokenRefreshed, setAgencyId, clearAuth } = authSlice.actions;

/** The API refused the token and no refresh was possible: the session listener logs out. */
export const sessionExpired = createAction('auth/sessionExpired');
export const { selectToken, selectAgentId, selectAgencyId, selectIsAuthenticated } = authSlice.selectors;
