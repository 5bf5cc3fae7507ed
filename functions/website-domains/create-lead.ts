import { websiteLeadsRoutes } from '#contracts/routes/website-leads';
import { notFound } from '#lib/errors';
import { seeOther, withHttp } from '#lib/http';
import { logger } from '#lib/logger';
import {
  countLeadAttempt,
  createLeadClient,
  LEAD_NOT_SENT_FRAGMENT,
  LEAD_SENT_FRAGMENT,
  senderAddress,
} from '#lib/website-leads';
import { getWebsiteById, WEBSITE_NOT_FOUND } from '#lib/websites';

/**
 * A published website's contact form (a plain HTML form, urlencoded): the visitor becomes a client of the
 * site's agent (source `website`, a new buyer, the message as the note). Public: only a published,
 * non-deleted website takes leads (else 404). Rate-limited per website and sender (429 beyond it). The
 * answer is `303 See Other` back to the form's page (a path on the site, validated: never another site)
 * with `#lead-sent`; a lead the agent's plan cannot take (clients limit, inactive subscription) is not
 * recorded and the visitor is sent back with `#lead-not-sent`, a polite notice. A filled honeypot
 * (`company`) is answered like a success and not recorded. A listing page's form also sends the listing's
 * `property_id`: the client, its activity and the agent's notification then name that listing.
 */
export const handler = withHttp(websiteLeadsRoutes.createWebsiteLead, async ({ path, body, event }) => {
  const website = await getWebsiteById(path.id);
  if (!website || website.deleted_at || website.status !== 'published') throw notFound(WEBSITE_NOT_FOUND);
  if (body.company) {
    logger.info('website lead dropped: honeypot filled', { websiteId: website.website_id });
    return seeOther(`${body.page}${LEAD_SENT_FRAGMENT}`);
  }
  const address = senderAddress(event);
  await countLeadAttempt(website.website_id, { ...(address ? { ip: address } : {}), email: body.email });
  const result = await createLeadClient(website, body);
  if ('refused' in result) {
    logger.warn('website lead refused', { websiteId: website.website_id, reason: result.refused });
    return seeOther(`${body.page}${LEAD_NOT_SENT_FRAGMENT}`);
  }
  return seeOther(`${body.page}${LEAD_SENT_FRAGMENT}`);
});
