import { defineRoutes } from '../route.ts';
import { idParam } from '../schemas/common.ts';
import { websiteListingLeadInput } from '../schemas/website-leads.ts';
import { websiteLeadRedirect } from '../schemas/websites.ts';

/** The contact forms of published websites (docs/website-builder.md "Publishing"). */
export const websiteLeadsRoutes = defineRoutes({
  createWebsiteLead: {
    method: 'POST',
    path: '/api/website-leads/{id}',
    handler: 'functions/website-domains/create-lead.ts',
    auth: 'none',
    access: 'public',
    summary:
      "A published website's contact form (plain HTML form): the visitor becomes a client of the site's agent (source website), naming the listing of a listing page's form (property_id), rate-limited per website and sender; answers 303 back to the page",
    request: { path: idParam, body: websiteListingLeadInput, bodyType: 'form' },
    response: websiteLeadRedirect,
    redirects: true,
    // the origin-verify secret: CloudFront-Viewer-Address counts only on requests carrying it
    resources: { table: 'readwrite', secrets: ['originVerify'] },
    // anyone can post from any site: a low sustained rate caps a flood's cost (18,000 forms an hour across
    // every site); fairness is the handler's (per-sender limits, per-website caps) and the WAF's (per address)
    throttle: { rate: 5, burst: 100 },
  },
});
