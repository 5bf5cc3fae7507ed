import { teamRoutes } from '#contracts/routes/team';
import { isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { Invite } from './entities.ts';
import { adminAgency } from './team.ts';

/**
 * Revokes a pending invitation of the caller's agency (its admin only): the item goes, so its link finds
 * nothing. Only while pending — an accepted one is a member now (removed from the team instead). Another
 * agency's invitation is looked up in the caller's own partition, so it is simply not found.
 */
export const handler = withHttp(teamRoutes.revokeInvite, async ({ path, identity }) => {
  const agency = await adminAgency(identity);
  try {
    await Invite.delete({ agency_id: agency.id, invite_id: path.id }, { if: eq('status', 'pending') });
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Invitation');
    throw error;
  }
  return { ok: true as const };
});
