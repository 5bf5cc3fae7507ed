import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#lib/http';
import { announceWebsite } from '#lib/website-events';
import { loadWebsite, updateWebsiteFields, websiteView } from '#lib/websites';

/** Back to draft: WebsiteUnpublished makes the regenerator remove the published pages. */
export const handler = withHttp(websitesRoutes.unpublishWebsite, async ({ path, identity }) => {
  const before = await loadWebsite(identity.agentId, path.id);
  const after = await updateWebsiteFields(before, { status: 'draft' });
  await announceWebsite(after, ['WebsiteUnpublished']);
  return websiteView(after);
});
