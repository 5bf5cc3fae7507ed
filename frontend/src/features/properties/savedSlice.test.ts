import { describe, expect, it } from 'vitest';
import {
  propertySaved,
  propertyUnsaved,
  savedPropertiesFetched,
  savedPropertiesSlice,
  savedRefreshRequested,
} from './savedSlice.ts';

const reduce = savedPropertiesSlice.reducer;

describe('the saved properties state (spec §4)', () => {
  it('adds an id only if absent and removes it on unsave', () => {
    let state = reduce(undefined, propertySaved('a'));
    state = reduce(state, propertySaved('b'));
    state = reduce(state, propertySaved('a'));

    expect(state.savedProperties).toEqual(['b', 'a']);
    expect(reduce(state, propertyUnsaved('a')).savedProperties).toEqual(['b']);
  });

  it('sets refreshNeeded on a refresh request and clears it with the fetch', () => {
    const requested = reduce(undefined, savedRefreshRequested());
    expect(requested.refreshNeeded).toBe(true);

    const fetched = reduce(requested, savedPropertiesFetched(['x', 'y']));
    expect(fetched).toEqual({ savedProperties: ['x', 'y'], error: null, refreshNeeded: false });
  });
});
