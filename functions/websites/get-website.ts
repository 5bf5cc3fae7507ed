import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#lib/http';
import { builtInTemplateCss } from '#lib/website-templates';
import { loadWebsite, readWebsiteContent, websiteView } from '#lib/websites';

/**
 * One of the caller's websites with its editor content (another agent's or a deleted one: 404). Content
 * saved by the old editor opens healed, with what its template wrote in `var()` put back.
 */
export const handler = withHttp(websitesRoutes.getWebsite, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  return websiteView(website, await readWebsiteContent(website, builtInTemplateCss(website.theme_id)));
});
