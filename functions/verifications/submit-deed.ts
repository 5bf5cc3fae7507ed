import { verificationsRoutes } from '#contracts/routes/verifications';
import { respond, withHttp } from '#platform/http';
import { listingVerifications, ownListing, submitDeed } from './verifications.ts';

/**
 * Attaches the deed to the caller's listing for support staff to review: a finished presigned upload of
 * purpose `property-deed`, checked to be a PDF or an image, kept privately under `deeds/` (the upload then
 * goes, giving its storage back). Again after a rejection, or in place of a deed still waiting; an approved
 * deed is final (409).
 */
export const handler = withHttp(verificationsRoutes.submitDeed, async ({ path, body, identity }) => {
  const property = await ownListing(identity, path.id);
  await submitDeed(identity, property, body.fileKey);
  return respond(201, await listingVerifications(property));
});
