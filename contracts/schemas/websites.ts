import * as z from 'zod';
import { id, isoDate } from './common.ts';
import { fileKeys, formJson, metadataObject } from './forms.ts';

export const WEBSITE_STATUSES = ['draft', 'published'] as const;
/** Editor backups kept per website (spec §4/§9). */
export const MAX_WEBSITE_BACKUPS = 5;
/** Spec §9 theme defaults. */
export const THEME_DEFAULTS = {
  primary: '#007bff',
  secondary: '#6c757d',
  text: '#212529',
  background: '#ffffff',
  font: 'Inter, sans-serif',
} as const;

/** Page slug (spec §5): lowercase, non-alphanumerics become hyphens, trimmed; Home gives an empty slug. */
export function pageSlug(name: string): string {
  if (name.trim().toLowerCase() === 'home') return '';
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** GrapesJS keeps components as an object or an array of objects; both are "a components object". */
const components = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  error: 'must be an object',
});

const pageFields = {
  id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(128),
  name: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  order: z.number().int().min(0).optional(),
  components: components.optional(),
  styles: z.string({ error: 'must be a string' }).optional(),
};

const globalComponentFields = {
  global_component_id: z.string().trim().min(1).max(128),
  component_type: z.string().trim().min(1).max(100),
  component_name: z.string().trim().max(200).optional(),
  component_data: z.unknown().optional(),
  version: z.number().int().min(1).optional(),
  is_active: z.boolean().optional(),
};

/** The editor content (spec §3 Website content); unknown editor keys are kept. */
const contentFields = {
  components,
  styles: z.string({ error: 'must be a string' }),
  pages: z
    .array(z.looseObject(pageFields), { error: 'must be an array' })
    .max(100, 'must have at most 100 pages'),
  globalStyles: z.unknown().optional(),
  globalComponents: z.array(z.looseObject(globalComponentFields)).max(200).optional(),
  globalComponentInstances: z.unknown().optional(),
  assets: z.array(z.unknown()).optional(),
  contentSeparation: z
    .looseObject({
      globalComponents: z.unknown().optional(),
      themePersistence: z.unknown().optional(),
      themeData: z.unknown().optional(),
    })
    .optional(),
  metadata: z
    .looseObject({
      lastModified: z.string().optional(),
      defaultPage: z.string().optional(),
      theme: z.unknown().optional(),
      globalComponentsVersion: z.number().optional(),
      lastGlobalSync: z.string().optional(),
    })
    .optional(),
};

export const websiteContent = z.looseObject(contentFields);

/** Saved editor state (spec §5): a components object, a styles string and a pages array; empty page names become "Page N". */
export const websiteContentInput = z.looseObject({
  ...contentFields,
  pages: contentFields.pages.transform((pages) =>
    pages.map((page, index) => (page.name ? page : { ...page, name: `Page ${index + 1}` })),
  ),
});

const seo = z.object({
  title: z.string().max(200, 'must be at most 200 characters').optional(),
  description: z.string().max(1000, 'must be at most 1000 characters').optional(),
  keywords: z.string().max(1000, 'must be at most 1000 characters').optional(),
  ogImage: z.string().max(2048).optional(),
  favicon: z.string().max(2048).optional(),
  robots: z.string().max(100).optional(),
});

/** Website settings: SEO (global and per page id), theme; other editor settings are kept as they are. */
export const websiteSettings = z
  .looseObject({
    globalSEO: seo.optional(),
    pageSEO: z.record(z.string().max(128), seo).optional(),
    theme: z
      .looseObject({
        primary: z.string().optional(),
        secondary: z.string().optional(),
        text: z.string().optional(),
        background: z.string().optional(),
        font: z.string().optional(),
      })
      .optional(),
  })
  .refine((value) => JSON.stringify(value).length <= 100_000, 'must be at most 100000 characters as JSON');

export const globalComponentStats = z.object({
  total: z.number(),
  active: z.number(),
  lastUpdated: z.string().nullable(),
});

