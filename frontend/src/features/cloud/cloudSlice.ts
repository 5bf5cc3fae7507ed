import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CloudItem, CloudView } from './types.ts';

/**
 * The cloud screen's client state (spec §3 "Cloud state"; server data lives in the RTK Query caches):
 * view, folder path, selection, view mode, preview, uploads, one error slot per operation, the timed
 * warnings, the search query and the storage-limit modal.
 */

export const CLOUD_OPERATIONS = [
  'files',
  'folderContents',
  'folders',
  'upload',
  'download',
  'delete',
  'share',
  'move',
  'copy',
  'restore',
  'trash',
] as const;
export type CloudOperation = (typeof CLOUD_OPERATIONS)[number];

/** Spec §8 fallbacks, by operation. */
export const CLOUD_FALLBACKS = {
  files: 'Failed to fetch files',
  folderContents: 'Failed to fetch folder contents',
  deleted: 'Failed to fetch deleted files',
  shared: 'Failed to fetch shared files',
  createFolder: 'Failed to create folder',
  delete: 'Failed to delete files',
  rename: 'Failed to rename file',
  move: 'Failed to move files',
  copy: 'Failed to copy files',
  restore: 'Failed to restore files',
  deletePermanently: 'Failed to permanently delete files',
  emptyTrash: 'Failed to empty trash',
  download: 'Failed to download files',
} as const;

export const COPY_WARNING = 'Server error during copy. Creating a local copy instead.';
export const restoreWarning = (restored: number, failed: number) =>
  `Restored ${restored} files, but ${failed} files failed`;
/** Spec §9: how long each warning shows. */
export const WARNING_MS = { restore: 5000, copy: 3000, duplicate: 3000 } as const;
export type WarningKind = keyof typeof WARNING_MS;

export type UploadStatus = 'queued' | 'uploading' | 'completed' | 'error' | 'cancelled';

export interface UploadRecord {
  id: string;
  name: string;
  size: number;
  /** 0–100 */
  progress: number;
  status: UploadStatus;
  error?: string;
  /** the pending item on the server, once the upload was started */
  itemId?: string;
}

export interface FolderCrumb {
  id: string;
  name: string;
}

export interface CloudState {
  currentView: CloudView;
  /** null = root */
  currentFolder: string | null;
  folderPath: FolderCrumb[];
  selectedFiles: string[];
  viewMode: 'grid' | 'list';
  preview: { open: boolean; item: CloudItem | null };
  uploads: UploadRecord[];
  /** the overall upload-loading flag (spec §4) */
  uploading: boolean;
  errors: Partial<Record<CloudOperation, string>>;
  warnings: Partial<Record<WarningKind, string>>;
  searchQuery: string;
  storageModalOpen: boolean;
  /** the storage-limit modal has opened once this visit (it does not open again by itself) */
  storageWarned: boolean;
  /** copies made in the browser after a server copy failed (spec §4 fallback) */
  localCopies: CloudItem[];
}

export const initialCloudState: CloudState = {
  currentView: 'recent',
  currentFolder: null,
  folderPath: [],
  selectedFiles: [],
  viewMode: 'grid',
  preview: { open: false, item: null },
  uploads: [],
  uploading: false,
  errors: {},
  warnings: {},
  searchQuery: '',
  storageModalOpen: false,
  storageWarned: false,
  localCopies: [],
};

const active = (uploads: UploadRecord[]) =>
  uploads.filter((upload) => upload.status === 'queued' || upload.status === 'uploading').length;

