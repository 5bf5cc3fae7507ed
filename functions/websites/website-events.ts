import { publishEvent } from '#aws/events';
import type { DetailType } from '#contracts/events';
import { logger } from '#platform/logger';
import type { WebsiteItem } from './entities.ts';

type WebsiteEvent = Extract<
  DetailType,
  'WebsitePublished' | 'WebsiteUnpublished' | 'GlobalComponentsChanged' | 'WebsiteHostsChanged'
>;

/**
 * Puts website events on the bus for the page regenerator, after the website item is written. The
 * regenerator reconciles from the website as it is now, so a lost event is repaired by the next one; a
 * bus that refuses after the retries is logged and the request still succeeds.
 */
export async function announceWebsite(
  website: Pick<WebsiteItem, 'website_id' | 'agent_id'>,
  detailTypes: readonly WebsiteEvent[],
): Promise<void> {
  const detail = { websiteId: website.website_id, agentId: website.agent_id };
  for (const detailType of detailTypes) {
    try {
      await publishEvent(detailType, detail);
    } catch (error) {
      logger.error('website event not published', {
        detailType,
        websiteId: website.website_id,
        error: error as Error,
      });
    }
  }
}

/** The events a status change makes: publishing or taking the site offline. */
export function statusEvents(before: WebsiteItem['status'], after: WebsiteItem['status']): WebsiteEvent[] {
  if (before === after) return [];
  return after === 'published' ? ['WebsitePublished'] : ['WebsiteUnpublished'];
}
