import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#lib/http';
import { assertPublishableContent } from '#lib/website-content-checks';
import { announceWebsite, statusEvents } from '#lib/website-events';
import {
  loadWebsite,
  previewUrlOf,
  readWebsiteContent,
  saveWebsiteContent,
  updateWebsiteFields,
  type WebsiteFieldChanges,
  websiteView,
} from '#lib/websites';

/**
 * Saves the editor state and settings (only spec §5's fields; the schema refuses others). New content is
 * stored in the content bucket and the previous content becomes an automatic backup (the last 5 kept);
 * the global components are re-synced and, when they changed, GlobalComponentsChanged goes on the bus.
 * A status change behaves like publish/unpublish (last_published and preview_url set, the event put).
 * Content with scripts, script addresses or multiplied styles is refused before anything is stored.
 */
export const handler = withHttp(websitesRoutes.updateWebsite, async ({ path, body, identity }) => {
  const before = await loadWebsite(identity.agentId, path.id);
  const { content, ...fields } = body;
  const changes: WebsiteFieldChanges = { ...fields };
  if (fields.status === 'published' && before.status !== 'published') {
    changes.last_published = fields.last_published ?? new Date().toISOString();
    changes.preview_url = fields.preview_url ?? previewUrlOf(before.website_id);
  }
  if (content) {
    assertPublishableContent(content);
    const saved = await saveWebsiteContent(before, content, changes);
    await announceWebsite(saved.website, [
      ...statusEvents(before.status, saved.website.status),
      ...(saved.globalChanged ? (['GlobalComponentsChanged'] as const) : []),
    ]);
    return websiteView(saved.website, saved.content);
  }
  const after = await updateWebsiteFields(before, changes);
  await announceWebsite(after, statusEvents(before.status, after.status));
  return websiteView(after, await readWebsiteContent(after));
});
