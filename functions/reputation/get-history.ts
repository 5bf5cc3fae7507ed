import { reputationRoutes } from '#contracts/routes/reputation';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';
import { reputationHistory } from '#lib/reputation';

/** Your reputation history, newest first, one page (default page 1 of 10). */
export const handler = withHttp(reputationRoutes.getReputationHistory, async ({ path, query, identity }) => {
  if (path.id !== identity.agentId) throw notFound('Agent');
  return reputationHistory(identity.agentId, query.page, query.limit);
});
