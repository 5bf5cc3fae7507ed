import type { RootState } from '../../app/store.ts';

/** Selectors of the saved state, apart from the slice so that only the property screens load them. */
export const selectSavedIds = (state: RootState) => state.savedProperties.savedProperties;
export const selectSavedRefreshNeeded = (state: RootState) => state.savedProperties.refreshNeeded;
export const selectSavedError = (state: RootState) => state.savedProperties.error;
