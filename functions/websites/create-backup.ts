import { websitesRoutes } from '#contracts/routes/websites';
import { respond, withHttp } from '#platform/http';
import { backupView, createManualBackup, loadWebsite } from './websites.ts';

/** Backs up the current content now (a manual backup; the oldest beyond 5 is dropped). */
export const handler = withHttp(websitesRoutes.createWebsiteBackup, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  return respond(201, backupView(await createManualBackup(website)));
});
