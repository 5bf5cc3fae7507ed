import { cloudRoutes } from '#contracts/routes/cloud';
import { withHttp } from '#platform/http';
import { toViews } from './cloud.ts';
import { CloudItem } from './entities.ts';

/** The caller's trash (spec §4: one group, Recently Deleted): what it deleted, newest first, with expiry dates. */
export const handler = withHttp(cloudRoutes.listTrash, async ({ query, identity }) => {
  const page = await CloudItem.query(
    'trash',
    { agent_id: identity.agentId, trash_gate: 'ROOTS' },
    { limit: query.limit, descending: true, ...(query.cursor ? { cursor: query.cursor } : {}) },
  );
  return { items: await toViews(page.items), ...(page.cursor ? { cursor: page.cursor } : {}) };
});
