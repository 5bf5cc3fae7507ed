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
    status: 'implemented',
    auth: 'none',
    summary:
      "A published website's contact form (plain HTML form): the visitor becomes a client of the site's agent (source website), naming the listing of a listing page's form (property_id), rate-limited per website and sender; answers 303 back to the page",
    request: { path: idParam, body: websiteListingLeadInput, bodyType: 'form' },
    response: websiteLeadRedirect,
    redirects: true,
    resources: { table: 'readwrite' },
    // anyone can post from any site: a low sustained rate caps a flood's cost (the per-sender limits are
    // the handler's); the burst takes a busy moment across all sites
    throttle: { rate: 10, burst: 200 },
  },
});