export const cloudSlice = createSlice({
  name: 'cloud',
  initialState: initialCloudState,
  reducers: {
    /** Spec §4: switching the view resets the folder to root, clears the path and the selection. */
    viewChanged(state, action: PayloadAction<CloudView>) {
      state.currentView = action.payload;
      state.currentFolder = null;
      state.folderPath = [];
      state.selectedFiles = [];
      state.searchQuery = '';
    },
    /** Opening a folder appends it to the path, or truncates the path to it when it is already there. */
    folderOpened(state, action: PayloadAction<FolderCrumb>) {
      const at = state.folderPath.findIndex((crumb) => crumb.id === action.payload.id);
      state.folderPath = at >= 0 ? state.folderPath.slice(0, at + 1) : [...state.folderPath, action.payload];
      state.currentFolder = action.payload.id;
      state.selectedFiles = [];
      if (state.currentView === 'recent') state.currentView = 'folder';
    },
    /** Going up pops one level; an empty path means root. */
    wentUp(state) {
      state.folderPath = state.folderPath.slice(0, -1);
      state.currentFolder = state.folderPath.at(-1)?.id ?? null;
      state.selectedFiles = [];
    },
    wentToRoot(state) {
      state.folderPath = [];
      state.currentFolder = null;
      state.selectedFiles = [];
    },
    /**
     * The address changed under the screen (a reload, back or forward, a shared link): its view, and its
     * folder under the same rules as opening one — a folder already on the path truncates the path to it;
     * any other starts an empty path that the server's breadcrumb fills (`folderPathLoaded`).
     */
    locationChanged(state, action: PayloadAction<{ view: CloudView; folderId: string | null }>) {
      const { view, folderId } = action.payload;
      if (view !== state.currentView) {
        // another view: as switching views does, the path and the search start over
        state.currentView = view;
        state.folderPath = [];
        state.searchQuery = '';
      }
      const at = folderId === null ? -1 : state.folderPath.findIndex((crumb) => crumb.id === folderId);
      state.folderPath = at >= 0 ? state.folderPath.slice(0, at + 1) : [];
      state.currentFolder = folderId;
      state.selectedFiles = [];
    },
    /** The server's path of the open folder (root first, the folder last) replaces what the screen knew. */
    folderPathLoaded(state, action: PayloadAction<FolderCrumb[]>) {
      if (action.payload.at(-1)?.id === state.currentFolder) state.folderPath = action.payload;
    },
    /** Opening the folder a search result is in: its whole path at once (empty = the root), search ended. */
    pathOpened(state, action: PayloadAction<FolderCrumb[]>) {
      state.folderPath = action.payload;
      state.currentFolder = action.payload.at(-1)?.id ?? null;
      state.selectedFiles = [];
      state.searchQuery = '';
      if (state.currentView === 'recent') state.currentView = 'folder';
    },
    selectionToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.selectedFiles = state.selectedFiles.includes(id)
        ? state.selectedFiles.filter((selected) => selected !== id)
        : [...state.selectedFiles, id];
    },
    selectionSet(state, action: PayloadAction<string[]>) {
      state.selectedFiles = action.payload;
    },
    viewModeChanged(state, action: PayloadAction<'grid' | 'list'>) {
      state.viewMode = action.payload;
    },
    previewOpened(state, action: PayloadAction<CloudItem>) {
      state.preview = { open: true, item: action.payload };
    },
    previewClosed(state) {
      state.preview = { open: false, item: null };
    },
    searchChanged(state, action: PayloadAction<string>) {
      state.searchQuery = action.payload;
    },
    uploadQueued(state, action: PayloadAction<Pick<UploadRecord, 'id' | 'name' | 'size'>>) {
      state.uploads.push({ ...action.payload, progress: 0, status: 'queued' });
      state.uploading = true;
    },
    uploadStarted(state, action: PayloadAction<{ id: string; itemId: string }>) {
      const upload = state.uploads.find((candidate) => candidate.id === action.payload.id);
      if (upload) Object.assign(upload, { status: 'uploading', itemId: action.payload.itemId });
    },
    uploadProgressed(state, action: PayloadAction<{ id: string; progress: number }>) {
      const upload = state.uploads.find((candidate) => candidate.id === action.payload.id);
      if (upload && (upload.status === 'uploading' || upload.status === 'queued')) {
        upload.status = 'uploading';
        upload.progress = Math.max(upload.progress, Math.min(100, Math.round(action.payload.progress)));
      }
    },
    uploadCompleted(state, action: PayloadAction<string>) {
      const upload = state.uploads.find((candidate) => candidate.id === action.payload);
      if (upload) Object.assign(upload, { status: 'completed', progress: 100 });
      // spec §4: the overall flag stays on while more than one upload remains
      state.uploading = active(state.uploads) > 1;
    },
    uploadFailed(state, action: PayloadAction<{ id: string; error: string }>) {
      const upload = state.uploads.find((candidate) => candidate.id === action.payload.id);
      if (upload) Object.assign(upload, { status: 'error', error: action.payload.error });
      state.errors.upload = action.payload.error;
      state.uploading = active(state.uploads) > 1;
    },
    /** Cancelled: marked cancelled and removed from the current list. */
    uploadCancelled(state, action: PayloadAction<string>) {
      const upload = state.uploads.find((candidate) => candidate.id === action.payload);
      if (upload) upload.status = 'cancelled';
      state.uploads = state.uploads.filter((candidate) => candidate.id !== action.payload);
      state.uploading = active(state.uploads) > 1;
    },
    /** Clear: every upload record removed. */
    uploadsCleared(state) {
      state.uploads = [];
      state.uploading = false;
    },
    errorSet(state, action: PayloadAction<{ operation: CloudOperation; message: string }>) {
      state.errors[action.payload.operation] = action.payload.message;
    },
    errorCleared(state, action: PayloadAction<CloudOperation>) {
      delete state.errors[action.payload];
    },
    warningShown(state, action: PayloadAction<{ kind: WarningKind; message: string }>) {
      state.warnings[action.payload.kind] = action.payload.message;
    },
    warningCleared(state, action: PayloadAction<WarningKind>) {
      delete state.warnings[action.payload];
    },
    storageModalChanged(state, action: PayloadAction<boolean>) {
      state.storageModalOpen = action.payload;
      if (action.payload) state.storageWarned = true;
    },
    localCopyAdded(state, action: PayloadAction<CloudItem>) {
      state.localCopies.push(action.payload);
    },
  },
  selectors: {
    selectCloud: (state) => state,
  },
});

export const cloudActions = cloudSlice.actions;
export const { selectCloud } = cloudSlice.selectors;
