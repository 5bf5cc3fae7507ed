import { cloudRoutes } from '#contracts/routes/cloud';
import { Agent } from '#platform/accounts/entities';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { invalidField } from '#platform/validation';
import { nowIso, ownedItem, saveItem, syncShareRecords, toView, withFreshItem } from './cloud.ts';

/**
 * Sets whom one of the caller's items is shared with, by agent_id (an empty list stops sharing). Agents
 * already on the list keep their shared_at; metadata.last_shared is the time of the latest new share.
 * Recipients can read the item (and a folder's contents) and copy it; only the owner changes it.
 */
export const handler = withHttp(cloudRoutes.shareItem, async ({ path, body, identity }) => {
  // someone else's item is a 404 whatever the body says
  await ownedItem(identity.agentId, path.id);
  const ids = body.shared_with.map((entry) => entry.agent_id);
  if (ids.includes(identity.agentId)) {
    throw invalidField('shared_with', 'You cannot share with yourself.');
  }
  const agents = await Promise.all(ids.map((agentId) => Agent.get({ agent_id: agentId })));
  const unknown = ids.filter((_, index) => !agents[index]);
  if (unknown.length > 0) {
    throw invalidField('shared_with', `names an agent who does not exist (${unknown[0]})`);
  }
  let before: typeof saved.shared_with = [];
  const saved = await withFreshItem(path.id, async (item) => {
    if (!item || item.agent_id !== identity.agentId || item.state !== 'active') throw notFound('Item');
    before = item.shared_with;
    const now = nowIso();
    const shared_with = ids.map(
      (agentId) =>
        item.shared_with.find((entry) => entry.agent_id === agentId) ?? { agent_id: agentId, shared_at: now },
    );
    const added = shared_with.some((entry) => entry.shared_at === now);
    return saveItem(item, {
      ...item,
      shared_with,
      metadata: { ...item.metadata, ...(added ? { last_shared: now } : {}) },
      updated_at: now,
    });
  });
  await syncShareRecords(saved, before, saved.shared_with);
  return toView(saved);
});
