import { teamRoutes } from '#contracts/routes/team';
import { isConditionFailure } from '#lib/data/entity';
import { eq } from '#lib/data/expression';
import { Invite } from '#lib/data/team';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';
import { adminAgency } from '#lib/team';

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
