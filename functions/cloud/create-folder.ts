import { cloudRoutes } from '#contracts/routes/cloud';
import { withHttp } from '#platform/http';
import { invalidField } from '#platform/validation';
import { depthOf, MAX_FOLDER_DEPTH, newItemId, nowIso, ownedFolder, toView } from './cloud.ts';
import { CloudItem } from './entities.ts';

/** Creates a folder in the caller's root or in one of its folders. */
export const handler = withHttp(cloudRoutes.createFolder, async ({ body, identity }) => {
  const parent = await ownedFolder(identity.agentId, body.parent_folder_id);
  if (parent && (await depthOf(parent)) >= MAX_FOLDER_DEPTH) {
    throw invalidField('parent_folder_id', 'is nested too deep: choose a folder nearer the top');
  }
  const now = nowIso();
  const folder = await CloudItem.create({
    id: newItemId(),
    agent_id: identity.agentId,
    name: body.name,
    type: 'folder',
    ...(parent ? { parent_folder_id: parent.id } : {}),
    size: 0,
    state: 'active',
    shared_with: [],
    metadata: {},
    created_at: now,
    updated_at: now,
    version: 1,
  });
  return toView(folder);
});
