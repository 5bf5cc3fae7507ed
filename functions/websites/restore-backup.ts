import { websitesRoutes } from '#contracts/routes/websites';
import { notFound } from '#platform/errors';
import { respond, withHttp } from '#platform/http';
import { announceWebsite } from './website-events.ts';
import {
  etagHeader,
  listBackups,
  loadWebsite,
  readContentObject,
  saveWebsiteContent,
  websiteView,
} from './websites.ts';

/**
 * Replaces the content with a backup's. The current content is backed up first (it becomes an automatic
 * backup, as on any save), the global components are re-synced, and a published site is re-rendered.
 * Like a save it moves the revision on (an editor still open on the old content gets 412 on its next save).
 */
export const handler = withHttp(websitesRoutes.restoreWebsiteBackup, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const backup = (await listBackups(website.website_id)).find((item) => item.backup_id === path.backupId);
  const content = backup && (await readContentObject(backup.content_key));
  if (!content) throw notFound('Backup');
  const saved = await saveWebsiteContent(website, content);
  await announceWebsite(saved.website, saved.globalChanged ? ['GlobalComponentsChanged'] : []);
  return respond(200, websiteView(saved.website, saved.content), etagHeader(saved.website));
});
