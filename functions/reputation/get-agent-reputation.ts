import { reputationRoutes } from '#contracts/routes/reputation';
import { Agent } from '#platform/accounts/entities';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { agentReputation } from './reputation.ts';

/** An agent's reputation summary: public like the profile, the last award only on your own. */
export const handler = withHttp(reputationRoutes.getAgentReputation, async ({ path, identity }) => {
  const agent = path.id === identity.agentId ? identity.agent : await Agent.get({ agent_id: path.id });
  if (!agent) throw notFound('Agent');
  return agentReputation(agent, identity.agentId);
});
