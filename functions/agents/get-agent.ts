import { agentsRoutes } from '#contracts/routes/agents';
import { Agent } from '#platform/accounts/entities';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { agentView, withAgencyNames } from './agent-view.ts';

/** One agent's public profile with its agency's name (your own also carries your subscription state). */
export const handler = withHttp(agentsRoutes.getAgent, async ({ path, identity }) => {
  const agent = await Agent.get({ agent_id: path.id });
  if (!agent) throw notFound('Agent');
  const [named] = await withAgencyNames([agent]);
  return agentView(named!, identity.agentId);
});
