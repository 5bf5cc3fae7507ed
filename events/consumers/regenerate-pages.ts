import { config } from '#aws/config';
import { publishEvent } from '#aws/events';
import { deleteObject, listObjectKeys, putObject } from '#aws/s3';
import { isCurrencyCode } from '#contracts/exchange-rates';
import { SITE_PAGE_CACHE_CONTROL } from '#contracts/response-headers';
import { DEFAULT_CURRENCY } from '#contracts/schemas/preferences';
import { SITE_BLOCK_TYPES } from '#contracts/website-blocks';
import { AgentPreferences } from '#functions/preferences/entities';
import { currentExchangeRates } from '#functions/preferences/exchange-rates';
import { Property, type PropertyItem } from '#functions/properties/entities';
import { searchProperties } from '#functions/properties/property-search';
import type { WebsiteItem } from '#functions/websites/entities';
import {
  type RenderedPage,
  renderSite,
  type SiteAgent,
  type SiteCurrency,
  type SiteData,
} from '#functions/websites/site-render';
import {
  getWebsiteById,
  listAgentWebsites,
  readWebsiteContent,
  type WebsiteContent,
} from '#functions/websites/websites';
import { Agency, Agent } from '#platform/accounts/entities';
import { defineConsumer } from '#platform/consumer';
import { logger } from '#platform/logger';

/**
 * The page regenerator (docs/website-builder.md, "Publishing"): WebsitePublished, WebsiteUnpublished,
 * WebsiteContentForced, GlobalComponentsChanged and (for a published website) WebsiteHostsChanged all make
 * the sites bucket match the website as it is now — the event only names the website; AgentListingsChanged
 * does the same for each published website of the agent that shows listings. A published website (or a draft whose regeneration was forced
 * with `forcePublished`, a preview) gets its pages, sitemap.xml and robots.txt written under
 * `{websiteId}/` and the objects of pages that no longer exist removed; a draft or deleted one loses all
 * its objects. Idempotent by reconciliation: repeated, concurrent or reordered deliveries end in the
 * same objects. A website that changed while it was rendered is reconciled again. Each regeneration ends
 * with WebsitePagesRegenerated, on which the website's cached copies are invalidated.
 */

/** The site agent's listings the property blocks choose from (a grid shows at most 24). */
const LISTINGS_READ = 100;
const MAX_PASSES = 3;
const HTML = 'text/html; charset=utf-8';
/** Pages change on every publish: caches must revalidate (the sites distribution passes it on). */
const CACHE_CONTROL = SITE_PAGE_CACHE_CONTROL;

interface Request {
  websiteId: string;
  /** render even a draft (a preview: WebsiteContentForced unless its forcePublished is false) */
  forcePublished: boolean;
  /** only this page (by id or by slug, '' = home); every page when neither is given */
  pageId?: string;
  pageSlug?: string;
}

export const pageKey = (websiteId: string, slug: string) =>
  slug ? `${websiteId}/${slug}/index.html` : `${websiteId}/index.html`;
export const sitemapKey = (websiteId: string) => `${websiteId}/sitemap.xml`;
export const robotsKey = (websiteId: string) => `${websiteId}/robots.txt`;
export const faviconKey = (websiteId: string) => `${websiteId}/favicon.svg`;

/** Where the site is reached: its domain when it has one, else its address on the app. */
function siteUrlOf(website: WebsiteItem): string {
  const app = config.appUrl.replace(/\/$/, '');
  if (website.domain) {
    if (website.domain.endsWith('.localhost') && app) {
      const port = new URL(app).port;
      return `http://${website.domain}${port ? `:${port}` : ''}`;
    }
    return `https://${website.domain}`;
  }
  return `${app}/sites/${encodeURIComponent(website.website_id)}`;
}

/** Visits every component of the content (pages and global components), depth-bounded. */
function eachComponent(content: WebsiteContent, visit: (component: Record<string, unknown>) => void): void {
  const walk = (node: unknown, depth: number): void => {
    if (depth > 60 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, depth + 1);
      return;
    }
    const component = node as Record<string, unknown>;
    visit(component);
    walk(component.components, depth + 1);
  };
  for (const page of content.pages) walk(page.components, 0);
  for (const entry of content.globalComponents ?? []) walk(entry.component_data, 0);
}

/** The ids of the property cards anywhere in the content (pages and global components). */
function propertyCardIds(content: WebsiteContent): Set<string> {
  const ids = new Set<string>();
  eachComponent(content, (component) => {
    const id = (component.attributes as Record<string, unknown> | undefined)?.['data-property-id'];
    if (component.type === SITE_BLOCK_TYPES.propertyCard && typeof id === 'string') ids.add(id);
  });
  return ids;
}

const PROPERTY_BLOCKS: ReadonlySet<unknown> = new Set([
  SITE_BLOCK_TYPES.propertyGrid,
  SITE_BLOCK_TYPES.propertyCard,
]);

