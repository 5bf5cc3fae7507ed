import { createHash, randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { copyObject, deleteObject, getObject, putObject } from '#aws/s3';
import {
  MAX_WEBSITE_BACKUPS,
  THEME_DEFAULTS,
  WEBSITE_CONTENT_MODEL,
  type WebsiteView,
  type websiteContent,
} from '#contracts/schemas/websites';
import { healCss } from '#contracts/website-css';
import { cancellationCodes, isConditionFailure, transactWrite } from '#platform/data/entity';
import { and, type Condition, eq, notExists } from '#platform/data/expression';
import { conflict, HttpError, notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import {
  type GlobalComponentStatsItem,
  Website,
  WebsiteBackup,
  type WebsiteBackupItem,
  type WebsiteBackupReason,
  type WebsiteItem,
} from './entities.ts';

/**
 * What the website handlers, the regenerator and the domain routes share (docs/website-builder.md):
 * loading a website for its owner, its content JSON in the `content` bucket, saving content (the previous
 * object becomes an automatic backup, at most MAX_WEBSITE_BACKUPS kept), the global components re-sync and
 * the response view.
 */

export type WebsiteContent = z.infer<typeof websiteContent>;
type GlobalComponentEntry = NonNullable<WebsiteContent['globalComponents']>[number];

export const WEBSITE_NOT_FOUND = 'Website';

/** The preview address of a website's published pages (served by the local site host / CloudFront). */
export const previewUrlOf = (websiteId: string) => `/sites/${websiteId}/`;

/**
 * One of the agent's websites. A missing website, another agent's and (unless `includeDeleted`) a
 * soft-deleted one all answer 404 `Website not found`.
 */
export async function loadWebsite(
  agentId: string,
  websiteId: string,
  options: { includeDeleted?: boolean; consistent?: boolean } = {},
): Promise<WebsiteItem> {
  const website = await Website.get({ website_id: websiteId }, { consistent: options.consistent ?? true });
  if (!website || website.agent_id !== agentId) throw notFound(WEBSITE_NOT_FOUND);
  if (website.deleted_at && !options.includeDeleted) throw notFound(WEBSITE_NOT_FOUND);
  return website;
}

/** A website by id whoever owns it (the regenerator, public sites); deleted ones included. */
export async function getWebsiteById(websiteId: string): Promise<WebsiteItem | undefined> {
  return Website.get({ website_id: websiteId }, { consistent: true });
}

/** An agent's websites, oldest first; deleted ones only when asked. */
export async function listAgentWebsites(
  agentId: string,
  options: { includeDeleted?: boolean } = {},
): Promise<WebsiteItem[]> {
  const items = await Website.queryAll('byAgent', { agent_id: agentId });
  return options.includeDeleted ? items : items.filter((item) => !item.deleted_at);
}

// ---- content objects ---------------------------------------------------------------------------------

/** An empty site: one Home page, the spec §9 theme. */
export function blankContent(now = new Date().toISOString()): WebsiteContent {
  const home = { id: 'home', name: 'Home', order: 0, slug: '', components: { type: 'wrapper' }, styles: '' };
  return {
    components: home.components,
    styles: '',
    pages: [home],
    globalComponents: [],
    assets: [],
    metadata: {
      contentModel: WEBSITE_CONTENT_MODEL,
      lastModified: now,
      defaultPage: home.id,
      theme: { ...THEME_DEFAULTS },
      globalComponentsVersion: 1,
      lastGlobalSync: now,
    },
  };
}

const contentKeyOf = (websiteId: string) => `websites/${websiteId}/content/${randomUUID()}.json`;
const backupKeyOf = (websiteId: string) => `websites/${websiteId}/backups/${randomUUID()}.json`;

/** Writes a content JSON object; answers its key and size. */
export async function writeContentObject(
  key: string,
  content: unknown,
): Promise<{ key: string; size: number }> {
  const bytes = Buffer.from(JSON.stringify(content));
  await putObject({ bucket: 'content', key }, bytes, { contentType: 'application/json' });
  return { key, size: bytes.length };
}

/** Reads and parses a content JSON object; undefined when the object is missing. */
export async function readContentObject(key: string): Promise<WebsiteContent | undefined> {
  const stream = await getObject({ bucket: 'content', key });
  if (!stream) return undefined;
  const text = await new Response(stream).text();
  return JSON.parse(text) as WebsiteContent;
}

/**
 * Content saved before content model 2, healed: each style sheet without its repeated rules and, given
 * the CSS of the template the site came from, with the `var()` declarations the old editor dropped put
 * back (contracts/website-css.ts). Content of model 2 is returned as it is: healing it again could undo
 * what the agent changed on purpose.
 */
export function healWebsiteContent(content: WebsiteContent, templateCss?: string): WebsiteContent {
  if ((content.metadata?.contentModel ?? 0) >= WEBSITE_CONTENT_MODEL) return content;
  return {
    ...content,
    styles: healCss(content.styles ?? '', templateCss),
    pages: content.pages.map((page) =>
      typeof page.styles === 'string' ? { ...page, styles: healCss(page.styles, templateCss) } : page,
    ),
    metadata: { ...content.metadata, contentModel: WEBSITE_CONTENT_MODEL },
  };
}

/** The website's current content, healed if old (a blank site if its object is missing). */
export async function readWebsiteContent(
  website: Pick<WebsiteItem, 'content_key'>,
  templateCss?: string,
): Promise<WebsiteContent> {
  const content = await readContentObject(website.content_key);
  if (!content) logger.warn('website content object missing', { key: website.content_key });
  return content ? healWebsiteContent(content, templateCss) : blankContent();
}

/** Deletes content objects, best effort (an orphan costs storage, never correctness). */
export async function discardContentObjects(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deleteObject({ bucket: 'content', key });
    } catch (error) {
      logger.warn('website content object not removed', { key, error: error as Error });
    }
  }
}

