import { websiteDomainsRoutes } from '#contracts/routes/website-domains';
import { config } from '#lib/config';
import { withHttp } from '#lib/http';
import { invalidField } from '#lib/validation';
import { claimDomain, isUnderSitesDomain, websiteDomainView } from '#lib/website-domains';
import { announceWebsite } from '#lib/website-events';
import { loadWebsite } from '#lib/websites';

/**
 * Points a custom domain at one of the caller's websites. One website per domain: a domain another
 * website holds is 409; the same domain for the same website again answers as before (idempotent).
 * Changing a website's custom domain releases the old one in the same transaction. The answer carries the
 * CNAME target (SITES_CNAME_TARGET, the sites distribution's host) and status `pending` until the domain
 * is verified; the local cloud has no DNS to verify, so there it is `active` at once.
 */
export const handler = withHttp(websiteDomainsRoutes.setCustomDomain, async ({ body, identity }) => {
  if (isUnderSitesDomain(body.domain)) {
    const message = `must be your own domain, not one under ${config.sites.domain}`;
    throw invalidField('domain', message);
  }
  const website = await loadWebsite(identity.agentId, body.website_id);
  const record = await claimDomain({
    website,
    kind: 'custom',
    domain: body.domain,
    status: config.sites.customDomainsActive ? 'active' : 'pending',
    replace: true,
  });
  await announceWebsite(website, ['WebsiteHostsChanged']);
  return websiteDomainView(record);
});
