import { publishEvent } from '#aws/events';
import { websiteDomainsRoutes } from '#contracts/routes/website-domains';
import { loadWebsite, readWebsiteContent } from '#functions/websites/websites';
import { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';

const pageMissing = (message: string) => new HttpError(404, message);

/**
 * Asks the regenerator to render one page (by `pageId` or `pageSlug`; the empty slug is the home page) or,
 * with `allPages`, every page and the home page of one of the caller's websites. `forcePublished` (default
 * true) renders a draft too, as a preview. A page the website does not have is a 404 naming it; another
 * agent's or a deleted website is 404 `Website not found`. The answer says the work is queued: the
 * regenerator reconciles from the website as it is when the event arrives.
 */
export const handler = withHttp(
  websiteDomainsRoutes.forceWebsiteContent,
  async ({ path, query, body, identity }) => {
    const website = await loadWebsite(identity.agentId, path.id);
    const { pageId, pageSlug } = query;
    if (pageId !== undefined || pageSlug !== undefined) {
      const { pages } = await readWebsiteContent(website);
      const byId = pageId === undefined ? undefined : pages.find((page) => page.id === pageId);
      if (pageId !== undefined && !byId) {
        throw pageMissing(`Page not found: this website has no page with id "${pageId}"`);
      }
      const bySlug = pageSlug === undefined ? undefined : pages.find((page) => page.slug === pageSlug);
      if (pageSlug !== undefined && !bySlug) {
        throw pageMissing(
          pageSlug === ''
            ? 'Page not found: this website has no home page'
            : `Page not found: this website has no page with slug "${pageSlug}"`,
        );
      }
      if (byId && bySlug && byId !== bySlug) {
        throw pageMissing(`Page not found: the page with id "${pageId}" does not have slug "${pageSlug}"`);
      }
    }
    await publishEvent('WebsiteContentForced', {
      websiteId: website.website_id,
      agentId: website.agent_id,
      ...(pageId !== undefined ? { pageId } : {}),
      ...(pageSlug !== undefined ? { pageSlug } : {}),
      allPages: body.allPages,
      forcePublished: body.forcePublished,
    });
    return {
      websiteId: website.website_id,
      ...(pageId !== undefined ? { pageId } : {}),
      ...(pageSlug !== undefined ? { pageSlug } : {}),
      queued: true as const,
    };
  },
);
