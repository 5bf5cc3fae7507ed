import { verificationsRoutes } from '#contracts/routes/verifications';
import { assertSupportStaff } from '#functions/support/support-chat';
import { withHttp } from '#platform/http';
import { deedReviewQueue } from './verifications.ts';

/** Support staff: the deeds waiting for review, oldest first, 50 a page (404 to anyone else). */
export const handler = withHttp(verificationsRoutes.listDeedReviews, async ({ query, identity }) => {
  await assertSupportStaff(identity.agentId);
  const page = await deedReviewQueue(query.cursor);
  return {
    isSupportStaff: true as const,
    items: page.items.map((item) => ({
      property_id: item.property_id,
      submission_id: item.submission_id,
      property_title: item.property_title,
      city: item.city,
      ...(item.street_address ? { street_address: item.street_address } : {}),
      agent_id: item.agent_id,
      agent_name: item.agent_name,
      document: { name: item.document_name, type: item.document_type, size: item.document_size },
      submitted_at: item.submitted_at,
    })),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
});
