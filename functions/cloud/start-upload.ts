import { presignPost } from '#aws/s3';
import { MAX_UPLOAD_BYTES } from '#contracts/plans';
import { cloudRoutes } from '#contracts/routes/cloud';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { withHttp } from '#platform/http';
import { invalidField } from '#platform/validation';
import {
  depthOf,
  fileTypeOf,
  MAX_FOLDER_DEPTH,
  newItemId,
  nowIso,
  objectKeyFor,
  ownedFolder,
  STORED_OBJECT,
  toView,
  UPLOAD_POST_TTL_SECONDS,
} from './cloud.ts';
import { CloudItem } from './entities.ts';
import { pendingDeadline } from './storage.ts';

/**
 * Starts an upload: reserves the file's size against the caller's storage (atomically, so concurrent
 * uploads can never pass the quota: 402 "Storage limit exceeded…"), records a pending item and answers a
 * presigned POST whose policy admits exactly that size (never above 100 MB). The bytes go straight to S3;
 * the upload is settled when the object arrives (confirm call or S3 event).
 */
export const handler = withHttp(cloudRoutes.startUpload, async ({ body, identity }) => {
  const parent = await ownedFolder(identity.agentId, body.parent_folder_id);
  if (parent && (await depthOf(parent)) >= MAX_FOLDER_DEPTH) {
    throw invalidField('parent_folder_id', 'is nested too deep: choose a folder nearer the top');
  }
  await reserveFeature(identity, 'storage', body.size);
  try {
    const id = newItemId();
    const key = objectKeyFor(identity.agentId, id);
    const now = new Date();
    const postExpires = new Date(now.getTime() + UPLOAD_POST_TTL_SECONDS * 1000);
    const fileType = fileTypeOf(body.name);
    const item = await CloudItem.create({
      id,
      agent_id: identity.agentId,
      name: body.name,
      type: 'file',
      ...(parent ? { parent_folder_id: parent.id } : {}),
      mime_type: body.mime_type,
      ...(fileType ? { file_type: fileType } : {}),
      size: body.size,
      object_key: key,
      state: 'pending',
      shared_with: [],
      metadata: {},
      created_at: now.toISOString(),
      updated_at: nowIso(),
      version: 1,
      reserved_bytes: body.size,
      upload_expires_at: pendingDeadline(postExpires),
    });
    const post = await presignPost(
      { bucket: 'files', key },
      {
        expiresIn: UPLOAD_POST_TTL_SECONDS,
        minBytes: body.size,
        maxBytes: Math.min(body.size, MAX_UPLOAD_BYTES),
        // never the declared type: the object is a plain download at rest, served as what its bytes are
        contentType: STORED_OBJECT.contentType,
        contentDisposition: STORED_OBJECT.contentDisposition,
      },
    );
    return { ...post, file: await toView(item), expires_at: postExpires.toISOString() };
  } catch (error) {
    await releaseFeature(identity, 'storage', body.size);
    throw error;
  }
});
