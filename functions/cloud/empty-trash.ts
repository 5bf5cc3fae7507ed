import { cloudRoutes } from '#contracts/routes/cloud';
import { withHttp } from '#platform/http';
import { purgeTrashRoot } from './cloud.ts';
import { CloudItem } from './entities.ts';

/** Deletes everything in the caller's trash for good (objects included; the storage comes back). */
export const handler = withHttp(cloudRoutes.emptyTrash, async ({ identity, context }) => {
  let deleted = 0;
  const seen = new Set<string>();
  // deleted roots leave the trash index, so the first page is always what is left
  for (let round = 0; round < 1_000; round += 1) {
    const page = await CloudItem.query(
      'trash',
      { agent_id: identity.agentId, trash_gate: 'ROOTS' },
      { limit: 25 },
    );
    const fresh = page.items.filter((root) => !seen.has(root.id));
    if (fresh.length === 0) break;
    for (const root of fresh) {
      seen.add(root.id);
      const current = await CloudItem.get({ id: root.id }, { consistent: true });
      if (current?.state === 'trashed' && current.trash_root === current.id)
        deleted += await purgeTrashRoot(current);
    }
    // leave room to answer; a second call finishes a very large trash
    if (context.getRemainingTimeInMillis() < 5_000) break;
  }
  return { deleted };
});
