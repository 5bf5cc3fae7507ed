import { websitesRoutes } from '#contracts/routes/websites';
import { header } from '#platform/body';
import { respond, withHttp } from '#platform/http';
import { assertPublishableContent } from './website-content-checks.ts';
import { announceWebsite, statusEvents } from './website-events.ts';
import {
  etagHeader,
  loadWebsite,
  previewUrlOf,
  readWebsiteContent,
  requiredRevision,
  saveWebsiteContent,
  updateWebsiteFields,
  type WebsiteFieldChanges,
  websiteView,
} from './websites.ts';

/**
 * Saves the editor state and settings (only spec §5's fields; the schema refuses others). New content is
 * stored in the content bucket and the previous content becomes an automatic backup (the last 5 kept);
 * the global components are re-synced and, when they changed, GlobalComponentsChanged goes on the bus.
 * A status change behaves like publish/unpublish (last_published and preview_url set, the event put).
 * Content with scripts, script addresses or multiplied styles is refused before anything is stored.
 * Every save moves the website's revision on and answers it as the ETag. With `If-Match` (the editor
 * always sends the ETag it loaded or last saved) a save from a stale copy is 412 and writes nothing; the
 * check is the write's own condition, so of two saves from the same revision one wins. Without it the
 * last save wins, as before.
 */
export const handler = withHttp(websitesRoutes.updateWebsite, async ({ path, body, identity, event }) => {
  const before = await loadWebsite(identity.agentId, path.id);
  const ifRevision = requiredRevision(header(event, 'if-match'), before);
  const { content, ...fields } = body;
  const changes: WebsiteFieldChanges = { ...fields };
  if (fields.status === 'published' && before.status !== 'published') {
    changes.last_published = fields.last_published ?? new Date().toISOString();
    changes.preview_url = fields.preview_url ?? previewUrlOf(before.website_id);
  }
  if (content) {
    assertPublishableContent(content);
    const saved = await saveWebsiteContent(before, content, changes, { ifRevision });
    await announceWebsite(saved.website, [
      ...statusEvents(before.status, saved.website.status),
      ...(saved.globalChanged ? (['GlobalComponentsChanged'] as const) : []),
    ]);
    return respond(200, websiteView(saved.website, saved.content), etagHeader(saved.website));
  }
  const after = await updateWebsiteFields(before, changes, { edit: { ifRevision } });
  await announceWebsite(after, statusEvents(before.status, after.status));
  return respond(200, websiteView(after, await readWebsiteContent(after)), etagHeader(after));
});
