import { cloudRoutes } from '#contracts/routes/cloud';
import { isConditionFailure } from '#platform/data/entity';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import { chunks, nowIso, saveItem, toView, trashBatch, withFreshItem } from './cloud.ts';
import { CloudItem, type CloudItemRecord } from './entities.ts';

const restored = (item: CloudItemRecord, parent: string | undefined): CloudItemRecord => ({
  ...item,
  state: 'active',
  parent_folder_id: parent,
  trash_root: undefined,
  deleted_at: undefined,
  expiry_date: undefined,
  restore_parent_id: undefined,
  trash_info: undefined,
  updated_at: nowIso(),
});

/**
 * Restores an item from the trash; a folder comes back with every descendant, in the same tree. With
 * preserveHierarchy (the default) it returns to the folder it was deleted from when that folder is still
 * there, otherwise to the root. Items that fail stay in the trash as entries of their own and are counted
 * in `failed` (the app shows "Restored N files, but M files failed").
 */
export const handler = withHttp(cloudRoutes.restoreItem, async ({ path, body, identity }) => {
  const root = await CloudItem.get({ id: path.id }, { consistent: true });
  if (
    !root ||
    root.agent_id !== identity.agentId ||
    root.state !== 'trashed' ||
    root.trash_root !== root.id
  ) {
    throw notFound('Item');
  }
  let parent: string | undefined;
  if (body.preserveHierarchy && root.restore_parent_id) {
    const original = await CloudItem.get({ id: root.restore_parent_id }, { consistent: true });
    if (original?.state === 'active' && original.agent_id === identity.agentId) parent = original.id;
  }
  let restoredCount = 0;
  const failedItems: CloudItemRecord[] = [];
  const descendants = (await trashBatch(root.id)).filter((item) => item.id !== root.id);
  for (const chunk of chunks(descendants, 25)) {
    await Promise.all(
      chunk.map(async (item) => {
        try {
          await withFreshItem(item.id, async (current) => {
            if (current?.state !== 'trashed' || current.trash_root !== root.id) return;
            await saveItem(current, restored(current, current.parent_folder_id));
            restoredCount += 1;
          });
        } catch (error) {
          logger.error('restore of a descendant failed', { itemId: item.id, error: error as Error });
          failedItems.push(item);
        }
      }),
    );
  }
  const saved = await withFreshItem(root.id, async (current) => {
    if (current?.state !== 'trashed' || current.trash_root !== root.id) throw notFound('Item');
    return saveItem(current, restored(current, parent));
  });
  restoredCount += 1;
  // what could not be restored stays in the trash, each as an entry of its own the user can retry
  for (const item of failedItems) {
    try {
      await withFreshItem(item.id, async (current) => {
        if (current?.state === 'trashed' && current.trash_root === root.id) {
          await saveItem(current, { ...current, trash_root: current.id, expiry_date: root.expiry_date });
        }
      });
    } catch (error) {
      if (!isConditionFailure(error)) logger.error('failed item left in its batch', { itemId: item.id });
    }
  }
  return { restored: restoredCount, failed: failedItems.length, items: [await toView(saved)] };
});
