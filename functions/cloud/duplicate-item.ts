import { copyObject } from '#aws/s3';
import { cloudRoutes } from '#contracts/routes/cloud';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import { collectTree, newItemId, nowIso, objectKeyFor, readableItem, toView } from './cloud.ts';
import { CloudItem, type CloudItemRecord } from './entities.ts';

/** A folder copy is one request: more items than this are refused rather than half copied. */
export const MAX_COPY_ITEMS = 1_000;

const copyName = (name: string) => `Copy of ${name}`.slice(0, 255);

/**
 * Copies an item on the server (S3 copies the bytes): one of the caller's own beside the original, or
 * one shared with it into the caller's root. A folder is copied with its whole tree. The bytes of every
 * copied file are reserved against the caller's storage first, in one atomic step (402 when they do not
 * fit); a file that fails to copy gives its share back.
 */
export const handler = withHttp(cloudRoutes.duplicateItem, async ({ path, identity }) => {
  const source = await readableItem(identity.agentId, path.id);
  const own = source.agent_id === identity.agentId;
  const tree =
    source.type === 'folder' ? await collectTree(source, MAX_COPY_ITEMS) : { items: [], truncated: false };
  if (tree.truncated) {
    throw new HttpError(413, `A folder with more than ${MAX_COPY_ITEMS} items cannot be copied at once`);
  }
  const files =
    source.type === 'file'
      ? [source]
      : tree.items.map(({ item }) => item).filter((item) => item.type === 'file');
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes > 0) await reserveFeature(identity, 'storage', bytes);
  let unused = bytes;
  try {
    const now = nowIso();
    const copyOf = (item: CloudItemRecord, parent: string | undefined, name = item.name): CloudItemRecord => {
      const id = newItemId();
      return {
        id,
        agent_id: identity.agentId,
        name,
        type: item.type,
        ...(parent ? { parent_folder_id: parent } : {}),
        ...(item.mime_type ? { mime_type: item.mime_type } : {}),
        ...(item.content_type ? { content_type: item.content_type } : {}),
        ...(item.file_type ? { file_type: item.file_type } : {}),
        size: item.size,
        ...(item.type === 'file' ? { object_key: objectKeyFor(identity.agentId, id) } : {}),
        state: 'active',
        shared_with: [],
        metadata: {},
        created_at: now,
        updated_at: now,
        version: 1,
      };
    };
    // the record exists before its object, so the storage consumer recognises the copy's S3 event
    const place = async (copy: CloudItemRecord, original: CloudItemRecord) => {
      await CloudItem.create(copy);
      if (copy.type !== 'file') return;
      try {
        await copyObject(
          { bucket: 'files', key: original.object_key!, bytes: original.size },
          { bucket: 'files', key: copy.object_key! },
        );
        unused -= copy.size;
      } catch (error) {
        await CloudItem.delete({ id: copy.id });
        throw error;
      }
    };
    const rootCopy = copyOf(source, own ? source.parent_folder_id : undefined, copyName(source.name));
    await place(rootCopy, source);
    const newIds = new Map([[source.id, rootCopy.id]]);
    let failed = 0;
    for (const { item } of tree.items) {
      const parent = newIds.get(item.parent_folder_id ?? '');
      if (!parent) continue; // its folder failed to copy
      const copy = copyOf(item, parent);
      try {
        await place(copy, item);
        newIds.set(item.id, copy.id);
      } catch (error) {
        failed += 1;
        logger.error('copy of an item failed', { itemId: item.id, error: error as Error });
      }
    }
    if (failed > 0) logger.warn('folder copied partly', { sourceId: source.id, failed });
    return toView(rootCopy);
  } finally {
    // whatever was reserved and not used by a copied file goes back
    if (unused > 0) await releaseFeature(identity, 'storage', unused);
  }
});
