import { invalidatePaths } from '#aws/cloudfront';
import { defineConsumer } from '#platform/consumer';
import { logger } from '#platform/logger';

/**
 * The cache invalidator (docs/infrastructure.md, "Cache invalidation on regeneration"): on WebsitePagesRegenerated it
 * invalidates the sites distribution's cached copies of the website, `/{websiteId}/*` — the URI the
 * viewer-request function rewrites every hostname's request to before the cache lookup (the cache key),
 * one path whatever the number of pages. The event's regeneration id is the caller reference, so a
 * redelivery (of this event, or of the regenerator's event that put it again) answers the invalidation
 * already made instead of making a second one. No distribution configured (the local cloud): skipped.
 */

export const invalidationPathOf = (websiteId: string) => `/${websiteId}/*`;

export const handler = defineConsumer({
  name: 'cache invalidator',
  detailTypes: ['WebsitePagesRegenerated'],
  handle: async (event) => {
    const { websiteId, regenerationId } = event.detail;
    const result = await invalidatePaths([invalidationPathOf(websiteId)], regenerationId);
    if (result.status !== 'skipped') logger.info('website cache invalidated', { websiteId, ...result });
  },
});
