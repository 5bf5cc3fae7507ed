import { cloudRoutes } from '#contracts/routes/cloud';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { invalidField } from '#platform/validation';
import {
  depthOf,
  isInside,
  MAX_FOLDER_DEPTH,
  nowIso,
  ownedFolder,
  saveItem,
  toView,
  withFreshItem,
} from './cloud.ts';
import { CloudItem } from './entities.ts';

/**
 * Renames and/or moves one of the caller's items: `parent_folder_id` null is the root. A folder cannot go
 * into itself or below itself.
 */
export const handler = withHttp(cloudRoutes.updateItem, async ({ path, body, identity }) => {
  const moving = body.parent_folder_id !== undefined;
  const target = moving ? await ownedFolder(identity.agentId, body.parent_folder_id) : undefined;
  const saved = await withFreshItem(path.id, async (item) => {
    if (!item || item.agent_id !== identity.agentId || item.state !== 'active') throw notFound('Item');
    if (moving && item.type === 'folder' && target) {
      if (await isInside(target, item)) {
        throw invalidField('parent_folder_id', 'cannot be the folder itself or one of its subfolders');
      }
      if ((await depthOf(target)) + (await subtreeHeight(item)) > MAX_FOLDER_DEPTH) {
        throw invalidField('parent_folder_id', 'would nest the folder too deep');
      }
    }
    return saveItem(item, {
      ...item,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(moving ? { parent_folder_id: target?.id } : {}),
      updated_at: nowIso(),
    });
  });
  return toView(saved);
});

/** Levels of folders below (and including) a folder, to keep a move within the nesting limit. */
async function subtreeHeight(folder: { id: string; agent_id: string }): Promise<number> {
  let height = 1;
  let level = [folder.id];
  while (level.length > 0 && height <= MAX_FOLDER_DEPTH) {
    const next: string[] = [];
    for (const id of level) {
      const folders = await CloudItem.queryAll('byFolder', { agent_id: folder.agent_id, folder_gate: id });
      next.push(...folders.filter((child) => child.type === 'folder').map((child) => child.id));
    }
    if (next.length === 0) break;
    height += 1;
    level = next;
  }
  return height;
}
