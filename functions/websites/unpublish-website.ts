import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#platform/http';
import { announceWebsite } from './website-events.ts';
import { loadWebsite, updateWebsiteFields, websiteView } from './websites.ts';

/** Back to draft: WebsiteUnpublished makes the regenerator remove the published pages. */
export const handler = withHttp(websitesRoutes.unpublishWebsite, async ({ path, identity }) => {
  const before = await loadWebsite(identity.agentId, path.id);
  const after = await updateWebsiteFields(before, { status: 'draft' });
  await announceWebsite(after, ['WebsiteUnpublished']);
  return websiteView(after);
});
