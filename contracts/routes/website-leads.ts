import { defineRoutes } from '../route.ts';
import { idParam } from '../schemas/common.ts';
import { websiteLeadInput, websiteLeadRedirect } from '../schemas/websites.ts';

/** The contact forms of published websites (docs/website-builder.md "Publishing"). */
export const websiteLeadsRoutes = defineRoutes({
  createWebsiteLead: {
    method: 'POST',
    path: '/api/website-leads/{id}',
    handler: 'functions/website-domains/create-lead.ts',
    status: 'implemented',
    auth: 'none',
    summary:
      "A published website's contact form (plain HTML form): the visitor becomes a client of the site's agent (source website), rate-limited per website and sender; answers 303 back to the page",
    request: { path: idParam, body: websiteLeadInput, bodyType: 'form' },
    response: websiteLeadRedirect,
    redirects: true,
    resources: { table: 'readwrite' },
  },
});
