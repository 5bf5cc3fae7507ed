import { cloudRoutes } from '#contracts/routes/cloud';
import { conflict, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { purgeTrashRoot } from './cloud.ts';
import { CloudItem } from './entities.ts';

/**
 * Deletes an item of the caller's trash for good, a folder with everything it took along: the records,
 * the S3 objects, and the storage they counted comes back. An item outside the trash answers 409.
 */
export const handler = withHttp(cloudRoutes.deleteItemPermanently, async ({ path, identity }) => {
  const item = await CloudItem.get({ id: path.id }, { consistent: true });
  if (!item || item.agent_id !== identity.agentId || item.state === 'rejected' || item.state === 'pending') {
    throw notFound('Item');
  }
  if (item.state === 'active') throw conflict('Move the item to the trash before deleting it for good');
  if (item.trash_root !== item.id) throw notFound('Item');
  return { deleted: await purgeTrashRoot(item) };
});
