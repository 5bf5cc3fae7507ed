import { websiteDomainsRoutes } from '#contracts/routes/website-domains';
import { loadWebsite } from '#functions/websites/websites';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { WebsiteDomain } from './entities.ts';
import { checkCustomDomain, websiteDomainView } from './website-domains.ts';

/**
 * "Check now" in the Domain dialog: looks for the DNS TXT proof of the website's pending custom domain at
 * once (the same check the `check-domain-proofs` schedule makes), and answers the claim as it is then —
 * active when the record was seen, pending with what was found, or lapsed. A proven or lapsed claim is
 * answered as it is.
 */
export const handler = withHttp(websiteDomainsRoutes.checkCustomDomain, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const record = await WebsiteDomain.get(
    { website_id: website.website_id, kind: 'custom' },
    { consistent: true },
  );
  if (!record) throw notFound('Custom domain');
  return websiteDomainView(await checkCustomDomain(record, new Date()));
});
