import { cloudRoutes } from '#contracts/routes/cloud';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import {
  breadcrumbOf,
  folderPathsOf,
  listFolder,
  readableItem,
  searchOwnFiles,
  toView,
  toViews,
} from './cloud.ts';
import { CloudItem } from './entities.ts';

/**
 * One page of a folder (bounded Query on the owner's folder index, newest first): the caller's root, one
 * of its folders, or a folder shared with it (then the owner's items in it), with the folder's path for the
 * breadcrumb. `view=recent`: the caller's files anywhere, newest first. `search`: the caller's own files in
 * every folder whose name contains it, each with the folders it is in.
 */
export const handler = withHttp(cloudRoutes.listFiles, async ({ query, identity }) => {
  const page = { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) };
  if (query.search) {
    const found = await searchOwnFiles(identity.agentId, query.search, query.cursor);
    const paths = await folderPathsOf(found.items);
    const items = await Promise.all(
      found.items
        .filter((item) => paths.has(item.id))
        .map(async (item) => ({ ...(await toView(item)), folder_path: paths.get(item.id)! })),
    );
    return { items, ...(found.cursor ? { cursor: found.cursor } : {}) };
  }
  if (query.view === 'recent') {
    const recent = await CloudItem.query(
      'recent',
      { agent_id: identity.agentId, recent_gate: 'FILES' },
      { ...page, descending: true },
    );
    return { items: await toViews(recent.items), ...(recent.cursor ? { cursor: recent.cursor } : {}) };
  }
  let ownerId = identity.agentId;
  let path: Awaited<ReturnType<typeof breadcrumbOf>> | undefined;
  if (query.folderId) {
    const folder = await readableItem(identity.agentId, query.folderId);
    if (folder.type !== 'folder') throw notFound('Folder');
    ownerId = folder.agent_id;
    path = await breadcrumbOf(folder, identity.agentId);
  }
  const result = await listFolder(ownerId, query.folderId, page);
  return {
    items: await toViews(result.items),
    ...(result.cursor ? { cursor: result.cursor } : {}),
    ...(path ? { path } : {}),
  };
});
