import { cloudRoutes } from '#contracts/routes/cloud';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { nowIso, saveItem, toView, trashDates, trashDescendants, withFreshItem } from './cloud.ts';
import { cancelUpload } from './storage.ts';

/**
 * Moves one of the caller's items to the trash (spec §7 DELETE /cloud/{id}): a folder takes its whole
 * subtree along, unlisted, so the trash shows one entry and a restore brings the tree back intact. With
 * preserveHierarchy (the default) the restore puts it back where it was. A pending upload is cancelled
 * instead (its reservation is given back). Repeating the call finishes an interrupted deletion.
 */
export const handler = withHttp(cloudRoutes.trashItem, async ({ path, body, identity }) => {
  const root = await withFreshItem(path.id, async (item) => {
    if (!item || item.agent_id !== identity.agentId) throw notFound('Item');
    if (item.state === 'pending') {
      if (await cancelUpload(item)) return undefined;
      throw notFound('Item');
    }
    if (item.state === 'trashed') {
      if (item.trash_root !== item.id) throw notFound('Item');
      return item;
    }
    if (item.state !== 'active') throw notFound('Item');
    return saveItem(item, {
      ...item,
      state: 'trashed',
      trash_root: item.id,
      ...trashDates(),
      restore_parent_id: body.preserveHierarchy ? item.parent_folder_id : undefined,
      trash_info: {
        preserveHierarchy: body.preserveHierarchy,
        ...(body.metadata ? { metadata: body.metadata } : {}),
      },
      updated_at: nowIso(),
    });
  });
  if (!root) return { items: [] };
  if (root.type === 'folder') await trashDescendants(root);
  return { items: [await toView(root)] };
});
