import { config } from '#aws/config';
import { verificationsRoutes } from '#contracts/routes/verifications';
import { Agency } from '#platform/accounts/entities';
import { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import {
  deliverOwnerLink,
  issueOwnerLink,
  listingVerifications,
  ownerEmail,
  ownerLink,
  ownListing,
} from './verifications.ts';

/**
 * Emails the listing's owner a link to confirm it (valid 7 days, single use, no account needed). Sending
 * again replaces the previous link (a wrong address, an expired or declined link), at most 3 emails a
 * listing a day; a confirmed listing is final (409). The link is stored before it is sent and put back
 * as it was when SES refuses the email (503), so nothing half-done remains.
 */
export const handler = withHttp(
  verificationsRoutes.requestOwnerConfirmation,
  async ({ path, body, identity }) => {
    const property = await ownListing(identity, path.id);
    const issued = await issueOwnerLink(property, body.ownerEmail);
    const link = ownerLink(config.appUrl, issued.token);
    const agency = identity.agencyId ? await Agency.get({ id: identity.agencyId }) : undefined;
    const email = ownerEmail(
      body.ownerEmail,
      property,
      { name: identity.agent.full_name, agency: agency?.name },
      link,
    );
    try {
      await deliverOwnerLink(email, link);
    } catch (error) {
      logger.error('owner confirmation email not sent', {
        propertyId: property.property_id,
        error: error as Error,
      });
      await issued.undo();
      throw new HttpError(503, "We couldn't send the email to the owner. Check the address and try again.");
    }
    return listingVerifications(property);
  },
);
