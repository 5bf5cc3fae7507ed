import { agentsRoutes } from '#contracts/routes/agents';
import { Agent } from '#platform/accounts/entities';
import { badRequest, forbidden } from '#platform/errors';
import { withHttp } from '#platform/http';
import { agentView, withAgencyNames } from './agent-view.ts';

/** Changes the caller's own profile; only the fields of the contract's `agentPatch` are accepted. */
export const handler = withHttp(agentsRoutes.updateAgent, async ({ path, body, identity }) => {
  if (path.id !== identity.agentId) throw forbidden('You can only change your own profile');
  if (Object.keys(body).length === 0) throw badRequest('Nothing to change: send at least one field');
  const agent = await Agent.update({ agent_id: identity.agentId }, { set: body });
  const [named] = await withAgencyNames([agent]);
  return agentView(named!, identity.agentId);
});
