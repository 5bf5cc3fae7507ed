import { randomUUID } from 'node:crypto';
import { presignPost } from '#aws/s3';
import { MAX_UPLOAD_BYTES } from '#contracts/plans';
import { uploadsRoutes } from '#contracts/routes/uploads';
import { UPLOAD_POST_TTL_SECONDS } from '#functions/cloud/cloud';
import { UploadTicket } from '#functions/cloud/entities';
import { pendingDeadline } from '#functions/cloud/storage';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { withHttp } from '#platform/http';

/** The file name as it may appear in a key: letters, digits, dot, dash and underscore. */
const keyName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-100) || 'file';

/**
 * A presigned POST for a file that a multipart endpoint (property media, website assets…) then names by
 * key. Its size is reserved against the caller's storage now (atomically, 402 past the quota) and
 * settled when the object arrives; the object counts for as long as it exists.
 */
export const handler = withHttp(uploadsRoutes.createUploadUrl, async ({ body, identity }) => {
  await reserveFeature(identity, 'storage', body.size);
  try {
    const key = `uploads/${identity.agentId}/${randomUUID()}/${keyName(body.name)}`;
    const now = new Date();
    const expires = new Date(now.getTime() + UPLOAD_POST_TTL_SECONDS * 1000);
    await UploadTicket.create({
      key,
      agent_id: identity.agentId,
      purpose: body.purpose,
      state: 'pending',
      size: body.size,
      expires_at: pendingDeadline(expires),
      created_at: now.toISOString(),
    });
    const post = await presignPost(
      { bucket: 'files', key },
      {
        expiresIn: UPLOAD_POST_TTL_SECONDS,
        minBytes: body.size,
        maxBytes: Math.min(body.size, MAX_UPLOAD_BYTES),
        contentType: body.mime_type,
      },
    );
    return { ...post, key, expiresAt: expires.toISOString() };
  } catch (error) {
    await releaseFeature(identity, 'storage', body.size);
    throw error;
  }
});
