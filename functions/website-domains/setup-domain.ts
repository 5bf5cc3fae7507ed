import { websiteDomainsRoutes } from '#contracts/routes/website-domains';
import { announceWebsite } from '#functions/websites/website-events';
import { loadWebsite } from '#functions/websites/websites';
import { withHttp } from '#platform/http';
import { claimDefaultDomain, defaultDomainOf, websiteDomainView } from './website-domains.ts';

/**
 * Gives one of the caller's websites its default subdomain, `{slug of businessName}-{first 6 of the id}`
 * under the sites domain. Spec §7 calls it from the app's origin without an Authorization header: the
 * route's `cookie` auth verifies the `token` cookie exactly like a bearer token. Only for a website
 * without a default subdomain; the same one again is answered as before (idempotent), another is 409.
 */
export const handler = withHttp(websiteDomainsRoutes.setupWebsiteDomain, async ({ body, identity }) => {
  const website = await loadWebsite(identity.agentId, body.websiteId);
  const domain = defaultDomainOf(body.businessName, website.website_id);
  const record = await claimDefaultDomain({ website, domain, businessName: body.businessName });
  await announceWebsite(website, ['WebsiteHostsChanged']);
  return websiteDomainView(record);
});
