import { reputationRoutes } from '#contracts/routes/reputation';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { reputationHistory } from './reputation.ts';

/** Your reputation history, newest first, one page (default page 1 of 10). */
export const handler = withHttp(reputationRoutes.getReputationHistory, async ({ path, query, identity }) => {
  if (path.id !== identity.agentId) throw notFound('Agent');
  return reputationHistory(identity.agentId, query.page, query.limit);
});
