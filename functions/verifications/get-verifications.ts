import { verificationsRoutes } from '#contracts/routes/verifications';
import { withHttp } from '#platform/http';
import { listingVerifications, ownListing } from './verifications.ts';

/** The listing agent's view of its listing's deed review and owner confirmation (404 to anyone else). */
export const handler = withHttp(verificationsRoutes.getListingVerifications, async ({ path, identity }) =>
  listingVerifications(await ownListing(identity, path.id)),
);
