import * as z from 'zod/mini';
import { jsonDepth, MAX_STORED_JSON_DEPTH } from '../json-shape.ts';
import { slugify } from '../slug.ts';
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

/**
 * The content model a save writes (`metadata.contentModel`, docs/website-builder.md "Content"). 2: the
 * project's CSS is `styles`, loaded into the editor once. Content without it was saved by the editor that
 * re-imported each page's CSS on every load (rules repeated, `var()` shorthands dropped) and is healed
 * when read.
 */
export const WEBSITE_CONTENT_MODEL = 2;

/**
 * Page slug (spec §5): lowercase, non-alphanumerics become hyphens, trimmed; Home gives an empty slug.
 * Accented letters are spelled without their accents first ("Évora" → "evora", not "vora").
 */
export function pageSlug(name: string): string {
  if (name.trim().toLowerCase() === 'home') return '';
  return slugify(name);
}

/** GrapesJS keeps components as an object or an array of objects; both are "a components object". */
const components = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  error: 'must be an object',
});

/** An optional string of at most `max` characters. */
const maxText = (max: number, message?: string) => z.optional(z.string().check(z.maxLength(max, message)));

const pageFields = {
  id: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128)),
  name: z.optional(z.string().check(z.trim(), z.maxLength(100, 'must be at most 100 characters'))),
  order: z.optional(z.number().check(z.int(), z.minimum(0))),
  components: z.optional(components),
  styles: z.optional(z.string({ error: 'must be a string' })),
};

const globalComponentFields = {
  global_component_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  component_type: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  component_name: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  component_data: z.optional(z.unknown()),
  version: z.optional(z.number().check(z.int(), z.minimum(1))),
  is_active: z.optional(z.boolean()),
};

/** The editor content (spec §3 Website content); unknown editor keys are kept. */
const contentFields = {
  components,
  styles: z.string({ error: 'must be a string' }),
  pages: z
    .array(z.looseObject(pageFields), { error: 'must be an array' })
    .check(z.maxLength(100, 'must have at most 100 pages')),
  globalStyles: z.optional(z.unknown()),
  globalComponents: z.optional(z.array(z.looseObject(globalComponentFields)).check(z.maxLength(200))),
  globalComponentInstances: z.optional(z.unknown()),
  assets: z.optional(z.array(z.unknown())),
  contentSeparation: z.optional(
    z.looseObject({
      globalComponents: z.optional(z.unknown()),
      themePersistence: z.optional(z.unknown()),
      themeData: z.optional(z.unknown()),
    }),
  ),
  metadata: z.optional(
    z.looseObject({
      lastModified: z.optional(z.string()),
      defaultPage: z.optional(z.string()),
      theme: z.optional(z.unknown()),
      globalComponentsVersion: z.optional(z.number()),
      lastGlobalSync: z.optional(z.string()),
      contentModel: z.optional(z.number()),
    }),
  ),
};

export const websiteContent = z.looseObject(contentFields);

/** Saved editor state (spec §5): a components object, a styles string and a pages array; empty page names become "Page N". */
export const websiteContentInput = z.looseObject({
  ...contentFields,
  pages: z.pipe(
    contentFields.pages,
    z.transform((pages) =>
      pages.map((page, index) => (page.name ? page : { ...page, name: `Page ${index + 1}` })),
    ),
  ),
});

const seo = z.object({
  title: maxText(200, 'must be at most 200 characters'),
  description: maxText(1000, 'must be at most 1000 characters'),
  keywords: maxText(1000, 'must be at most 1000 characters'),
  ogImage: maxText(2048),
  favicon: maxText(2048),
  robots: maxText(100),
});

/** Website settings: SEO (global and per page id), theme; other editor settings are kept as they are. */
export const websiteSettings = z
  .looseObject({
    globalSEO: z.optional(seo),
    pageSEO: z.optional(z.record(z.string().check(z.maxLength(128)), seo)),
    theme: z.optional(
      z.looseObject({
        primary: z.optional(z.string()),
        secondary: z.optional(z.string()),
        text: z.optional(z.string()),
        background: z.optional(z.string()),
        font: z.optional(z.string()),
      }),
    ),
  })
  .check(
    z.refine(
      (value) => jsonDepth(value) <= MAX_STORED_JSON_DEPTH,
      `must be nested at most ${MAX_STORED_JSON_DEPTH} levels deep`,
    ),
    z.refine((value) => JSON.stringify(value).length <= 100_000, 'must be at most 100000 characters as JSON'),
  );

export const globalComponentStats = z.object({
  total: z.number(),
  active: z.number(),
  lastUpdated: z.nullable(z.string()),
});

