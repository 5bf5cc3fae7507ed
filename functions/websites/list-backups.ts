import { websitesRoutes } from '#contracts/routes/websites';
import { MAX_WEBSITE_BACKUPS } from '#contracts/schemas/websites';
import { withHttp } from '#platform/http';
import { backupView, listBackups, loadWebsite } from './websites.ts';

/** A website's backups, newest first (at most 5). */
export const handler = withHttp(websitesRoutes.listWebsiteBackups, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const backups = await listBackups(website.website_id);
  return { items: backups.slice(0, MAX_WEBSITE_BACKUPS).map(backupView) };
});
