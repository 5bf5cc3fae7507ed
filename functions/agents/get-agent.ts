import { networkRoutes } from '#contracts/routes/network';
import { Agent } from '#lib/data/service';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';

/** One agent's public profile. */
export const handler = withHttp(networkRoutes.getAgent, async ({ path }) => {
  const { data: agent } = await Agent.get({ agent_id: path.id }).go();
  if (!agent) throw notFound('Agent');
  return agent;
});
