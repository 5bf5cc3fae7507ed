import { websitesRoutes } from '#contracts/routes/websites';
import { respond, withHttp } from '#platform/http';
import { builtInTemplateCss } from './website-templates.ts';
import { etagHeader, loadWebsite, readWebsiteContent, websiteView } from './websites.ts';

/**
 * One of the caller's websites with its editor content (another agent's or a deleted one: 404). Content
 * saved by the old editor opens healed, with what its template wrote in `var()` put back. The ETag names
 * its revision: the editor sends it back as If-Match on each save (update-website.ts).
 */
export const handler = withHttp(websitesRoutes.getWebsite, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const content = await readWebsiteContent(website, builtInTemplateCss(website.theme_id));
  return respond(200, websiteView(website, content), etagHeader(website));
});
