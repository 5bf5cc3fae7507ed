import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { ColumnPreference } from '#contracts/client-values';
import type { ClientListView, ClientTablePreferencesView, ClientView } from '#contracts/schemas/clients';
import { clearAuth } from '../auth/authSlice.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { FEATURE_LIMIT_REACHED, isClientLimitError } from './clientLimit.ts';

/**
 * Client state per spec §3: `clients` (the book the table shows), `tablePreferences` (the columns as the
 * agent arranges them, saved through the API a moment later) and `error` (the last failure, such as
 * `Feature limit reached`). RTK Query fetches (./api.ts, loaded with the clients screen); this slice, in
 * the store from the start, follows its results by endpoint name and is what the screen reads.
 */
export interface ClientsState {
  clients: ClientView[];
  /** the agency's members (or the agent alone): names for the owner and assignee columns */
  agents: ClientListView['agents'];
  /** whether `clients` holds the whole book yet (more pages may still be loading) */
  complete: boolean;
  tablePreferences: ColumnPreference[] | null;
  error: string | null;
}

export const initialClientsState: ClientsState = {
  clients: [],
  agents: [],
  complete: false,
  tablePreferences: null,
  error: null,
};

type Outcome = 'fulfilled' | 'rejected';

interface EndpointAction<Payload, Arg> extends UnknownAction {
  payload: Payload;
  meta: { arg: { endpointName: string; originalArgs: Arg }; condition?: boolean };
}

/** Matches the RTK Query result of one of the clients endpoints (queries and mutations alike). */
const endpointResult =
  <Payload = unknown, Arg = unknown>(outcome: Outcome, ...names: string[]) =>
  (action: UnknownAction): action is EndpointAction<Payload, Arg> =>
    (action.type === `api/executeQuery/${outcome}` || action.type === `api/executeMutation/${outcome}`) &&
    names.includes((action as Partial<EndpointAction<Payload, Arg>>).meta?.arg?.endpointName ?? '');

export const clientsSlice = createSlice({
  name: 'clients',
  initialState: initialClientsState,
  reducers: {
    /** The agent moved, hid, resized or sorted a column (a complete, normalized list). */
    tablePreferencesChanged(state, action: PayloadAction<ColumnPreference[]>) {
      state.tablePreferences = action.payload;
    },
    clientsErrorSet(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(clearAuth, () => initialClientsState)
      .addMatcher(
        endpointResult<{ pages: ClientListView[] }>('fulfilled', 'listClients'),
        (state, { payload: { pages } }) => {
          state.clients = pages.flatMap((page) => page.items);
          state.agents = pages[0]?.agents ?? [];
          state.complete = !pages.at(-1)?.cursor;
          state.error = null;
        },
      )
      .addMatcher(
        endpointResult<ClientView>('fulfilled', 'createClient', 'importClient'),
        (state, action) => {
          state.clients.unshift(action.payload);
          state.error = null;
        },
      )
      .addMatcher(endpointResult<ClientView>('fulfilled', 'updateClient'), (state, action) => {
        const index = state.clients.findIndex((client) => client.client_id === action.payload.client_id);
        if (index >= 0) state.clients[index] = action.payload;
        state.error = null;
      })
      .addMatcher(endpointResult<unknown, string>('fulfilled', 'deleteClient'), (state, action) => {
        const id = action.meta.arg.originalArgs;
        state.clients = state.clients.filter((client) => client.client_id !== id);
        state.error = null;
      })
      .addMatcher(
        endpointResult<ClientTablePreferencesView>('fulfilled', 'getClientTablePreferences'),
        (state, action) => {
          // what the agent changed meanwhile wins over what the server had
          state.tablePreferences ??= action.payload.columnPreferences;
        },
      )
      .addMatcher(
        endpointResult('rejected', 'listClients', 'createClient', 'updateClient', 'deleteClient'),
        (state, action) => {
          if (action.meta.condition) return;
          state.error = isClientLimitError(action.payload)
            ? FEATURE_LIMIT_REACHED
            : apiErrorMessage(action.payload, 'Something went wrong with your clients. Please try again.');
        },
      );
  },
  selectors: {
    selectClients: (state) => state.clients,
    selectClientAgents: (state) => state.agents,
    selectClientBookComplete: (state) => state.complete,
    selectClientTablePreferences: (state) => state.tablePreferences,
    selectClientsError: (state) => state.error,
  },
});

export const { tablePreferencesChanged, clientsErrorSet } = clientsSlice.actions;
export const {
  selectClients,
  selectClientAgents,
  selectClientBookComplete,
  selectClientTablePreferences,
  selectClientsError,
} = clientsSlice.selectors;