export const website = z.object({
  id: z.string(),
  website_id: z.string(),
  agent_id: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.enum(WEBSITE_STATUSES),
  theme_id: z.nullable(z.string()),
  settings: z.record(z.string(), z.unknown()),
  preview_url: z.optional(z.string()),
  last_published: z.nullable(z.string()),
  globalComponentStats,
  domain: z.optional(z.string()),
  created_at: z.string(),
  updated_at: z.optional(z.string()),
  deleted_at: z.optional(z.string()),
  /** present on GET /websites/{id}, absent in lists */
  content: z.optional(websiteContent),
});
export type WebsiteView = z.infer<typeof website>;

export const websiteList = z.object({ items: z.array(website) });

export const listWebsitesQuery = z.object({
  /** must be the caller's own id when given */
  agent_id: z.optional(id),
});

const websiteName = z
  .string({ error: 'is required' })
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'must be at most 100 characters'));
const themeId = z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(128)));
const websiteTitle = z.string().check(z.trim(), z.maxLength(200, 'must be at most 200 characters'));

export const websiteCreate = z.strictObject({
  name: websiteName,
  title: z.optional(websiteTitle),
  theme_id: z.optional(themeId),
  /** start from a template of the Templates screen */
  template_id: z.optional(id),
  settings: z.optional(websiteSettings),
  content: z.optional(websiteContentInput),
});

/** Spec §5: the update sends only these fields; anything else is rejected. */
export const websiteUpdate = z
  .partial(
    z.strictObject({
      title: websiteTitle,
      status: z.enum(WEBSITE_STATUSES, { error: 'must be draft or published' }),
      content: websiteContentInput,
      theme_id: themeId,
      settings: websiteSettings,
      preview_url: z.url('must be a valid URL').check(z.maxLength(2048)),
      last_published: z.nullable(isoDate),
    }),
  )
  .check(z.refine((value) => Object.keys(value).length > 0, 'must change at least one field'));

export const globalComponent = z.object({
  global_component_id: z.string(),
  component_type: z.string(),
  component_name: z.string(),
  component_data: z.unknown(),
  version: z.number(),
  is_active: z.boolean(),
  updated_at: z.optional(z.string()),
});

export const globalComponentsResult = z.object({
  globalComponents: z.array(globalComponent),
  globalComponentStats,
});

export const websiteAsset = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  mime_type: z.optional(z.string()),
  size: z.number(),
  type: z.literal('website-asset'),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  created_at: z.string(),
});

export const websiteAssetList = z.object({ items: z.array(websiteAsset) });

export const MAX_ASSET_FILES = 20;

/** POST /websites/{id}/assets multipart body. */
export const websiteAssetsUpload = z.object({
  type: z.literal('website-asset', { error: 'must be website-asset' }),
  metadata: formJson(z.optional(metadataObject)),
  /** presigned uploads; small files may come inline as file parts instead (the handler needs at least one) */
  fileKeys: fileKeys(MAX_ASSET_FILES),
});

export const websiteAssetParams = z.object({ id, assetId: id });

export const websiteBackup = z.object({
  id: z.string(),
  website_id: z.string(),
  reason: z.enum(['auto', 'manual']),
  size: z.optional(z.number()),
  created_at: z.string(),
});

export const websiteBackupList = z.object({ items: z.array(websiteBackup) });

export const websiteBackupParams = z.object({ id, backupId: id });

export const forceContentQuery = z.object({
  pageId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))),
  /** '' is the home page */
  pageSlug: z.optional(
    z
      .string()
      .check(
        z.maxLength(200, 'must be at most 200 characters'),
        z.regex(/^[a-z0-9-]*$/, 'must be a page slug (lowercase letters, digits, hyphens)'),
      ),
  ),
});

const flag = z.boolean({ error: 'must be true or false' });

export const forceContentInput = z.strictObject({
  /** regenerate even when the website is a draft (preview) */
  forcePublished: z._default(flag, true),
  /** regenerate every page and the home page, not just the one in the query */
  allPages: z._default(flag, false),
});

export const forceContentResult = z.object({
  websiteId: z.string(),
  pageId: z.optional(z.string()),
  pageSlug: z.optional(z.string()),
  queued: z.literal(true),
});

