import * as z from 'zod/mini';
import { DEED_DOCUMENT_TYPES, MAX_DEED_BYTES } from '../verification-values.ts';
import { fileName, fileSize, mimeType, presignedPost } from './forms.ts';

/** What an upload is for; decides the key prefix and which MIME types are accepted. */
export const UPLOAD_PURPOSES = [
  'profile-picture',
  'agency-logo',
  'property-media',
  'website-asset',
  /** a listing's deed for support staff to review (POST /api/properties/{id}/verifications/deed) */
  'property-deed',
] as const;

const IMAGE_ONLY: ReadonlySet<string> = new Set(['profile-picture', 'agency-logo']);
const DEED_TYPES: ReadonlySet<string> = new Set(DEED_DOCUMENT_TYPES);

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
    // the presigned POST's Content-Type condition then holds the browser to the type declared here
    z.refine((upload) => upload.purpose !== 'property-deed' || DEED_TYPES.has(upload.mime_type), {
      message: 'must be a PDF, JPEG, PNG or WebP file',
      path: ['mime_type'],
    }),
    z.refine((upload) => upload.purpose !== 'property-deed' || upload.size <= MAX_DEED_BYTES, {
      message: `must be at most ${MAX_DEED_BYTES / 1024 / 1024} MB for a deed`,
      path: ['size'],
    }),
  );

/** The presigned POST plus the key to put in the multipart body of the endpoint that uses the file. */
export const uploadTicket = z.extend(presignedPost, {
  key: z.string(),
  expiresAt: z.string(),
});
