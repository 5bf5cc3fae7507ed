import { describe, expect, it } from 'vitest';
import type { GlobalComponent, Website, WebsiteContent } from './types.ts';
import {
  assetDeleted,
  assetsFetched,
  assetsUploaded,
  currentWebsiteSet,
  editorStateSet,
  globalComponentsSet,
  initialWebsiteState,
  websiteFailed,
  websiteSlice,
  websitesLoaded,
  websitesLoading,
} from './websiteSlice.ts';

const reduce = websiteSlice.reducer;

const content = (label: string): WebsiteContent => ({ components: {}, styles: label, pages: [] });

const site = (id: string, extra: Partial<Website> = {}): Website => ({
  id,
  website_id: id,
  agent_id: 'agent-1',
  name: `Site ${id}`,
  title: '',
  status: 'draft',
  theme_id: null,
  settings: {},
  last_published: null,
  globalComponentStats: { total: 0, active: 0, lastUpdated: null },
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const global = (id: string, version: number, is_active: boolean, updated_at?: string): GlobalComponent => ({
  global_component_id: id,
  component_type: 'header',
  component_name: id,
  component_data: {},
  version,
  is_active,
  ...(updated_at ? { updated_at } : {}),
});

describe('website slice', () => {
  it('keeps the spec state names', () => {
    expect(Object.keys(initialWebsiteState)).toEqual(
      expect.arrayContaining([
        'websites',
        'currentWebsite',
        'editorState',
        'backups',
        'loading',
        'error',
        'globalComponents',
      ]),
    );
  });

  it('loads the list, and records an error', () => {
    let state = reduce(initialWebsiteState, websitesLoading());
    expect(state.loading).toBe(true);
    state = reduce(state, websitesLoaded([site('a')]));
    expect(state).toMatchObject({ loading: false, error: null, websites: [{ id: 'a' }] });
    state = reduce(state, websiteFailed('Agent ID is missing'));
    expect(state).toMatchObject({ loading: false, error: 'Agent ID is missing' });
  });

  it('pushes the current website to the backups each time the editor state is set, keeping the last 5', () => {
    let state = reduce(initialWebsiteState, currentWebsiteSet(site('a', { content: content('v0') })));
    expect(state.backups).toHaveLength(0);
    for (let version = 1; version <= 7; version += 1) {
      state = reduce(state, editorStateSet(content(`v${version}`)));
    }
    expect(state.editorState?.styles).toBe('v7');
    expect(state.currentWebsite?.content?.styles).toBe('v7');
    expect(state.backups.map((backup) => backup.content?.styles)).toEqual(['v6', 'v5', 'v4', 'v3', 'v2']);
  });

  it('re-syncs counts and version when the global components change', () => {
    let state = reduce(initialWebsiteState, currentWebsiteSet(site('a', { content: content('x') })));
    state = reduce(
      state,
      globalComponentsSet([
        global('header', 3, true, '2026-02-01T00:00:00.000Z'),
        global('footer', 1, false, '2026-03-01T00:00:00.000Z'),
      ]),
    );
    expect(state.currentWebsite?.globalComponentStats).toEqual({
      total: 2,
      active: 1,
      lastUpdated: '2026-03-01T00:00:00.000Z',
    });
    expect(state.currentWebsite?.content?.metadata?.globalComponentsVersion).toBe(3);
    expect(state.editorState?.globalComponents).toHaveLength(2);
    state = reduce(state, globalComponentsSet([]));
    expect(state.currentWebsite?.content?.metadata?.globalComponentsVersion).toBe(1);
  });

  it('replaces assets on a fetch, appends uploads and removes by id', () => {
    const asset = (id: string) => ({
      id,
      url: `/media/${id}.png`,
      name: `${id}.png`,
      size: 1,
      type: 'website-asset' as const,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    let state = reduce(initialWebsiteState, assetsFetched([asset('a'), asset('b')]));
    state = reduce(state, assetsUploaded([asset('c')]));
    expect(state.assets.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    state = reduce(state, assetDeleted('b'));
    expect(state.assets.map((item) => item.id)).toEqual(['a', 'c']);
    state = reduce(state, assetsFetched([asset('d')]));
    expect(state.assets.map((item) => item.id)).toEqual(['d']);
  });
});
