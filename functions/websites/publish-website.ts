import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#platform/http';
import { announceWebsite } from './website-events.ts';
import { loadWebsite, previewUrlOf, updateWebsiteFields, websiteView } from './websites.ts';

/**
 * Publishes one of the caller's websites: status published, `last_published` now, the preview address;
 * WebsitePublished makes the regenerator render every page and the home page into the sites bucket.
 * Publishing again re-renders (the event is put each time).
 */
export const handler = withHttp(websitesRoutes.publishWebsite, async ({ path, identity }) => {
  const before = await loadWebsite(identity.agentId, path.id);
  const after = await updateWebsiteFields(before, {
    status: 'published',
    last_published: new Date().toISOString(),
    preview_url: previewUrlOf(before.website_id),
  });
  await announceWebsite(after, ['WebsitePublished']);
  return websiteView(after);
});
