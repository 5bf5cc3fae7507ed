import { websitesRoutes } from '#contracts/routes/websites';
import { forbidden } from '#platform/errors';
import { withHttp } from '#platform/http';
import { listAgentWebsites, websiteView } from './websites.ts';

/**
 * The caller's websites without their content, newest first; soft-deleted ones are included (with
 * `deleted_at`) so they can be recovered. `agent_id`, when given, must be the caller's own.
 */
export const handler = withHttp(websitesRoutes.listWebsites, async ({ query, identity }) => {
  if (query.agent_id !== undefined && query.agent_id !== identity.agentId) {
    throw forbidden('You can only list your own websites');
  }
  const items = await listAgentWebsites(identity.agentId, { includeDeleted: true });
  return { items: items.reverse().map((item) => websiteView(item)) };
});
