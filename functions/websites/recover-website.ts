import { websitesRoutes } from '#contracts/routes/websites';
import { isConditionFailure } from '#lib/data/entity';
import { exists } from '#lib/data/expression';
import { Website } from '#lib/data/websites';
import { withHttp } from '#lib/http';
import { releaseFeature, reserveFeature } from '#lib/limits';
import { announceWebsite } from '#lib/website-events';
import { loadWebsite, websiteView } from '#lib/websites';

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
