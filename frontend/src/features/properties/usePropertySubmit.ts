import { useCallback, useState } from 'react';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useCreateUploadUrlMutation } from './api.ts';
import type { SubmitPhase } from './PropertyForm.tsx';
import { type PhotoDraft, uploadPhotos } from './photoUploads.ts';

/** An API failure as the form shows it: the body (for field errors) and the status (402, 400…). */
export class SubmitError extends Error {
  constructor(
    message: string,
    readonly status: unknown,
    readonly data: unknown,
  ) {
    super(message);
  }
}

export const asSubmitError = (error: unknown, fallback: string) =>
  new SubmitError(
    apiErrorMessage(error, fallback),
    (error as { status?: unknown }).status,
    (error as { data?: unknown }).data,
  );

/**
 * The photo half of saving a property: each photo gets a presigned POST (POST /api/uploads) and goes to
 * S3 in the chosen order; the keys then travel in the multipart body as `fileKeys`.
 */
export function usePropertySubmit() {
  const [createUploadUrl] = useCreateUploadUrlMutation();
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [progress, setProgress] = useState<{ done: number; total: number }>();

  const upload = useCallback(
    async (photos: PhotoDraft[]): Promise<string[]> => {
      if (photos.length === 0) return [];
      setPhase('uploading');
      setProgress({ done: 0, total: photos.length });
      return uploadPhotos(
        photos,
        async (photo) => {
          const result = await createUploadUrl({
            purpose: 'property-media',
            name: photo.file.name || 'photo.jpg',
            size: photo.file.size,
            mime_type: photo.file.type,
          });
          if ('error' in result) throw asSubmitError(result.error, 'A photo could not be uploaded');
          return result.data;
        },
        (done, total) => setProgress({ done, total }),
      );
    },
    [createUploadUrl],
  );

  return { phase, setPhase, progress, upload };
}

/** The multipart body: text fields plus the uploaded photos' keys, in order. */
export function formDataOf(fields: Record<string, string>, fileKeys: string[], removeMedia: string[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (fileKeys.length) form.append('fileKeys', JSON.stringify(fileKeys));
  if (removeMedia.length) form.append('removeMedia', JSON.stringify(removeMedia));
  return form;
}
