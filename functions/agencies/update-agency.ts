import { agenciesRoutes } from '#contracts/routes/agencies';
import { Agency } from '#platform/accounts/entities';
import { isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { badRequest, forbidden, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';

/**
 * Changes the caller's agency, its admin only: the contract's `agencyPatch` fields, in one update that is
 * conditional on the caller being the admin. Members get 403, anyone outside the agency 404.
 */
export const handler = withHttp(agenciesRoutes.updateAgency, async ({ path, body, identity }) => {
  if (path.id !== identity.agencyId) throw notFound('Agency');
  if (Object.keys(body).length === 0) throw badRequest('Nothing to change: send at least one field');
  try {
    return await Agency.update(
      { id: path.id },
      { set: body },
      { if: eq('admin_agent_id', identity.agentId) },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const agency = await Agency.get({ id: path.id });
    if (!agency) throw notFound('Agency');
    throw forbidden('Only the agency admin can change the agency');
  }
});
