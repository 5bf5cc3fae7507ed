import { describe, expect, it } from 'vitest';
import { cloudActions, cloudSlice, initialCloudState } from './cloudSlice.ts';

const reduce = (...actions: Parameters<typeof cloudSlice.reducer>[1][]) =>
  actions.reduce((state, action) => cloudSlice.reducer(state, action), initialCloudState);

describe('cloud navigation (spec §4)', () => {
  it('appends an opened folder to the path, or truncates the path to it', () => {
    const deep = reduce(
      cloudActions.viewChanged('folder'),
      cloudActions.folderOpened({ id: 'a', name: 'A' }),
      cloudActions.folderOpened({ id: 'b', name: 'B' }),
      cloudActions.folderOpened({ id: 'c', name: 'C' }),
    );
    expect(deep.folderPath.map((crumb) => crumb.id)).toEqual(['a', 'b', 'c']);
    const back = cloudSlice.reducer(deep, cloudActions.folderOpened({ id: 'a', name: 'A' }));
    expect(back.folderPath.map((crumb) => crumb.id)).toEqual(['a']);
    expect(back.currentFolder).toBe('a');
  });

  it('goes up one level; an empty path is the root', () => {
    const state = reduce(cloudActions.folderOpened({ id: 'a', name: 'A' }), cloudActions.wentUp());
    expect(state.folderPath).toEqual([]);
    expect(state.currentFolder).toBeNull();
  });

  it('switching the view resets folder, path and selection', () => {
    const state = reduce(
      cloudActions.folderOpened({ id: 'a', name: 'A' }),
      cloudActions.selectionToggled('x'),
      cloudActions.viewChanged('trash'),
    );
    expect(state).toMatchObject({
      currentView: 'trash',
      currentFolder: null,
      folderPath: [],
      selectedFiles: [],
    });
  });
});

describe('uploads (spec §4)', () => {
  const three = [
    cloudActions.uploadQueued({ id: '1', name: 'a', size: 1 }),
    cloudActions.uploadQueued({ id: '2', name: 'b', size: 1 }),
    cloudActions.uploadQueued({ id: '3', name: 'c', size: 1 }),
  ];

  it('keeps the overall flag on while more than one upload remains', () => {
    expect(reduce(...three).uploading).toBe(true);
    expect(reduce(...three, cloudActions.uploadCompleted('1')).uploading).toBe(true);
    expect(
      reduce(...three, cloudActions.uploadCompleted('1'), cloudActions.uploadCompleted('2')).uploading,
    ).toBe(false);
  });

  it('cancel removes the upload from the list; clear removes every record', () => {
    expect(reduce(...three, cloudActions.uploadCancelled('2')).uploads.map((upload) => upload.id)).toEqual([
      '1',
      '3',
    ]);
    expect(reduce(...three, cloudActions.uploadsCleared())).toMatchObject({ uploads: [], uploading: false });
  });

  it('records a failure in the upload and in the upload error slot, which can be cleared', () => {
    const failed = reduce(...three, cloudActions.uploadFailed({ id: '1', error: 'Upload failed' }));
    expect(failed.uploads[0]).toMatchObject({ status: 'error', error: 'Upload failed' });
    expect(failed.errors.upload).toBe('Upload failed');
    expect(cloudSlice.reducer(failed, cloudActions.errorCleared('upload')).errors.upload).toBeUndefined();
  });
});

describe('cloud navigation from the address', () => {
  it('opens the address’s folder: truncating a known path, or waiting for the server’s', () => {
    const deep = reduce(
      cloudActions.viewChanged('folder'),
      cloudActions.folderOpened({ id: 'a', name: 'A' }),
      cloudActions.folderOpened({ id: 'b', name: 'B' }),
    );
    // back to A (the browser's back button)
    const back = cloudSlice.reducer(deep, cloudActions.locationChanged({ view: 'folder', folderId: 'a' }));
    expect(back).toMatchObject({ currentFolder: 'a', folderPath: [{ id: 'a', name: 'A' }] });
    // a reload of C, unknown to the screen: an empty path until the server answers with C's
    const reloaded = reduce(cloudActions.locationChanged({ view: 'folder', folderId: 'c' }));
    expect(reloaded).toMatchObject({ currentView: 'folder', currentFolder: 'c', folderPath: [] });
    const path = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
    ];
    expect(cloudSlice.reducer(reloaded, cloudActions.folderPathLoaded(path)).folderPath).toEqual(path);
    // a path for another folder (a late answer) is not taken
    expect(cloudSlice.reducer(back, cloudActions.folderPathLoaded(path)).folderPath).toEqual([
      { id: 'a', name: 'A' },
    ]);
  });

  it('an address in another view resets the path, the selection and the search', () => {
    const state = reduce(
      cloudActions.folderOpened({ id: 'a', name: 'A' }),
      cloudActions.selectionToggled('x'),
      cloudActions.searchChanged('deed'),
      cloudActions.locationChanged({ view: 'trash', folderId: null }),
    );
    expect(state).toMatchObject({
      currentView: 'trash',
      currentFolder: null,
      folderPath: [],
      selectedFiles: [],
      searchQuery: '',
    });
  });

  it('opens a search result’s folder with its whole path and ends the search', () => {
    const path = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    const state = reduce(cloudActions.searchChanged('deed'), cloudActions.pathOpened(path));
    expect(state).toMatchObject({
      currentView: 'folder',
      currentFolder: 'b',
      folderPath: path,
      searchQuery: '',
    });
    expect(cloudSlice.reducer(state, cloudActions.pathOpened([]))).toMatchObject({
      currentFolder: null,
      folderPath: [],
    });
  });
});
