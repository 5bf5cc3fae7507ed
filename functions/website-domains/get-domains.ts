import { websiteDomainsRoutes } from '#contracts/routes/website-domains';
import { loadWebsite } from '#functions/websites/websites';
import { withHttp } from '#platform/http';
import { WebsiteDomain } from './entities.ts';
import { websiteDomainView } from './website-domains.ts';

/**
 * The domains of one of the caller's websites, as the Domain dialog shows them: its default subdomain and
 * its custom domain with the state of its DNS proof (pending with the TXT record and when it lapses,
 * active, or lapsed and why).
 */
export const handler = withHttp(websiteDomainsRoutes.getWebsiteDomains, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const records = await WebsiteDomain.queryAll(
    'primary',
    { website_id: website.website_id },
    { consistent: true },
  );
  const order = { default: 0, custom: 1 } as const;
  return {
    website_id: website.website_id,
    domains: records.sort((a, b) => order[a.kind] - order[b.kind]).map(websiteDomainView),
  };
});
