import { nanoid } from '@reduxjs/toolkit';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES } from './labels.ts';
import type { UploadTicket } from './types.ts';

/**
 * Photos chosen in the browser: checked, previewed, ordered, then each posted straight to S3 with the
 * presigned POST of POST /api/uploads (no bytes pass through the API), in the order the agent chose.
 */

export interface PhotoDraft {
  id: string;
  file: File;
  /** an object URL for the preview; revoke with `releasePhotos` */
  preview: string;
}

export const NOT_A_PHOTO = 'Only JPEG, PNG or WebP images can be added';
export const PHOTO_TOO_LARGE = 'Photos must be at most 20 MB each';

/** The acceptable files as drafts, and a message for each refused one. */
export function photoDrafts(
  files: readonly File[],
  already: number,
): { drafts: PhotoDraft[]; errors: string[] } {
  const drafts: PhotoDraft[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) errors.push(`${file.name}: ${NOT_A_PHOTO}`);
    else if (file.size > MAX_PHOTO_BYTES) errors.push(`${file.name}: ${PHOTO_TOO_LARGE}`);
    else if (already + drafts.length >= MAX_PHOTOS)
      errors.push(`${file.name}: at most ${MAX_PHOTOS} photos at a time`);
    else {
      drafts.push({ id: `photo-${nanoid()}`, file, preview: URL.createObjectURL(file) });
    }
  }
  return { drafts, errors };
}

export function releasePhotos(drafts: readonly PhotoDraft[]) {
  for (const draft of drafts) URL.revokeObjectURL(draft.preview);
}

/** Moves the item at `from` to `to` (both indexes in the list before the move). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** Posts one file to its presigned POST, reporting progress (fetch cannot report upload progress). */
export function postToS3(
  ticket: UploadTicket,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(
            new Error(
              xhr.status === 413 || xhr.status === 400 ? PHOTO_TOO_LARGE : 'A photo could not be uploaded',
            ),
          );
    xhr.onerror = () => reject(new Error('A photo could not be uploaded'));
    xhr.send(form);
  });
}

/**
 * Uploads the photos in order and answers their keys for `fileKeys`. `requestTicket` is POST /api/uploads;
 * a refused ticket (the storage paywall, a 400) fails the whole batch with the server's message.
 */
export async function uploadPhotos(
  photos: readonly PhotoDraft[],
  requestTicket: (photo: PhotoDraft) => Promise<UploadTicket>,
  onProgress?: (done: number, total: number) => void,
): Promise<string[]> {
  const keys: string[] = new Array(photos.length);
  const progress = new Array<number>(photos.length).fill(0);
  const report = () => onProgress?.(progress.reduce((sum, value) => sum + value, 0) / 100, photos.length);
  // a few at a time: quick for a handful of photos, gentle for thirty
  let next = 0;
  const worker = async () => {
    while (next < photos.length) {
      const index = next;
      next += 1;
      const photo = photos[index]!;
      const ticket = await requestTicket(photo);
      await postToS3(ticket, photo.file, (percent) => {
        progress[index] = percent;
        report();
      });
      progress[index] = 100;
      report();
      keys[index] = ticket.key;
    }
  };
  await Promise.all(Array.from({ length: Math.min(3, photos.length) }, worker));
  return keys;
}