/** Whether the content shows any of the agent's listings: a property grid or card anywhere. */
export function hasPropertyBlock(content: WebsiteContent): boolean {
  let found = false;
  eachComponent(content, (component) => {
    if (PROPERTY_BLOCKS.has(component.type)) found = true;
  });
  return found;
}

/** The agent's current listings, newest first, and the cards' own listings (only the agent's). */
async function listingsOf(agentId: string, content: WebsiteContent): Promise<PropertyItem[]> {
  const page = await searchProperties({ agentId, sortBy: 'newest', page: 1, limit: LISTINGS_READ });
  const listings = [...page.items];
  const known = new Set(listings.map((item) => item.property_id));
  for (const id of propertyCardIds(content)) {
    if (known.has(id)) continue;
    const property = await Property.get({ property_id: id });
    if (property?.agent_id === agentId) listings.push(property);
  }
  return listings;
}

async function siteAgentOf(agentId: string): Promise<SiteAgent | undefined> {
  const agent = await Agent.get({ agent_id: agentId });
  if (!agent) return undefined;
  const agency = agent.agency_id ? await Agency.get({ id: agent.agency_id }) : undefined;
  return {
    agent,
    ...(agency?.name ? { agencyName: agency.name } : {}),
    ...(agency?.logo ? { agencyLogo: agency.logo } : {}),
  };
}

/**
 * The currency the site shows prices in: the website's `settings.currency` when the agent set one, else
 * the agent's display currency (Settings), else USD; converted with the rates the app uses.
 */
async function siteCurrencyOf(website: WebsiteItem): Promise<SiteCurrency> {
  const own = website.settings?.currency;
  const code =
    typeof own === 'string' && isCurrencyCode(own)
      ? own
      : ((await AgentPreferences.get({ agent_id: website.agent_id }))?.currency_preference ??
        DEFAULT_CURRENCY);
  const { rates } = await currentExchangeRates();
  if (!isCurrencyCode(code) || code === 'USD') return { code: 'USD', rate: 1, rates };
  const rate = rates[code];
  return rate ? { code, rate, rates } : { code: 'USD', rate: 1, rates };
}

/**
 * What must be in the bucket for a live website: every object's key and body — the content pages, a page
 * per listing on the market that the site shows (`listings/{slug}/index.html`), sitemap.xml, robots.txt
 * and the monogram favicon.svg.
 */
async function renderWebsite(
  website: WebsiteItem,
): Promise<{ pages: RenderedPage[]; objects: Map<string, string> }> {
  const content = await readWebsiteContent(website);
  const [listings, agent, currency] = await Promise.all([
    listingsOf(website.agent_id, content),
    siteAgentOf(website.agent_id),
    siteCurrencyOf(website),
  ]);
  const data: SiteData = {
    website,
    content,
    listings,
    ...(agent ? { agent } : {}),
    siteUrl: siteUrlOf(website),
    currency,
  };
  const site = renderSite(data);
  const objects = new Map<string, string>();
  for (const page of site.pages) objects.set(pageKey(website.website_id, page.slug), page.html);
  for (const listing of site.listings) objects.set(pageKey(website.website_id, listing.slug), listing.html);
  objects.set(sitemapKey(website.website_id), site.sitemap);
  objects.set(robotsKey(website.website_id), site.robots);
  objects.set(faviconKey(website.website_id), site.favicon);
  return { pages: site.pages, objects };
}

const contentTypeOf = (key: string) =>
  key.endsWith('.xml')
    ? 'application/xml; charset=utf-8'
    : key.endsWith('.txt')
      ? 'text/plain; charset=utf-8'
      : key.endsWith('.svg')
        ? 'image/svg+xml'
        : HTML;

/** Removes the website's objects that are not in `keep`. */
async function removeObjects(websiteId: string, keep: ReadonlySet<string> = new Set()): Promise<number> {
  const keys = await listObjectKeys('sites', `${websiteId}/`);
  const stale = keys.filter((key) => !keep.has(key));
  for (const key of stale) await deleteObject({ bucket: 'sites', key });
  return stale.length;
}

/** The state a pass rendered from; a different one after the pass means reconcile again. */
const stateOf = (website: WebsiteItem | undefined) =>
  website
    ? JSON.stringify([
        website.status,
        website.deleted_at ?? null,
        website.content_key,
        website.updated_at ?? null,
        website.domain ?? null,
      ])
    : 'gone';