// ---- global components -------------------------------------------------------------------------------

/** A global component as the API shows it (defaults filled in). */
export function globalComponentView(entry: GlobalComponentEntry) {
  return {
    global_component_id: entry.global_component_id,
    component_type: entry.component_type,
    component_name: entry.component_name ?? entry.component_type,
    component_data: entry.component_data ?? null,
    version: entry.version ?? 1,
    is_active: entry.is_active ?? true,
  };
}

/** A fingerprint of the set of global components: equal fingerprints, nothing to re-render. */
export function globalComponentsHash(content: WebsiteContent): string {
  const entries = (content.globalComponents ?? [])
    .map(globalComponentView)
    .sort((a, b) => a.global_component_id.localeCompare(b.global_component_id));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
}

export interface GlobalSync {
  content: WebsiteContent;
  stats: GlobalComponentStatsItem;
  hash: string;
  /** the set of global components differs from the website's previous one */
  changed: boolean;
}

/**
 * Spec §4 re-sync: counts (total, active), `metadata.globalComponentsVersion` (highest version, at least
 * 1), `metadata.lastGlobalSync` and `lastModified`. `lastUpdated` moves only when the set changed.
 */
export function syncGlobalComponents(
  content: WebsiteContent,
  previous?: Pick<WebsiteItem, 'globalComponentStats' | 'global_components_hash'>,
  now = new Date().toISOString(),
): GlobalSync {
  const entries = (content.globalComponents ?? []).map(globalComponentView);
  const hash = globalComponentsHash(content);
  const changed = previous ? previous.global_components_hash !== hash : entries.length > 0;
  const version = Math.max(1, ...entries.map((entry) => entry.version));
  const stats: GlobalComponentStatsItem = {
    total: entries.length,
    active: entries.filter((entry) => entry.is_active).length,
    lastUpdated: changed ? now : (previous?.globalComponentStats.lastUpdated ?? null),
  };
  return {
    content: {
      ...content,
      metadata: {
        ...content.metadata,
        lastModified: now,
        globalComponentsVersion: version,
        lastGlobalSync: now,
      },
    },
    stats,
    hash,
    changed,
  };
}

// ---- revisions ---------------------------------------------------------------------------------------

/** A website's revision (0 for an item written before revisions were kept). */
export const revisionOf = (website: Pick<WebsiteItem, 'revision'>) => website.revision ?? 0;

/** The `ETag` header naming a website's revision (GET answers it, a save's If-Match names it back). */
export const etagHeader = (website: Pick<WebsiteItem, 'revision'>) => ({ etag: `"${revisionOf(website)}"` });

/** The item still holds `revision` (the write's half of an If-Match check). */
const revisionIs = (revision: number): Condition<'revision'> =>
  revision === 0 ? notExists('revision') : eq('revision', revision);

export const STALE_WEBSITE_MESSAGE = 'This website was changed elsewhere since you opened it.';

