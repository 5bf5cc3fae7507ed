import { defineRoutes } from '../route.ts';
import { idParam } from '../schemas/common.ts';
import {
  customDomainInput,
  domainSetupInput,
  forceContentInput,
  forceContentQuery,
  forceContentResult,
  websiteDomain,
  websiteDomains,
} from '../schemas/websites.ts';

/** Publishing a website's pages and pointing domains at it (spec §7 "Websites", the website-domains paths). */
export const websiteDomainsRoutes = defineRoutes({
  forceWebsiteContent: {
    method: 'POST',
    path: '/website-domains/force-content/{id}',
    handler: 'functions/website-domains/force-content.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Regenerate one page (pageId/pageSlug; empty slug = home) or all pages of your website',
    request: { path: idParam, query: forceContentQuery, body: forceContentInput },
    response: forceContentResult,
    resources: { table: 'read', buckets: { content: { read: ['websites'] } }, bus: true },
  },
  setCustomDomain: {
    method: 'POST',
    path: '/website-domains/custom-domain',
    handler: 'functions/website-domains/set-custom-domain.ts',
    auth: 'token',
    access: 'signed-in',
    statuses: [409],
    summary:
      'Claim a custom domain for one of your websites: pending until its DNS TXT record is seen (72 hours), then active (one website per domain; 409 when active for another)',
    request: { body: customDomainInput },
    response: websiteDomain,
    resources: { table: 'readwrite', bus: true, siteDomains: true },
  },
  getWebsiteDomains: {
    method: 'GET',
    path: '/website-domains/{id}',
    handler: 'functions/website-domains/get-domains.ts',
    auth: 'token',
    access: 'signed-in',
    summary:
      'The domains of your website: its default subdomain and its custom domain with the state of its DNS proof',
    request: { path: idParam },
    response: websiteDomains,
    resources: { table: 'read', siteDomains: true },
  },
  checkCustomDomain: {
    method: 'POST',
    path: '/website-domains/custom-domain/{id}/check',
    handler: 'functions/website-domains/check-custom-domain.ts',
    auth: 'token',
    access: 'signed-in',
    summary:
      "Look for your website's custom-domain DNS TXT proof now (as the schedule does): active when seen, else pending or lapsed",
    request: { path: idParam },
    response: websiteDomain,
    resources: { table: 'readwrite', bus: true, siteDomains: true },
  },
  setupWebsiteDomain: {
    method: 'POST',
    path: '/api/website-domains/setup',
    handler: 'functions/website-domains/setup-domain.ts',
    // spec §7: called from the app's origin without an Authorization header; the token cookie authenticates it
    auth: 'cookie',
    access: 'signed-in',
    statuses: [403, 409],
    summary:
      'Give your website its default subdomain from the business name (token cookie; only for a website without one)',
    request: { body: domainSetupInput },
    response: websiteDomain,
    resources: { table: 'readwrite', bus: true, siteDomains: true },
  },
});
