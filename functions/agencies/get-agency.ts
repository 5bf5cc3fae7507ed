import { agenciesRoutes } from '#contracts/routes/agencies';
import { Agency } from '#platform/accounts/entities';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';

/** The caller's own agency; any other agency is answered exactly like a missing one. */
export const handler = withHttp(agenciesRoutes.getAgency, async ({ path, identity }) => {
  if (path.id !== identity.agencyId) throw notFound('Agency');
  const agency = await Agency.get({ id: path.id });
  if (!agency) throw notFound('Agency');
  return agency;
});
