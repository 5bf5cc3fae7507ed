import { verificationsRoutes } from '#contracts/routes/verifications';
import { withHttp } from '#lib/http';
import { listingVerifications, ownListing } from '#lib/verifications';

/** The listing agent's view of its listing's deed review and owner confirmation (404 to anyone else). */
export const handler = withHttp(verificationsRoutes.getListingVerifications, async ({ path, identity }) =>
  listingVerifications(await ownListing(identity, path.id)),
);
