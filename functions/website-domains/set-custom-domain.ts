import { config } from '#aws/config';
import { websiteDomainsRoutes } from '#contracts/routes/website-domains';
import { announceWebsite } from '#functions/websites/website-events';
import { loadWebsite } from '#functions/websites/websites';
import { withHttp } from '#platform/http';
import { invalidField } from '#platform/validation';
import { claimCustomDomain, isUnderSitesDomain, websiteDomainView } from './website-domains.ts';

/**
 * Claims a custom domain for one of the caller's websites. The claim is `pending` with the DNS TXT record
 * that proves it (`_estatenet-verify.<domain>`, a random value per claim) and the CNAME target
 * (SITES_CNAME_TARGET, the sites distribution's host); it serves nothing and blocks no one until the proof
 * is seen (the `check-domain-proofs` schedule, or "Check now"), and lapses after 72 hours. A domain already
 * active for another website is 409; the same domain again answers the same claim (idempotent). A new
 * domain replaces the website's previous one (an active one is released in the same transaction).
 */
export const handler = withHttp(websiteDomainsRoutes.setCustomDomain, async ({ body, identity }) => {
  if (isUnderSitesDomain(body.domain)) {
    const message = `must be your own domain, not one under ${config.sites.domain}`;
    throw invalidField('domain', message);
  }
  const website = await loadWebsite(identity.agentId, body.website_id);
  const { record, released } = await claimCustomDomain(website, body.domain);
  if (released) await announceWebsite(website, ['WebsiteHostsChanged']);
  return websiteDomainView(record);
});
