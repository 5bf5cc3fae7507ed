import { config } from '#aws/config';
import { preloadSecret, secretValue } from '#aws/secrets';
import { websiteLeadsRoutes } from '#contracts/routes/website-leads';
import {
  answeringForms,
  countLeadAttempt,
  LEAD_NOT_SENT_FRAGMENT,
  LEAD_SENT_FRAGMENT,
  senderAddress,
  takeLead,
  takeWebsiteLeadCap,
} from '#functions/website-leads/website-leads';
import { getWebsiteById, WEBSITE_NOT_FOUND } from '#functions/websites/websites';
import { notFound } from '#platform/errors';
import { seeOther, withHttp } from '#platform/http';
import { logger } from '#platform/logger';

// the origin-verify secret is read while the function starts, and kept (functions/aws/secrets.ts)
preloadSecret(() => config.originVerifySecretArn);

/**
 * A published website's contact form (a plain HTML form, urlencoded): the visitor becomes a client of the
 * site's agent (source `website`, a new buyer, the message as the note) while the agent's plan has room,
 * else a lead waiting for the agent on /clients (functions/website-leads/website-leads.ts `takeLead`). Public: only a
 * published, non-deleted website takes leads (else 404). Rate-limited per sender (its CloudFront viewer
 * address, trusted only with the origin-verify secret) and capped per website per hour and per day: 429
 * with Retry-After, a page with the message to a browser. The answer is `303 See Other` back to the form's
 * page (a path on the site, validated: never another site) with `#lead-sent`, or `#lead-not-sent` when the
 * website has no agent any more. A filled honeypot (`company`) is answered like a success and not
 * recorded. A listing page's form also sends the listing's `property_id`: the client (or waiting lead), its
 * activity and the agent's notification then name that listing.
 */
/**
 * CloudFront's secret, to tell its requests (whose viewer address counts) from any other. Unreadable, no
 * request is from CloudFront: senders are counted by source address, which never lets a flood through.
 */
async function originSecret(): Promise<string> {
  try {
    return await secretValue(config.originVerifySecretArn);
  } catch (error) {
    logger.error('origin-verify secret unavailable: counting senders by source address', {
      error: error as Error,
    });
    return '';
  }
}

export const handler = answeringForms(
  withHttp(
    websiteLeadsRoutes.createWebsiteLead,
    async ({ path, body, event }) => {
      const website = await getWebsiteById(path.id);
      if (!website || website.deleted_at || website.status !== 'published') throw notFound(WEBSITE_NOT_FOUND);
      if (body.company) {
        logger.info('website lead dropped: honeypot filled', { websiteId: website.website_id });
        return seeOther(`${body.page}${LEAD_SENT_FRAGMENT}`);
      }
      const address = senderAddress(event);
      await countLeadAttempt(website.website_id, { ...(address ? { ip: address } : {}), email: body.email });
      await takeWebsiteLeadCap(website.website_id);
      const result = await takeLead(website, body);
      if ('refused' in result) {
        logger.warn('website lead refused', { websiteId: website.website_id, reason: result.refused });
        return seeOther(`${body.page}${LEAD_NOT_SENT_FRAGMENT}`);
      }
      return seeOther(`${body.page}${LEAD_SENT_FRAGMENT}`);
    },
    { originSecret },
  ),
);