/** A lower-case DNS name with at least two labels, e.g. www.example.com. */
export const domainName = z
  .string({ error: 'is required' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(253, 'must be at most 253 characters'),
    z.regex(
      /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'must be a domain name like www.example.com',
    ),
  );

/** The DNS record that proves a custom domain claim: create it at the domain's DNS provider. */
export const domainProofRecord = z.object({
  type: z.literal('TXT'),
  /** `_estatenet-verify.<domain>` */
  name: z.string(),
  /** `estatenet-verify=<a random token of this claim>` */
  value: z.string(),
});

export const websiteDomain = z.object({
  website_id: z.string(),
  domain: z.string(),
  /** `default`: the subdomain under the sites domain; `custom`: the agent's own domain */
  kind: z.enum(['default', 'custom']),
  businessName: z.optional(z.string()),
  /**
   * `pending`: a custom domain waiting for its DNS proof (it serves nothing and blocks no one); `active`:
   * serving the website; `lapsed`: not proven within 72 hours, or another website proved it first
   */
  status: z.enum(['pending', 'active', 'lapsed']),
  /** where the customer points a CNAME for a custom domain */
  cname_target: z.optional(z.string()),
  /** custom domains, pending or active: the TXT record that proves the claim */
  verification: z.optional(domainProofRecord),
  created_at: z.string(),
  /** when the proof was last looked for, and what was found there */
  checked_at: z.optional(z.string()),
  check_result: z.optional(z.enum(['not_found', 'other_value', 'dns_error'])),
  /** pending: the claim lapses at this time unless proven */
  lapses_at: z.optional(z.string()),
  verified_at: z.optional(z.string()),
  lapsed_at: z.optional(z.string()),
  /** `expired`: not proven within 72 hours; `taken`: another website proved the domain first */
  lapsed_reason: z.optional(z.enum(['expired', 'taken'])),
});

/** A website's domains: its default subdomain first, then its custom domain. */
export const websiteDomains = z.object({
  website_id: z.string(),
  domains: z.array(websiteDomain),
});

export const customDomainInput = z.strictObject({ website_id: id, domain: domainName });

export const domainSetupInput = z.strictObject({
  websiteId: id,
  businessName: z
    .string({ error: 'is required' })
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'must be at most 100 characters')),
});

/** A website template: one of the built-in ones or one the agent saved from a website. */
export const websiteTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** a picture of the template, a same-origin media path */
  preview_image: z.optional(z.string()),
  built_in: z.boolean(),
  /** the agent's own templates carry its id; built-in ones null */
  agent_id: z.nullable(z.string()),
  created_at: z.optional(z.string()),
});

export const websiteTemplateList = z.object({ items: z.array(websiteTemplate) });

/** POST /api/website-templates: save one of your websites as a template. */
export const websiteTemplateCreate = z.strictObject({
  website_id: id,
  name: websiteName,
  description: z.optional(z.string().check(z.trim(), z.maxLength(500, 'must be at most 500 characters'))),
});

// ---- contact-form leads (POST /api/website-leads/{id}) -------------------------------------------------

/** An empty form field (an input left blank) counts as not given. */
const blankOr = <S extends z.ZodMiniType>(schema: S) => z.optional(z.union([z.literal(''), schema]));

/**
 * Where the form's answer sends the visitor back: a path on the site itself (`/`, `/about`,
 * `/sites/{id}/contact`) — never a scheme, a host (`//evil.example`), a backslash, a query or a fragment.
 */
export const sitePagePath = z
  .string({ error: 'is required' })
  .check(
    z.trim(),
    z.minLength(1, 'is required'),
    z.maxLength(500, 'must be at most 500 characters'),
    z.regex(/^\/(?:[A-Za-z0-9._~-]+\/?)*$/, 'must be a path on this site, like /contact'),
  );

/**
 * The fields of a website's contact form (a plain HTML form, application/x-www-form-urlencoded). Unknown
 * fields (a submit button's name) are ignored. `company` is the honeypot: a hidden input people leave
 * empty; a filled one marks a bot, answered like a success and not recorded.
 */
export const websiteLeadInput = z.object({
  name: z
    .string({ error: 'is required' })
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(120, 'must be at most 120 characters')),
  email: z
    .string({ error: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(254, 'must be at most 254 characters'),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be a valid email address'),
    ),
  phone: blankOr(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(40, 'must be at most 40 characters'),
        z.regex(/^[+\d(][\d\s().-]*$/, 'must be a phone number'),
      ),
  ),
  message: z.optional(z.string().check(z.trim(), z.maxLength(5000, 'must be at most 5000 characters'))),
  page: sitePagePath,
  company: z.optional(z.string().check(z.maxLength(200, 'must be at most 200 characters'))),
});
export type WebsiteLeadInput = z.infer<typeof websiteLeadInput>;

/** The leads route answers 303 See Other (no body); the fragment tells the page which notice to show. */
export const websiteLeadRedirect = z.undefined();