/** 412: the save's If-Match names a revision that is no longer the website's (nothing was written). */
export const staleWebsite = () =>
  new HttpError(412, STALE_WEBSITE_MESSAGE, { code: 'stale_website', body: { reason: 'stale_website' } });

/**
 * The revision an `If-Match` header requires a write to start from: undefined without the header or with
 * `*` (no precondition: older clients keep the last save winning); the website's current revision when
 * the header names it; else 412. A weak tag (`W/"3"`, as a compressing proxy may rewrite it) names the
 * same revision: the tag is a revision number, not a hash of bytes.
 */
export function requiredRevision(
  ifMatch: string | undefined,
  website: Pick<WebsiteItem, 'revision'>,
): number | undefined {
  const tags = (ifMatch ?? '')
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter(Boolean);
  if (tags.length === 0 || tags.includes('*')) return undefined;
  const current = revisionOf(website);
  if (!tags.includes(String(current))) throw staleWebsite();
  return current;
}

// ---- saving content ----------------------------------------------------------------------------------

/** The item fields a content save may set beside the content (PUT's other fields). */
export type WebsiteFieldChanges = Partial<
  Pick<WebsiteItem, 'title' | 'status' | 'theme_id' | 'settings' | 'preview_url' | 'last_published'>
>;

export interface SavedContent {
  website: WebsiteItem;
  content: WebsiteContent;
  /** the global components differ from before: put GlobalComponentsChanged on the bus */
  globalChanged: boolean;
}

const MAX_SAVE_ATTEMPTS = 4;

/**
 * Saves new content (and other fields) of a website: the new object is written first, then one
 * transaction points the item at it and moves its revision on (only if the item still holds the content
 * and revision it was read with and is not deleted) and records the previous object as an `auto` backup.
 * A concurrent save makes it re-read and try again (the last save wins, each previous content kept as a
 * backup) — unless `ifRevision` is given (the save's If-Match): then a website no longer at that revision
 * is 412 and nothing is written. A deleted website 404. Backups beyond MAX_WEBSITE_BACKUPS are dropped
 * afterwards.
 */
export async function saveWebsiteContent(
  website: WebsiteItem,
  content: WebsiteContent,
  changes: WebsiteFieldChanges = {},
  options: { reason?: WebsiteBackupReason; ifRevision?: number } = {},
): Promise<SavedContent> {
  if (options.ifRevision !== undefined && revisionOf(website) !== options.ifRevision) throw staleWebsite();
  let previous = website;
  const now = new Date().toISOString();
  const sync = syncGlobalComponents(content, previous, now);
  const object = await writeContentObject(contentKeyOf(website.website_id), sync.content);
  try {
    for (let attempt = 1; attempt <= MAX_SAVE_ATTEMPTS; attempt += 1) {
      const current = syncGlobalComponents(content, previous, now);
      const set: Partial<WebsiteItem> = {
        ...changes,
        content_key: object.key,
        content_size: object.size,
        globalComponentStats: current.stats,
        global_components_hash: current.hash,
        updated_at: now,
      };
      const backup: WebsiteBackupItem = {
        website_id: website.website_id,
        backup_id: randomUUID(),
        reason: options.reason ?? 'auto',
        content_key: previous.content_key,
        size: previous.content_size,
        created_at: now,
      };
      try {
        await transactWrite([
          Website.transact.update(
            { website_id: website.website_id },
            { set, add: { revision: 1 } },
            {
              if: and(
                eq('content_key', previous.content_key),
                revisionIs(revisionOf(previous)),
                notExists('deleted_at'),
              ),
            },
          ),
          WebsiteBackup.transact.create(backup),
        ]);
        await trimBackups(website.website_id);
        return {
          website: { ...previous, ...set, revision: revisionOf(previous) + 1 } as WebsiteItem,
          content: current.content,
          globalChanged: current.changed,
        };
      } catch (error) {
        if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed' && !isConditionFailure(error))
          throw error;
        const fresh = await getWebsiteById(website.website_id);
        if (!fresh || fresh.deleted_at || fresh.agent_id !== website.agent_id)
          throw notFound(WEBSITE_NOT_FOUND);
        if (options.ifRevision !== undefined && revisionOf(fresh) !== options.ifRevision)
          throw staleWebsite();
        previous = fresh;
      }
    }
    throw conflict('The website kept changing; reload it and try again');
  } catch (error) {
    await discardContentObjects([object.key]);
    throw error;
  }
}

