import { hostsStoreArn, type KeyDecision, listKeys, writeKey } from '#aws/key-value-store';
import { DomainClaim, WebsiteDomain } from '#functions/website-domains/entities';
import { getWebsiteById } from '#functions/websites/websites';
import { defineConsumer } from '#platform/consumer';
import { logger } from '#platform/logger';

/**
 * The host sync (docs/infrastructure.md, "Hostnames → websites"): on WebsiteHostsChanged it makes the
 * sites distribution's KeyValueStore hold exactly `hostname → websiteId` for the hostnames the website
 * holds now — its default subdomain and proven custom domain (a pending one holds no claim) while it is
 * not deleted, none once it is deleted or gone. The table's claims are the truth, the store a projection of them.
 *
 * Idempotent by reconciliation: every key is decided from the table as it is at the moment of the write
 * and written with the store's ETag read just before (`writeKey`), so repeated, concurrent or reordered
 * deliveries — also of another website's event for the same hostname — end in the same store.
 *
 * Without `SITES_HOSTS_KVS_ARN` (the local cloud, whose site host reads the claims itself) there is no
 * store to keep and the event is only logged.
 */

/** Whether the website holds the hostname now: its claim names it and it is not deleted. */
async function holds(websiteId: string, hostname: string): Promise<boolean> {
  const claim = await DomainClaim.get({ domain: hostname }, { consistent: true });
  if (claim?.website_id !== websiteId) return false;
  const website = await getWebsiteById(websiteId);
  return website !== undefined && !website.deleted_at;
}

/** The hostnames the website's domain records name (whether or not it is deleted). */
async function recordedHosts(websiteId: string): Promise<string[]> {
  const records = await Promise.all(
    (['default', 'custom'] as const).map((kind) =>
      WebsiteDomain.get({ website_id: websiteId, kind }, { consistent: true }),
    ),
  );
  return records.flatMap((record) => (record ? [record.domain] : []));
}

export async function reconcileHosts(websiteId: string, arn: string): Promise<Record<string, KeyDecision>> {
  // every key that may have to change: the recorded hostnames, and every key that names the website now
  // (a released hostname has no record any more)
  const stored = await listKeys(arn);
  const candidates = new Set(await recordedHosts(websiteId));
  for (const [key, value] of stored) if (value === websiteId) candidates.add(key);

  const written: Record<string, KeyDecision> = {};
  for (const hostname of [...candidates].sort()) {
    const decision = await writeKey(arn, hostname, async (current) => {
      if (await holds(websiteId, hostname)) return { put: websiteId };
      // another website's hostname (or nobody's) is left to that website's own sync
      return current === websiteId ? 'delete' : undefined;
    });
    if (decision) written[hostname] = decision;
  }
  return written;
}

export const handler = defineConsumer({
  name: 'site hosts syncer',
  detailTypes: ['WebsiteHostsChanged'],
  handle: async (event) => {
    const { websiteId } = event.detail;
    const arn = hostsStoreArn();
    if (!arn) {
      logger.debug('no hosts KeyValueStore configured: nothing to sync', { websiteId });
      return;
    }
    const written = await reconcileHosts(websiteId, arn);
    logger.info('site hosts synced', { websiteId, written });
  },
});
