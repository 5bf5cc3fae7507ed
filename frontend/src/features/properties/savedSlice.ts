import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Spec §3 "Saved state: savedProperties (ids), error, refreshNeeded" and §4: saving adds the id only if
 * absent, unsaving removes it, a refresh request sets refreshNeeded and a fetch clears it. Small and
 * zod-free: it sits in the store of every page.
 */
export interface SavedPropertiesState {
  savedProperties: string[];
  error: string | null;
  refreshNeeded: boolean;
}

const initialState: SavedPropertiesState = { savedProperties: [], error: null, refreshNeeded: false };

export const savedPropertiesSlice = createSlice({
  name: 'savedProperties',
  initialState,
  reducers: {
    propertySaved(state, action: PayloadAction<string>) {
      if (!state.savedProperties.includes(action.payload)) state.savedProperties.unshift(action.payload);
      state.error = null;
    },
    propertyUnsaved(state, action: PayloadAction<string>) {
      state.savedProperties = state.savedProperties.filter((id) => id !== action.payload);
      state.error = null;
    },
    savedRefreshRequested(state) {
      state.refreshNeeded = true;
    },
    savedPropertiesFetched(state, action: PayloadAction<string[]>) {
      state.savedProperties = action.payload;
      state.refreshNeeded = false;
      state.error = null;
    },
    savedPropertiesFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
  },
});

export const {
  propertySaved,
  propertyUnsaved,
  savedRefreshRequested,
  savedPropertiesFetched,
  savedPropertiesFailed,
} = savedPropertiesSlice.actions;