export const website = z.object({
  id: z.string(),
  website_id: z.string(),
  agent_id: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.enum(WEBSITE_STATUSES),
  theme_id: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  preview_url: z.string().optional(),
  last_published: z.string().nullable(),
  globalComponentStats,
  domain: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  deleted_at: z.string().optional(),
  /** present on GET /websites/{id}, absent in lists */
  content: websiteContent.optional(),
});
export type WebsiteView = z.infer<typeof website>;

export const websiteList = z.object({ items: z.array(website) });

export const listWebsitesQuery = z.object({
  /** must be the caller's own id when given */
  agent_id: id.optional(),
});

const websiteName = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');
const themeId = z.string().trim().min(1).max(128).nullable();

export const websiteCreate = z
  .object({
    name: websiteName,
    title: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    theme_id: themeId.optional(),
    /** start from a template of the Templates screen */
    template_id: id.optional(),
    settings: websiteSettings.optional(),
    content: websiteContentInput.optional(),
  })
  .strict();

/** Spec §5: the update sends only these fields; anything else is rejected. */
export const websiteUpdate = z
  .object({
    title: z.string().trim().max(200, 'must be at most 200 characters'),
    status: z.enum(WEBSITE_STATUSES, { error: 'must be draft or published' }),
    content: websiteContentInput,
    theme_id: themeId,
    settings: websiteSettings,
    preview_url: z.url('must be a valid URL').max(2048),
    last_published: isoDate.nullable(),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one field');

export const globalComponent = z.object({
  global_component_id: z.string(),
  component_type: z.string(),
  component_name: z.string(),
  component_data: z.unknown(),
  version: z.number(),
  is_active: z.boolean(),
  updated_at: z.string().optional(),
});

export const globalComponentsResult = z.object({
  globalComponents: z.array(globalComponent),
  globalComponentStats,
});

export const websiteAsset = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  mime_type: z.string().optional(),
  size: z.number(),
  type: z.literal('website-asset'),
  metadata: z.record(z.string(), z.unknown()).optional(),
  created_at: z.string(),
});

export const websiteAssetList = z.object({ items: z.array(websiteAsset) });

export const MAX_ASSET_FILES = 20;

/** POST /websites/{id}/assets multipart body. */
export const websiteAssetsUpload = z.object({
  type: z.literal('website-asset', { error: 'must be website-asset' }),
  metadata: formJson(metadataObject.optional()),
  /** presigned uploads; small files may come inline as file parts instead (the handler needs at least one) */
  fileKeys: fileKeys(MAX_ASSET_FILES),
});

export const websiteAssetParams = z.object({ id, assetId: id });

export const websiteBackup = z.object({
  id: z.string(),
  website_id: z.string(),
  reason: z.enum(['auto', 'manual']),
  size: z.number().optional(),
  created_at: z.string(),
});

export const websiteBackupList = z.object({ items: z.array(websiteBackup) });

export const websiteBackupParams = z.object({ id, backupId: id });

export const forceContentQuery = z.object({
  pageId: z.string().trim().min(1).max(128).optional(),
  /** '' is the home page */
  pageSlug: z
    .string()
    .max(200, 'must be at most 200 characters')
    .regex(/^[a-z0-9-]*$/, 'must be a page slug (lowercase letters, digits, hyphens)')
    .optional(),
});

export const forceContentInput = z
  .object({
    /** regenerate even when the website is a draft (preview) */
    forcePublished: z.boolean({ error: 'must be true or false' }).default(true),
    /** regenerate every page and the home page, not just the one in the query */
    allPages: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .strict();

export const forceContentResult = z.object({
  websiteId: z.string(),
  pageId: z.string().optional(),
  pageSlug: z.string().optional(),
  queued: z.literal(true),
});

/** A lower-case DNS name with at least two labels, e.g. www.example.com. */
export const domainName = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(253, 'must be at most 253 characters')
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain name like www.example.com',
  );

export const websiteDomain = z.object({
  website_id: z.string(),
  domain: z.string(),
  businessName: z.string().optional(),
  status: z.enum(['pending', 'active']),
  /** where the customer points a CNAME for a custom domain */
  cname_target: z.string().optional(),
});

export const customDomainInput = z.object({ website_id: id, domain: domainName }).strict();

export const domainSetupInput = z
  .object({
    websiteId: id,
    businessName: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(100, 'must be at most 100 characters'),
  })
  .strict();
