import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#lib/http';
import { loadWebsite, readWebsiteContent, websiteView } from '#lib/websites';

/** One of the caller's websites with its editor content (another agent's or a deleted one: 404). */
export const handler = withHttp(websitesRoutes.getWebsite, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  return websiteView(website, await readWebsiteContent(website));
});
