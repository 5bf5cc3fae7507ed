import { reputationRoutes } from '#contracts/routes/reputation';
import { Agent } from '#lib/data/accounts';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';
import { agentReputation } from '#lib/reputation';

/** An agent's reputation summary: public like the profile, the last award only on your own. */
export const handler = withHttp(reputationRoutes.getAgentReputation, async ({ path, identity }) => {
  const agent = path.id === identity.agentId ? identity.agent : await Agent.get({ agent_id: path.id });
  if (!agent) throw notFound('Agent');
  return agentReputation(agent, identity.agentId);
});
