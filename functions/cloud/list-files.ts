import { cloudRoutes } from '#contracts/routes/cloud';
import { listFolder, readableItem, toViews } from '#lib/cloud';
import { CloudItem } from '#lib/data/cloud';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';

/**
 * One page of a folder (bounded Query on the owner's folder index, newest first): the caller's root, one
 * of its folders, or a folder shared with it (then the owner's items in it). `view=recent`: the caller's
 * files anywhere, newest first.
 */
export const handler = withHttp(cloudRoutes.listFiles, async ({ query, identity }) => {
  const page = { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) };
  if (query.view === 'recent') {
    const recent = await CloudItem.query(
      'recent',
      { agent_id: identity.agentId, recent_gate: 'FILES' },
      { ...page, descending: true },
    );
    return { items: await toViews(recent.items), ...(recent.cursor ? { cursor: recent.cursor } : {}) };
  }
  let ownerId = identity.agentId;
  if (query.folderId) {
    const folder = await readableItem(identity.agentId, query.folderId);
    if (folder.type !== 'folder') throw notFound('Folder');
    ownerId = folder.agent_id;
  }
  const result = await listFolder(ownerId, query.folderId, page);
  return { items: await toViews(result.items), ...(result.cursor ? { cursor: result.cursor } : {}) };
});
