import { networkRoutes } from '#contracts/routes/network';
import { Agency, isConditionFailure } from '#lib/data/service';
import { badRequest, forbidden, notFound } from '#lib/errors';
import { withHttp } from '#lib/http';

/**
 * Changes the caller's agency, its admin only: the contract's `agencyPatch` fields, in one update that is
 * conditional on the caller being the admin. Members get 403, anyone outside the agency 404.
 */
export const handler = withHttp(networkRoutes.updateAgency, async ({ path, body, identity }) => {
  if (path.id !== identity.agencyId) throw notFound('Agency');
  if (Object.keys(body).length === 0) throw badRequest('Nothing to change: send at least one field');
  try {
    const { data } = await Agency.patch({ id: path.id })
      .set(body)
      .where(({ admin_agent_id }, { eq }) => eq(admin_agent_id, identity.agentId))
      .go({ response: 'all_new' });
    return data;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data: agency } = await Agency.get({ id: path.id }).go();
    if (!agency) throw notFound('Agency');
    throw forbidden('Only the agency admin can change the agency');
  }
});
