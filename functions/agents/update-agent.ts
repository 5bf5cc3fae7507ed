import { networkRoutes } from '#contracts/routes/network';
import { agentView, withAgencyNames } from '#lib/agent-view';
import { Agent } from '#lib/data/accounts';
import { badRequest, forbidden } from '#lib/errors';
import { withHttp } from '#lib/http';

/** Changes the caller's own profile; only the fields of the contract's `agentPatch` are accepted. */
export const handler = withHttp(networkRoutes.updateAgent, async ({ path, body, identity }) => {
  if (path.id !== identity.agentId) throw forbidden('You can only change your own profile');
  if (Object.keys(body).length === 0) throw badRequest('Nothing to change: send at least one field');
  const agent = await Agent.update({ agent_id: identity.agentId }, { set: body });
  const [named] = await withAgencyNames([agent]);
  return agentView(named!, identity.agentId);
});
