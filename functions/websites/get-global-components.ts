import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#platform/http';
import { globalComponentView, loadWebsite, readWebsiteContent } from './websites.ts';

/** A website's global components (from its current content) and their counts. */
export const handler = withHttp(websitesRoutes.getGlobalComponents, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const content = await readWebsiteContent(website);
  return {
    globalComponents: (content.globalComponents ?? []).map(globalComponentView),
    globalComponentStats: website.globalComponentStats,
  };
});
