import { defineRoutes } from '../route.ts';
import { uploadRequest, uploadTicket } from '../schemas/uploads.ts';

/**
 * Presigned uploads for the multipart endpoints (profile picture, logo, property media, website assets):
 * bytes go straight to S3, and the multipart body then carries the returned key. Not in spec §7, which
 * posts the bytes themselves; our architecture keeps binary data out of Lambdas.
 */
export const uploadsRoutes = defineRoutes({
  createUploadUrl: {
    method: 'POST',
    path: '/api/uploads',
    handler: 'functions/uploads/create-upload-url.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'A presigned POST (100 MB maximum) for a file that a multipart endpoint will reference by key',
    request: { body: uploadRequest },
    response: uploadTicket,
    limit: 'storage',
    resources: { table: 'readwrite', buckets: { files: { readwrite: ['uploads'] } } },
  },
});
