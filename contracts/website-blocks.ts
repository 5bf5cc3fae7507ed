/**
 * The website builder's own component types: the editor (GrapesJS, frontend/src/features/web-builder)
 * stores them in the page component JSON with these `type` names and attributes, and the page
 * regenerator (functions/websites/site-render.ts) renders them into static HTML. One list for both sides, so
 * a block added to the editor cannot be forgotten by the renderer. Design: docs/website-builder.md.
 */
export const SITE_BLOCK_TYPES = {
  /** the site agent's current listings as cards; attributes: data-limit (1–24, default 6), data-city, data-status */
  propertyGrid: 'property-grid',
  /** one listing of the site agent; attribute data-property-id (an unknown or foreign id renders nothing) */
  propertyCard: 'property-card',
  /** the site agent's picture, name, agency, email and phone */
  agentCard: 'agent-card',
  /** a lead form: name, email, phone, message; posts to the public leads endpoint of the website */
  contactForm: 'contact-form',
  /** an address box with no online map tiles; attribute data-address */
  mapPlaceholder: 'map-placeholder',
  /** a reference to one of the website's global components; attribute data-global-id */
  globalComponent: 'global-component',
} as const;

export type SiteBlockType = (typeof SITE_BLOCK_TYPES)[keyof typeof SITE_BLOCK_TYPES];

/** The attribute names the blocks above read. */
export const SITE_BLOCK_ATTRIBUTES = {
  limit: 'data-limit',
  city: 'data-city',
  status: 'data-status',
  propertyId: 'data-property-id',
  address: 'data-address',
  globalId: 'data-global-id',
} as const;

/** Property grid bounds. */
export const PROPERTY_GRID_DEFAULT = 6;
export const PROPERTY_GRID_MAX = 24;

/** The global component types the editor offers; `symbol` is any other shared piece. */
export const GLOBAL_COMPONENT_TYPES = ['header', 'footer', 'symbol'] as const;

/** The SEO fields of `settings.globalSEO` and of each `settings.pageSEO[pageId]` (spec §3): the editor edits them, the renderer writes them as meta tags (a page's own over the global ones). */
export const SEO_FIELD_NAMES = ['title', 'description', 'keywords', 'ogImage', 'favicon', 'robots'] as const;
export type SeoFields = Partial<Record<(typeof SEO_FIELD_NAMES)[number], string>>;