async function reconcile(request: Request): Promise<void> {
  const { websiteId } = request;
  let website = await getWebsiteById(websiteId);
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    const live =
      website !== undefined &&
      !website.deleted_at &&
      (website.status === 'published' || request.forcePublished);
    if (!website || !live) {
      const removed = await removeObjects(websiteId);
      logger.info('website pages removed', { websiteId, removed, status: website?.status ?? 'missing' });
    } else {
      const { pages, objects } = await renderWebsite(website);
      const onePage = request.pageId !== undefined || request.pageSlug !== undefined;
      const asked = pages.filter(
        (page) =>
          !onePage ||
          (request.pageId !== undefined && page.pageId === request.pageId) ||
          (request.pageSlug !== undefined && page.slug === request.pageSlug),
      );
      // one page asked: that content page, and everything that is not a content page (listing pages too)
      const contentPageKeys = new Set(pages.map((page) => pageKey(websiteId, page.slug)));
      const writes = new Map(
        [...objects].filter(
          ([key]) =>
            !onePage ||
            !contentPageKeys.has(key) ||
            asked.some((page) => pageKey(websiteId, page.slug) === key),
        ),
      );
      for (const [key, body] of writes) {
        await putObject({ bucket: 'sites', key }, Buffer.from(body), {
          contentType: contentTypeOf(key),
          cacheControl: CACHE_CONTROL,
        });
      }
      const removed = await removeObjects(websiteId, new Set(objects.keys()));
      logger.info('website pages written', {
        websiteId,
        written: writes.size,
        removed,
        status: website.status,
      });
    }
    const after = await getWebsiteById(websiteId);
    if (stateOf(after) === stateOf(website)) return;
    website = after;
  }
  logger.warn('website kept changing while its pages were regenerated', { websiteId });
}

/**
 * One website's regeneration, whatever the event: reconcile its objects, then put WebsitePagesRegenerated
 * for the cache invalidator (events/consumers/invalidate-site-cache.ts; the CloudFront client would take
 * this bundle over its budget). `regenerationId` is the same when the event is redelivered. A bus that
 * refuses fails the event, and its redelivery reconciles and announces again.
 */
async function regenerateWebsite(request: Request, regenerationId: string): Promise<void> {
  await reconcile(request);
  await publishEvent('WebsitePagesRegenerated', { websiteId: request.websiteId, regenerationId });
}

/**
 * AgentListingsChanged: every published, non-deleted website of the agent whose content shows listings
 * (a property grid or card) is regenerated like a published one. Drafts are left alone (a forced preview
 * keeps its objects until the next publish or force). Each website gets its own regeneration id (event id
 * and website id: it becomes the invalidation's caller reference, and CloudFront refuses one reference for
 * two different batches). A website that fails does not keep the others from being regenerated; the event
 * then fails as a whole and its redelivery reconciles them all again.
 */
async function regenerateAgentWebsites(agentId: string, eventId: string): Promise<void> {
  const websites = (await listAgentWebsites(agentId)).filter((website) => website.status === 'published');
  let failure: unknown;
  let regenerated = 0;
  for (const website of websites) {
    const websiteId = website.website_id;
    try {
      if (!hasPropertyBlock(await readWebsiteContent(website))) continue;
      await regenerateWebsite({ websiteId, forcePublished: false }, `${eventId}:${websiteId}`);
      regenerated += 1;
    } catch (error) {
      logger.error('website not regenerated after a listing change', {
        agentId,
        websiteId,
        error: error as Error,
      });
      failure ??= error;
    }
  }
  logger.info('agent websites regenerated after a listing change', {
    agentId,
    published: websites.length,
    regenerated,
  });
  if (failure) throw failure;
}

export const handler = defineConsumer({
  name: 'page regenerator',
  detailTypes: [
    'WebsitePublished',
    'WebsiteUnpublished',
    'GlobalComponentsChanged',
    'WebsiteContentForced',
    'WebsiteHostsChanged',
    'AgentListingsChanged',
  ],
  // each regeneration is named by the event's id, so a redelivery asks CloudFront for the same invalidation
  handle: async (event) => {
    switch (event['detail-type']) {
      case 'WebsitePublished':
      case 'WebsiteUnpublished':
      case 'GlobalComponentsChanged': {
        const { websiteId } = event.detail;
        return regenerateWebsite({ websiteId, forcePublished: false }, event.id);
      }
      case 'WebsiteContentForced': {
        const detail = event.detail;
        // the route's request flags: forcePublished absent means true, allPages absent means false
        const onePage = detail.allPages !== true;
        return regenerateWebsite(
          {
            websiteId: detail.websiteId,
            forcePublished: detail.forcePublished !== false,
            ...(onePage && detail.pageId !== undefined ? { pageId: detail.pageId } : {}),
            ...(onePage && detail.pageSlug !== undefined ? { pageSlug: detail.pageSlug } : {}),
          },
          event.id,
        );
      }
      case 'WebsiteHostsChanged': {
        // a domain connected, changed or removed: canonical, og:url, robots.txt and sitemap.xml follow at
        // once. Only a published site: a draft's preview keeps its objects until the next publish or force
        // (a deleted website's pages go with its WebsiteUnpublished).
        const { websiteId } = event.detail;
        const website = await getWebsiteById(websiteId);
        if (!website || website.deleted_at || website.status !== 'published') {
          logger.info('hosts changed for a website that is not live: pages left as they are', { websiteId });
          return;
        }
        return regenerateWebsite({ websiteId, forcePublished: false }, event.id);
      }
      case 'AgentListingsChanged': {
        const { agentId } = event.detail;
        return regenerateAgentWebsites(agentId, event.id);
      }
    }
  },
});
