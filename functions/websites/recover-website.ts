import { websitesRoutes } from '#contracts/routes/websites';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { isConditionFailure } from '#platform/data/entity';
import { exists } from '#platform/data/expression';
import { withHttp } from '#platform/http';
import { Website } from './entities.ts';
import { announceWebsite } from './website-events.ts';
import { loadWebsite, websiteView } from './websites.ts';

/**
 * Brings back a soft-deleted website as a draft. It counts against the `websites` limit again: the slot
 * is reserved first (402 at the limit) and given back when the website was not deleted after all (a
 * concurrent recover) or the write fails.
 */
export const handler = withHttp(websitesRoutes.recoverWebsite, async ({ path, identity }) => {
  const before = await loadWebsite(identity.agentId, path.id, { includeDeleted: true });
  if (!before.deleted_at) return websiteView(before);
  await reserveFeature(identity, 'websites');
  try {
    const after = await Website.update(
      { website_id: before.website_id },
      { set: { status: 'draft', updated_at: new Date().toISOString() }, remove: ['deleted_at'] },
      { if: exists('deleted_at') },
    );
    await announceWebsite(after, ['WebsiteHostsChanged']);
    return websiteView(after);
  } catch (error) {
    await releaseFeature(identity, 'websites');
    // recovered meanwhile by another request (which holds the slot), or gone: answer it as it is now
    if (isConditionFailure(error)) return websiteView(await loadWebsite(identity.agentId, path.id));
    throw error;
  }
});