/**
 * Sets item fields without touching the content (status changes, settings only). An `edit` (a save's
 * fields: title, settings, theme) moves the revision on, and with `ifRevision` (the save's If-Match) is
 * written only if the website is still at that revision (else 412).
 */
export async function updateWebsiteFields(
  website: WebsiteItem,
  changes: WebsiteFieldChanges & { deleted_at?: string },
  options: {
    remove?: Array<'deleted_at' | 'preview_url'>;
    allowDeleted?: boolean;
    edit?: { ifRevision?: number };
  } = {},
): Promise<WebsiteItem> {
  const { edit } = options;
  const ifRevision = edit?.ifRevision;
  const conditions = [
    ...(options.allowDeleted ? [] : [notExists('deleted_at')]),
    ...(ifRevision === undefined ? [] : [revisionIs(ifRevision)]),
  ];
  try {
    return await Website.update(
      { website_id: website.website_id },
      {
        set: { ...changes, updated_at: new Date().toISOString() },
        ...(edit ? { add: { revision: 1 } } : {}),
        ...(options.remove ? { remove: options.remove } : {}),
      },
      // a single condition as it is (wrapped alone, DynamoDB refuses its redundant parentheses)
      conditions.length === 0 ? {} : { if: conditions.length === 1 ? conditions[0] : and(...conditions) },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (ifRevision !== undefined) {
      const fresh = await getWebsiteById(website.website_id);
      if (fresh && !fresh.deleted_at && revisionOf(fresh) !== ifRevision) throw staleWebsite();
    }
    throw notFound(WEBSITE_NOT_FOUND);
  }
}

// ---- backups -----------------------------------------------------------------------------------------

/** A website's backups, newest first. */
export async function listBackups(websiteId: string): Promise<WebsiteBackupItem[]> {
  return WebsiteBackup.queryAll('primary', { website_id: websiteId }, { descending: true, consistent: true });
}

/** Drops the backups beyond MAX_WEBSITE_BACKUPS (oldest first): their items, then their objects. */
export async function trimBackups(websiteId: string): Promise<void> {
  try {
    const backups = await listBackups(websiteId);
    for (const backup of backups.slice(MAX_WEBSITE_BACKUPS)) {
      await WebsiteBackup.delete({
        website_id: websiteId,
        created_at: backup.created_at,
        backup_id: backup.backup_id,
      });
      await discardContentObjects([backup.content_key]);
    }
  } catch (error) {
    // the next save trims again; an extra backup for a while is harmless
    logger.warn('website backups not trimmed', { websiteId, error: error as Error });
  }
}

/** A manual backup of the current content: a copy of its object, then the backup item. */
export async function createManualBackup(website: WebsiteItem): Promise<WebsiteBackupItem> {
  const key = backupKeyOf(website.website_id);
  await copyObject({ bucket: 'content', key: website.content_key }, { bucket: 'content', key });
  try {
    const backup = await WebsiteBackup.create({
      website_id: website.website_id,
      backup_id: randomUUID(),
      reason: 'manual',
      content_key: key,
      size: website.content_size,
      created_at: new Date().toISOString(),
    });
    await trimBackups(website.website_id);
    return backup;
  } catch (error) {
    await discardContentObjects([key]);
    throw error;
  }
}

export const backupView = (backup: WebsiteBackupItem) => ({
  id: backup.backup_id,
  website_id: backup.website_id,
  reason: backup.reason,
  size: backup.size,
  created_at: backup.created_at,
});

// ---- the response ------------------------------------------------------------------------------------

/** The `website` response schema: the stored fields without internals (content key, hash). */
export function websiteView(item: WebsiteItem, content?: WebsiteContent): WebsiteView {
  return {
    id: item.website_id,
    website_id: item.website_id,
    agent_id: item.agent_id,
    name: item.name,
    title: item.title,
    status: item.status,
    theme_id: item.theme_id ?? null,
    settings: item.settings ?? {},
    ...(item.preview_url ? { preview_url: item.preview_url } : {}),
    last_published: item.last_published ?? null,
    globalComponentStats: item.globalComponentStats,
    ...(item.domain ? { domain: item.domain } : {}),
    created_at: item.created_at,
    ...(item.updated_at ? { updated_at: item.updated_at } : {}),
    ...(item.deleted_at ? { deleted_at: item.deleted_at } : {}),
    ...(content ? { content } : {}),
  };
}
