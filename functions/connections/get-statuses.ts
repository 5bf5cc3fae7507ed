import { connectionsRoutes } from '#contracts/routes/connections';
import { splitAgentIds } from '#contracts/schemas/connections';
import { withHttp } from '#platform/http';
import { pairStatuses } from './connections.ts';

/** GET /api/connections/status?agent_ids=a,b: how the caller stands with each agent (a directory page). */
export const handler = withHttp(connectionsRoutes.getConnectionStatuses, async ({ query, identity }) => ({
  items: await pairStatuses(identity.agentId, splitAgentIds(query.agent_ids)),
}));
