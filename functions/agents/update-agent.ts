import { publishEvent } from '#aws/events';
import { agentsRoutes } from '#contracts/routes/agents';
import { Agent } from '#platform/accounts/entities';
import { badRequest, forbidden } from '#platform/errors';
import { withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import { agentView, withAgencyNames } from './agent-view.ts';

/**
 * Changes the caller's own profile; only the fields of the contract's `agentPatch` are accepted. A changed
 * city is the agent's market, where its clients and saved searches naming no area look for listings: the
 * matcher is told (AgentMarketChanged). A bus that refuses after the retries is logged and the change still
 * stands (each of those owners moves at its own next change).
 */
export const handler = withHttp(agentsRoutes.updateAgent, async ({ path, body, identity }) => {
  if (path.id !== identity.agentId) throw forbidden('You can only change your own profile');
  if (Object.keys(body).length === 0) throw badRequest('Nothing to change: send at least one field');
  const before =
    'city' in body ? await Agent.get({ agent_id: identity.agentId }, { consistent: true }) : undefined;
  const agent = await Agent.update({ agent_id: identity.agentId }, { set: body });
  if (before && before.city !== agent.city) {
    try {
      await publishEvent('AgentMarketChanged', { agentId: identity.agentId });
    } catch (error) {
      logger.error('market change not published', { agentId: identity.agentId, error: error as Error });
    }
  }
  const [named] = await withAgencyNames([agent]);
  return agentView(named!, identity.agentId);
});
