import type { RootState } from '../../app/rootReducer.ts';
import { propertiesApi } from './api.ts';
import type { SavedPropertiesPage } from './types.ts';

const NONE: string[] = [];
export const SAVED_LOAD_FAILED = 'The saved properties could not be loaded.';

const savedEntries = (state: RootState) =>
  propertiesApi.util
    .selectCachedArgsForQuery(state, 'savedProperties')
    .map((arg) => propertiesApi.endpoints.savedProperties.select(arg)(state));

/**
 * Spec §3 Saved state from the API cache: `savedProperties` (ids, newest saved first) as the latest answer
 * gave them (a save or unsave shows in every cached list at once: ./api.ts followSavedChange), `error`
 * when a saved list could not be loaded, `refreshNeeded` while a save or unsave's refresh is on its way.
 */
export const selectSavedIds = (state: RootState): string[] => {
  let newest: SavedPropertiesPage | undefined;
  let newestAt = -1;
  for (const entry of savedEntries(state)) {
    if (entry.data && (entry.fulfilledTimeStamp ?? 0) > newestAt) {
      newest = entry.data;
      newestAt = entry.fulfilledTimeStamp ?? 0;
    }
  }
  return newest?.savedProperties ?? NONE;
};

export const selectSavedRefreshNeeded = (state: RootState) =>
  savedEntries(state).some((entry) => entry.status === 'pending');

export const selectSavedError = (state: RootState) =>
  savedEntries(state).some((entry) => entry.isError) ? SAVED_LOAD_FAILED : null;
