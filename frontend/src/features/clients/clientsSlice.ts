import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ColumnPreference } from '#contracts/client-values';
import { clearAuth } from '../auth/authSlice.ts';

/**
 * The client screen's own state (spec §3 Client state: tablePreferences, error): the columns as the agent
 * arranges them (saved through the API a moment later; until changed, the saved ones from the API cache
 * apply) and the last failure, such as `Feature limit reached`. The book itself (`clients`) is the API
 * cache's: ./selectors.ts.
 */
export interface ClientsState {
  tablePreferences: ColumnPreference[] | null;
  error: string | null;
}

export const initialClientsState: ClientsState = { tablePreferences: null, error: null };

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
    builder.addCase(clearAuth, () => initialClientsState);
  },
  selectors: {
    selectLocalTablePreferences: (state) => state.tablePreferences,
    selectClientsError: (state) => state.error,
  },
});

export const { tablePreferencesChanged, clientsErrorSet } = clientsSlice.actions;
export const { selectLocalTablePreferences, selectClientsError } = clientsSlice.selectors;
