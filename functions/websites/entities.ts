import type * as z from 'zod/mini';
import type { WebsiteView, websiteAsset, websiteBackup, websiteTemplate } from '#contracts/schemas/websites';
import { defineEntity } from '#platform/data/entity';

/**
 * The website builder's items (docs/website-builder.md, "Storage"). A website is keyed by its id, so the
 * regenerator and the public site find it without its owner; the agent's list is the `byAgent` access
 * pattern. Its editor content is not in the item: `content_key` names the JSON object in the `content`
 * bucket. Backups and assets live in the website's own partition; an agent's saved templates beside the
 * agent (built-in templates are code, functions/websites/templates/).
 */

/** How many global components (header, footer) a website's content holds, and when they last changed. */
export type GlobalComponentStatsItem = WebsiteView['globalComponentStats'];

/**
 * A website as stored: the contract's website without what the API adds (`id`, and `content`, which lives
 * in the `content` bucket), plus where its content is and what it was made from.
 */
export type WebsiteItem = Omit<WebsiteView, 'id' | 'content'> & {
  /** fingerprint of the content's global components: a save that changes it re-renders every page */
  global_components_hash?: string;
  /** the key of the current content JSON in the `content` bucket */
  content_key: string;
  /** its size in bytes */
  content_size: number;
  /** the template it was created from, when it was */
  template_id?: string;
  /**
   * the revision of what the editor saves (content, title, settings, theme): one up on every such write,
   * answered as the ETag that a save's If-Match must name (absent on items older than it: revision 0)
   */
  revision?: number;
};

export const Website = defineEntity<WebsiteItem, 'website_id', 'created_at'>()({
  type: 'website',
  key: { pk: { prefix: 'WEBSITE', attributes: ['website_id'] }, sk: { prefix: 'PROFILE' } },
  indexes: {
    /** the websites of an agent, oldest first (deleted ones included; filter on `deleted_at`) */
    byAgent: {
      index: 'gsi1',
      pk: { prefix: 'AGENT', attributes: ['agent_id'] },
      sk: { prefix: 'WEBSITE', attributes: ['created_at', 'website_id'] },
    },
  },
  defaults: () => ({ created_at: new Date().toISOString() }),
});

type WebsiteBackupView = z.infer<typeof websiteBackup>;
export type WebsiteBackupReason = WebsiteBackupView['reason'];

/** A backup as stored: the contract's backup under its key, with where its content is. */
export type WebsiteBackupItem = Omit<WebsiteBackupView, 'id' | 'size'> & {
  backup_id: string;
  /** the backed-up content JSON in the `content` bucket (never the website's current key) */
  content_key: string;
  size: number;
};

/** A website's backups, in its partition, sorted by time: query `descending` for newest first. */
export const WebsiteBackup = defineEntity<WebsiteBackupItem, 'website_id' | 'created_at' | 'backup_id'>()({
  type: 'websiteBackup',
  key: {
    pk: { prefix: 'WEBSITE', attributes: ['website_id'] },
    sk: { prefix: 'BACKUP', attributes: ['created_at', 'backup_id'] },
  },
});

/**
 * An asset as stored: the contract's asset (its `url` the public media path, `/` + key) under its key, with
 * its object.
 */
export type WebsiteAssetItem = Omit<z.infer<typeof websiteAsset>, 'id' | 'type'> & {
  website_id: string;
  asset_id: string;
  /** the object in the `files` bucket (under `media/websites/<websiteId>/`) */
  key: string;
};

/** A website's assets, in its partition, oldest first. */
export const WebsiteAsset = defineEntity<WebsiteAssetItem, 'website_id' | 'created_at' | 'asset_id'>()({
  type: 'websiteAsset',
  key: {
    pk: { prefix: 'WEBSITE', attributes: ['website_id'] },
    sk: { prefix: 'ASSET', attributes: ['created_at', 'asset_id'] },
  },
});

/**
 * An agent's own template as stored: the contract's template (never built in, always the agent's) under
 * its key, with its content and where it came from.
 */
export type WebsiteTemplateItem = Pick<
  z.infer<typeof websiteTemplate>,
  'name' | 'description' | 'preview_image'
> & {
  template_id: string;
  agent_id: string;
  /** the template's content JSON in the `content` bucket */
  content_key: string;
  settings: Record<string, unknown>;
  theme_id: string | null;
  /** the website it was saved from */
  source_website_id: string;
  created_at: string;
};

/** An agent's own website templates (saved from one of its websites). */
export const WebsiteTemplate = defineEntity<WebsiteTemplateItem, 'template_id', 'created_at'>()({
  type: 'websiteTemplate',
  key: { pk: { prefix: 'SITE_TEMPLATE', attributes: ['template_id'] }, sk: { prefix: 'PROFILE' } },
  indexes: {
    /** an agent's saved templates, oldest first */
    byAgent: {
      index: 'gsi1',
      pk: { prefix: 'AGENT', attributes: ['agent_id'] },
      sk: { prefix: 'SITE_TEMPLATE', attributes: ['created_at', 'template_id'] },
    },
  },
  defaults: () => ({ created_at: new Date().toISOString() }),
});
