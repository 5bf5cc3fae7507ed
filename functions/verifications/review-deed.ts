import { verificationsRoutes } from '#contracts/routes/verifications';
import { assertSupportStaff } from '#functions/support/support-chat';
import { withHttp } from '#platform/http';
import { announceVerification, decideDeed, deedView } from './verifications.ts';

/**
 * Support staff approve a listing's deed (the listing becomes deed-verified, and the reputation awarder
 * gives its agent PROPERTY_DEED_VERIFIED once) or reject it with a reason the agent sees. The decision
 * names the upload the reviewer looked at. Approving again what is approved answers it as it is and
 * announces it again (a retry after a failure awards what is missing, never twice). 404 to anyone else.
 */
export const handler = withHttp(verificationsRoutes.reviewDeed, async ({ path, body, identity }) => {
  await assertSupportStaff(identity.agentId);
  const { item } = await decideDeed({
    propertyId: path.id,
    submissionId: body.submissionId,
    decision: body.decision,
    reason: body.reason,
    reviewerId: identity.agentId,
  });
  if (item.state === 'approved') await announceVerification('deed', item);
  return { property_id: item.property_id, deed: deedView(item) };
});
