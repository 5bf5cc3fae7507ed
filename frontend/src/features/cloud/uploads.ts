import { nanoid } from '@reduxjs/toolkit';
import { DEFAULT_STORAGE_LIMIT_BYTES, MAX_UPLOAD_BYTES } from '#contracts/plans';
import { EMPTY_FILE_MESSAGE } from '#contracts/schemas/forms';
import type { AppDispatch } from '../../app/store.ts';
import { cloudApi, type PresignedUpload } from './api.ts';
import { cloudActions } from './cloudSlice.ts';

/** Spec §5 and §8, verbatim. */
export const STORAGE_LIMIT_MESSAGE = 'Storage limit exceeded. Please free up space or upgrade your plan.';
export const FILE_TOO_LARGE_MESSAGE = 'File size exceeds the 100MB limit. Please upload a smaller file.';
export const SERVER_UPLOAD_ERROR =
  'Server error occurred. The file may be too large (max 100MB) or in an unsupported format.';
export const UPLOAD_FAILED = 'Upload failed';

/** Spec §8 "Upload errors": what an upload's failure reads. */
export function uploadErrorMessage(status: number | string | undefined, body: unknown): string {
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = [data.details, data.message, data.error].find((value) => typeof value === 'string') as
    | string
    | undefined;
  if (
    data.feature === 'storage' ||
    text === STORAGE_LIMIT_MESSAGE ||
    /storage limit exceeded/i.test(text ?? '')
  ) {
    return STORAGE_LIMIT_MESSAGE;
  }
  if (status === 413 || /file size limit exceeded|100MB limit/i.test(text ?? ''))
    return FILE_TOO_LARGE_MESSAGE;
  if (status === 500) return SERVER_UPLOAD_ERROR;
  return typeof data.details === 'string' && data.details ? data.details : (text ?? UPLOAD_FAILED);
}

/** Spec §5: usage + size must fit the limit (1073741824 when absent); a failed check lets the upload go on. */
export function fitsStorage(summary: { usageBytes?: number; limitBytes?: number } | undefined, size: number) {
  if (!summary || typeof summary.usageBytes !== 'number') return true;
  const limit = summary.limitBytes || DEFAULT_STORAGE_LIMIT_BYTES;
  return summary.usageBytes + size <= limit;
}

/** The XHRs in flight, by upload id, so a cancel can abort one. */
const inFlight = new Map<string, { xhr?: XMLHttpRequest; itemId?: string; cancelled: boolean }>();

/** Posts a file to its presigned POST with per-file progress (fetch cannot report upload progress). */
function postWithProgress(
  presigned: PresignedUpload,
  file: File,
  onProgress: (percent: number) => void,
  register: (xhr: XMLHttpRequest) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    register(xhr);
    xhr.open('POST', presigned.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadHttpError(xhr.status));
    xhr.onerror = () => reject(new UploadHttpError(0));
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.send(form);
  });
}

class UploadHttpError extends Error {
  constructor(readonly status: number) {
    super(`upload failed with ${status}`);
  }
}
class UploadCancelled extends Error {}

/**
 * Uploads files to a folder, all at once: each checks the quota, gets a presigned POST (which reserves its
 * size on the server), posts its bytes straight to S3 with progress, then confirms.
 */
export async function uploadFiles(
  dispatch: AppDispatch,
  files: File[],
  parentId: string | null,
): Promise<void> {
  const queued = files.map((file) => {
    const id = `upload-${nanoid()}`;
    dispatch(cloudActions.uploadQueued({ id, name: file.name, size: file.size }));
    return { id, file };
  });
  await Promise.all(queued.map(({ id, file }) => uploadOne(dispatch, id, file, parentId)));
}

async function uploadOne(dispatch: AppDispatch, id: string, file: File, parentId: string | null) {
  const state = { cancelled: false } as { xhr?: XMLHttpRequest; itemId?: string; cancelled: boolean };
  inFlight.set(id, state);
  const fail = (error: string) => dispatch(cloudActions.uploadFailed({ id, error }));
  try {
    if (file.size === 0) return fail(EMPTY_FILE_MESSAGE);
    if (file.size > MAX_UPLOAD_BYTES) return fail(FILE_TOO_LARGE_MESSAGE);
    let summary: { usageBytes?: number; limitBytes?: number } | undefined;
    try {
      summary = await dispatch(
        cloudApi.endpoints.storageSummary.initiate(undefined, { forceRefetch: true }),
      ).unwrap();
    } catch {
      summary = undefined; // spec §5: if the check itself fails, the upload proceeds
    }
    if (!fitsStorage(summary, file.size)) return fail(STORAGE_LIMIT_MESSAGE);
    const started = await dispatch(
      cloudApi.endpoints.startCloudUpload.initiate({
        name: file.name,
        size: file.size,
        mime_type: file.type || 'application/octet-stream',
        parent_folder_id: parentId,
      }),
    );
    if ('error' in started) {
      const error = started.error as { status?: number; data?: unknown };
      return fail(uploadErrorMessage(error.status, error.data));
    }
    if (state.cancelled) {
      void dispatch(cloudApi.endpoints.cancelCloudUpload.initiate(started.data.file.id));
      return;
    }
    state.itemId = started.data.file.id;
    dispatch(cloudActions.uploadStarted({ id, itemId: started.data.file.id }));
    await postWithProgress(
      started.data,
      file,
      (progress) => dispatch(cloudActions.uploadProgressed({ id, progress })),
      (xhr) => {
        state.xhr = xhr;
      },
    );
    const confirmed = await dispatch(cloudApi.endpoints.confirmCloudUpload.initiate(started.data.file.id));
    if ('error' in confirmed) {
      const error = confirmed.error as { status?: number; data?: unknown };
      return fail(uploadErrorMessage(error.status, error.data));
    }
    dispatch(cloudActions.uploadCompleted(id));
  } catch (error) {
    if (error instanceof UploadCancelled || state.cancelled) return;
    fail(uploadErrorMessage(error instanceof UploadHttpError ? error.status : undefined, undefined));
  } finally {
    inFlight.delete(id);
  }
}

/** Cancels an upload: aborts its bytes, gives its reservation back, drops it from the list (spec §4). */
export function cancelUpload(dispatch: AppDispatch, id: string): void {
  const state = inFlight.get(id);
  if (state) {
    state.cancelled = true;
    state.xhr?.abort();
    if (state.itemId) void dispatch(cloudApi.endpoints.cancelCloudUpload.initiate(state.itemId));
  }
  dispatch(cloudActions.uploadCancelled(id));
}
