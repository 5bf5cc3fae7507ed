import { websitesRoutes } from '#contracts/routes/websites';
import { releaseFeature } from '#platform/accounts/limits';
import { withHttp } from '#platform/http';
import { announceWebsite } from './website-events.ts';
import { loadWebsite, updateWebsiteFields, websiteView } from './websites.ts';

/**
 * Soft-deletes one of the caller's websites (recoverable): it becomes a draft, a published one is taken
 * offline (WebsiteUnpublished), and its `websites` slot is given back. The update is conditional on the
 * website not being deleted yet, so of two deletes only one frees the slot.
 */
export const handler = withHttp(websitesRoutes.deleteWebsite, async ({ path, identity }) => {
  const before = await loadWebsite(identity.agentId, path.id);
  const after = await updateWebsiteFields(before, { status: 'draft', deleted_at: new Date().toISOString() });
  await releaseFeature(identity, 'websites');
  if (before.status === 'published') await announceWebsite(after, ['WebsiteUnpublished']);
  await announceWebsite(after, ['WebsiteHostsChanged']);
  return websiteView(after);
});
