import { networkRoutes } from '#contracts/routes/network';
import { Agency } from '#lib/data/service';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';

/** The caller's own agency; any other agency is answered exactly like a missing one. */
export const handler = withHttp(networkRoutes.getAgency, async ({ path, identity }) => {
  if (path.id !== identity.agencyId) throw notFound('Agency');
  const { data: agency } = await Agency.get({ id: path.id }).go();
  if (!agency) throw notFound('Agency');
  return agency;
});
