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
