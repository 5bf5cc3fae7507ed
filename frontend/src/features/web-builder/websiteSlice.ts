import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAX_WEBSITE_BACKUPS } from '#contracts/schemas/websites';
import { globalComponentSummary } from './content.ts';
import type { GlobalComponent, Website, WebsiteAsset, WebsiteContent } from './types.ts';

/**
 * Website state (spec §3): the editor's working copy of the agent's websites. It lives with the editor
 * route (`useReducer` in WebsiteProvider), so none of it weighs on the other routes' bundles.
 */
export interface WebsiteState {
  websites: Website[];
  currentWebsite: Website | null;
  /** the ETag of the current website as last loaded or saved: each save sends it as If-Match */
  etag: string | null;
  editorState: WebsiteContent | null;
  /** the current website as it was each time the editor state was set, newest first (spec §4: last 5) */
  backups: Website[];
  loading: boolean;
  error: string | null;
  globalComponents: GlobalComponent[];
  /** spec §4 "Website assets": uploads append, deletes remove by id, a fetch replaces the list */
  assets: WebsiteAsset[];
}

export const initialWebsiteState: WebsiteState = {
  websites: [],
  currentWebsite: null,
  etag: null,
  editorState: null,
  backups: [],
  loading: false,
  error: null,
  globalComponents: [],
  assets: [],
};

export const websiteSlice = createSlice({
  name: 'website',
  initialState: initialWebsiteState,
  reducers: {
    websitesLoading(state) {
      state.loading = true;
      state.error = null;
    },
    websitesLoaded(state, action: PayloadAction<Website[]>) {
      state.websites = action.payload;
      state.loading = false;
      state.error = null;
    },
    websiteFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** the website opened in the editor; its content becomes the editor state without a backup */
    currentWebsiteSet(state, action: PayloadAction<Website>) {
      state.currentWebsite = action.payload;
      state.editorState = action.payload.content ?? null;
      state.globalComponents = (action.payload.content?.globalComponents as GlobalComponent[]) ?? [];
      state.loading = false;
      state.error = null;
      const index = state.websites.findIndex((site) => site.id === action.payload.id);
      if (index >= 0) state.websites[index] = { ...action.payload, content: undefined };
    },
    /** the current website's revision changed hands: loaded, or saved (its answer's ETag) */
    etagSet(state, action: PayloadAction<string | null>) {
      state.etag = action.payload;
    },
    /** spec §4 "Editor state": each set pushes the current website to the backups, keeping the last 5 */
    editorStateSet(state, action: PayloadAction<WebsiteContent>) {
      if (state.currentWebsite) {
        state.backups = [state.currentWebsite, ...state.backups].slice(0, MAX_WEBSITE_BACKUPS);
        state.currentWebsite = { ...state.currentWebsite, content: action.payload };
      }
      state.editorState = action.payload;
    },
    /** spec §4: any change re-syncs the website's components, version and counts */
    globalComponentsSet(state, action: PayloadAction<GlobalComponent[]>) {
      state.globalComponents = action.payload;
      const summary = globalComponentSummary(action.payload);
      if (state.currentWebsite) {
        state.currentWebsite.globalComponentStats = summary.stats;
        if (state.currentWebsite.content) {
          state.currentWebsite.content.globalComponents = action.payload;
          state.currentWebsite.content.metadata = {
            ...state.currentWebsite.content.metadata,
            globalComponentsVersion: summary.version,
            lastGlobalSync: summary.stats.lastUpdated ?? undefined,
          };
        }
      }
      if (state.editorState) {
        state.editorState.globalComponents = action.payload;
        state.editorState.metadata = {
          ...state.editorState.metadata,
          globalComponentsVersion: summary.version,
        };
      }
    },
    assetsFetched(state, action: PayloadAction<WebsiteAsset[]>) {
      state.assets = action.payload;
    },
    assetsUploaded(state, action: PayloadAction<WebsiteAsset[]>) {
      state.assets = [...state.assets, ...action.payload];
    },
    assetDeleted(state, action: PayloadAction<string>) {
      state.assets = state.assets.filter((asset) => asset.id !== action.payload);
    },
  },
});

export const {
  websitesLoading,
  websitesLoaded,
  websiteFailed,
  currentWebsiteSet,
  etagSet,
  editorStateSet,
  globalComponentsSet,
  assetsFetched,
  assetsUploaded,
  assetDeleted,
} = websiteSlice.actions;

export type WebsiteAction = ReturnType<(typeof websiteSlice.actions)[keyof typeof websiteSlice.actions]>;
