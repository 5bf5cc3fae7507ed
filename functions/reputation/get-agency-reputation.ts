import { reputationRoutes } from '#contracts/routes/reputation';
import { Agent } from '#platform/accounts/entities';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { agencyReputation } from './reputation.ts';

/** Your agency's reputation, its members' combined; any other agency is answered as missing. */
export const handler = withHttp(reputationRoutes.getAgencyReputation, async ({ path, identity }) => {
  if (!identity.agencyId || path.id !== identity.agencyId) throw notFound('Agency');
  // an agency has its admin and at most its seat cap of members: one small partition of the byAgency index
  const members = await Agent.queryAll('byAgency', { agency_id: identity.agencyId });
  return agencyReputation(members);
});
