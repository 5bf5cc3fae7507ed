import { networkRoutes } from '#contracts/routes/network';
import { agentView, withAgencyNames } from '#lib/agent-view';
import { Agent } from '#lib/data/accounts';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';

/** One agent's public profile with its agency's name (your own also carries your subscription state). */
export const handler = withHttp(networkRoutes.getAgent, async ({ path, identity }) => {
  const agent = await Agent.get({ agent_id: path.id });
  if (!agent) throw notFound('Agent');
  const [named] = await withAgencyNames([agent]);
  return agentView(named!, identity.agentId);
});
