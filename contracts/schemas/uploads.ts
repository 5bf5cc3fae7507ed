import * as z from 'zod/mini';
import { fileName, fileSize, mimeType, presignedPost } from './forms.ts';

/** What an upload is for; decides the key prefix and which MIME types are accepted. */
export const UPLOAD_PURPOSES = ['profile-picture', 'agency-logo', 'property-media', 'website-asset'] as const;

const IMAGE_ONLY: ReadonlySet<string> = new Set(['profile-picture', 'agency-logo']);

export const uploadRequest = z
  .strictObject({
    purpose: z.enum(UPLOAD_PURPOSES, { error: `must be one of ${UPLOAD_PURPOSES.join(', ')}` }),
    name: fileName,
    size: fileSize,
    mime_type: mimeType,
  })
  .check(
    z.refine((upload) => !IMAGE_ONLY.has(upload.purpose) || upload.mime_type.startsWith('image/'), {
      message: 'must be an image',
      path: ['mime_type'],
    }),
  );

/** The presigned POST plus the key to put in the multipart body of the endpoint that uses the file. */
export const uploadTicket = z.extend(presignedPost, {
  key: z.string(),
  expiresAt: z.string(),
});
