import { readableFillColour, readableTextColour, textColourOn } from '#contracts/colour-contrast';
import { pageSlug, THEME_DEFAULTS } from '#contracts/schemas/websites';
import { slugify } from '#contracts/slug';
import {
  PROPERTY_GRID_DEFAULT,
  PROPERTY_GRID_MAX,
  SEO_FIELD_NAMES,
  type SeoFields,
  SITE_BLOCK_ATTRIBUTES,
  SITE_BLOCK_TYPES,
} from '#contracts/website-blocks';
import type { PropertyItem } from '#functions/properties/entities';
import type { AgentItem } from '#platform/accounts/entities';
import type { WebsiteItem } from './entities.ts';
import type { WebsiteContent } from './websites.ts';

/**
 * The page renderer of the website builder (docs/website-builder.md, "Publishing"): a website's editor
 * content (GrapesJS component JSON and CSS per page), its settings (SEO) and the site agent's data become
 * complete static HTML documents, plus the site's sitemap.xml and robots.txt. Pure: the regenerator
 * (events/consumers/regenerate-pages.ts) loads the data and writes the objects.
 *
 * Everything from the content is untrusted: text is escaped, and elements, attributes and URL schemes pass
 * only through an allow-list (below, "escaping and sanitising"): no script, event handler or embed, no
 * `javascript:` in any spelling, `data:` only for raster pictures in `<img>`.
 */

type Json = Record<string, unknown>;

export interface SiteAgent {
  agent: Pick<AgentItem, 'agent_id' | 'full_name' | 'email' | 'phone' | 'profile_picture' | 'city'>;
  agencyName?: string;
  /** the agency's logo (`/media/…`): the site's favicon unless its SEO names one */
  agencyLogo?: string;
}

/**
 * The currency the site shows prices in: `rate` is its units per 1 USD; `rates` (every currency's, per
 * 1 USD) convert listings entered in another currency than the site's.
 */
export interface SiteCurrency {
  code: string;
  rate: number;
  rates?: Readonly<Record<string, number>>;
}

export interface SiteData {
  website: Pick<WebsiteItem, 'website_id' | 'name' | 'title' | 'settings'> &
    Partial<Pick<WebsiteItem, 'updated_at' | 'last_published' | 'created_at'>>;
  content: WebsiteContent;
  /** the site agent's current listings, newest first (the property blocks pick from them) */
  listings: readonly PropertyItem[];
  agent?: SiteAgent;
  /** the site's public origin and base path for canonical, og:url and the sitemap, e.g. `https://www.example.com` */
  siteUrl: string;
  /** prices in this currency; USD when absent */
  currency?: SiteCurrency;
}

export interface RenderedPage {
  pageId: string;
  name: string;
  /** '' for the home page */
  slug: string;
  /** the page's path on its site: `/` or `/{slug}` */
  path: string;
  html: string;
}

/** A listing's own page (`/listings/{slug}`), for each listing a property block shows that is on the market. */
export interface RenderedListingPage {
  propertyId: string;
  /** `listings/{slug of the title}-{short id}`: the page's folder below the site root */
  slug: string;
  path: string;
  html: string;
  /** the listing's last change, for the sitemap */
  lastModified?: string;
}

/** Everything the sites bucket holds for a live website. */
export interface RenderedSite {
  pages: RenderedPage[];
  listings: RenderedListingPage[];
  sitemap: string;
  robots: string;
  /** the generated monogram, written as `favicon.svg` (also what `/favicon.ico` answers) */
  favicon: string;
}

// ---- escaping and sanitising --------------------------------------------------------------------------

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The allow-list of what a published page may hold from the content (docs/decisions.md, "An allow-list
 * for published pages"): the elements below, each with the global attributes and its own, and in a URL
 * attribute only the schemes its kind allows (`safeUrl`). Everything else is left out: an unknown
 * element's tag and attributes (its content stays, as text and allowed elements), and the elements of
 * CONTENT_DROPPED_TAGS with their content too. The renderer's own blocks (property cards, the agent card,
 * the lead form) are written by this file, not from the content.
 */
const HTML_TAGS = [
  // sections and grouping
  ...['address', 'article', 'aside', 'footer', 'header', 'hgroup', 'main', 'nav', 'section', 'search'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...[
    'blockquote',
    'dd',
    'div',
    'dl',
    'dt',
    'figcaption',
    'figure',
    'hr',
    'li',
    'menu',
    'ol',
    'p',
    'pre',
    'ul',
  ],
  ...['details', 'summary'],
  // text
  ...['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd'],
  ...['mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr'],
  // pictures, video and sound
  ...['img', 'picture', 'video', 'audio', 'source', 'track'],
  // tables
  ...['caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr'],
];
/** Drawings (icons): shapes, text and gradients; no links, animation, pictures, `use` or embedded HTML. */
const SVG_TAGS: ReadonlySet<string> = new Set([
  ...['svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'text', 'tspan'],
  ...['defs', 'lineargradient', 'radialgradient', 'stop', 'clippath'],
]);
const ALLOWED_TAGS: ReadonlySet<string> = new Set([...HTML_TAGS, ...SVG_TAGS]);

/** Elements left out with their content: scripts, styles, embeds, documents' own parts, form data. */
const CONTENT_DROPPED_TAGS: ReadonlySet<string> = new Set([
  ...['script', 'style', 'noscript', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet'],
  ...['portal', 'base', 'meta', 'link', 'html', 'head', 'body', 'title', 'xmp', 'noembed', 'noframes'],
  ...['plaintext', 'textarea', 'select', 'option', 'datalist'],
  // SVG animation can set an attribute (an `href` to `javascript:`) after rendering; foreignObject embeds HTML
  ...['animate', 'animatemotion', 'animatetransform', 'set', 'foreignobject'],
]);

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'col', 'hr', 'img', 'source', 'track', 'wbr']);

/** Attributes every allowed element may have (besides `aria-*` and `data-*`). */
const GLOBAL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'id',
  'class',
  'title',
  'lang',
  'dir',
  'hidden',
  'role',
  'tabindex',
  'translate',
  'style',
]);
const ARIA_OR_DATA_ATTRIBUTE = /^(aria-[a-z]+|data-[a-z0-9][a-z0-9_.-]*)$/;

/** The schemes a URL may have: links; pictures (inline ones too); video, sound and quotations' sources. */
export type UrlKind = 'link' | 'image' | 'media';

/** Each element's own attributes; a URL attribute names its kind. */
const TAG_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, UrlKind | true>>>> = {
  a: { href: 'link', target: true, rel: true, hreflang: true, download: true, type: true },
  img: {
    src: 'image',
    alt: true,
    width: true,
    height: true,
    loading: true,
    decoding: true,
    fetchpriority: true,
  },
  video: {
    src: 'media',
    poster: 'media',
    controls: true,
    autoplay: true,
    muted: true,
    loop: true,
    playsinline: true,
    preload: true,
    width: true,
    height: true,
  },
  audio: { src: 'media', controls: true, autoplay: true, muted: true, loop: true, preload: true },
  source: { src: 'media', type: true, media: true },
  track: { src: 'media', kind: true, srclang: true, label: true, default: true },
  blockquote: { cite: 'media' },
  q: { cite: 'media' },
  del: { cite: 'media', datetime: true },
  ins: { cite: 'media', datetime: true },
  time: { datetime: true },
  data: { value: true },
  ol: { start: true, reversed: true, type: true },
  li: { value: true },
  td: { colspan: true, rowspan: true, headers: true },
  th: { colspan: true, rowspan: true, headers: true, scope: true, abbr: true },
  col: { span: true },
  colgroup: { span: true },
  details: { open: true },
};

/** The presentation attributes of the drawing elements; a paint or clip may only point inside the page. */
const SVG_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...['viewbox', 'xmlns', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry'],
  ...['d', 'points', 'transform', 'preserveaspectratio', 'opacity', 'focusable', 'dx', 'dy', 'offset'],
  ...['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'],
  ...['stroke-dasharray', 'stroke-opacity', 'stop-color', 'stop-opacity', 'gradientunits'],
  ...[
    'gradienttransform',
    'clip-rule',
    'clip-path',
    'text-anchor',
    'font-size',
    'font-family',
    'font-weight',
  ],
]);
const SVG_LOCAL_REFERENCE = /^url\(\s*#[\w-]+\s*\)$/i;

const TAG_NAME = /^[a-z][a-z0-9-]*$/i;

/** Named character references a scheme can be spelled with (`java&Tab;script&colon;`). */
const SCHEME_ENTITIES: Readonly<Record<string, string>> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
  sol: '/',
  period: '.',
  amp: '&',
};

/** Control characters and spaces, which a browser skips inside a scheme (and some it does not: stricter). */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what the check is about
  /[\u0000-\u0020\u007f-\u009f\u00a0\u00ad\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * A URL as a browser reads its scheme: character references decoded (content is escaped when written, but
 * a value is judged as if it were not), then control characters and whitespace removed (`java\tscript:`),
 * lower-cased.
 */
function browserView(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?|&#(\d+);?|&([a-z]+);?/gi, (whole, hex, decimal, name) => {
      const code = hex ? Number.parseInt(hex, 16) : decimal ? Number.parseInt(decimal, 10) : undefined;
      if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      const key = String(name).toLowerCase();
      return Object.hasOwn(SCHEME_ENTITIES, key) ? SCHEME_ENTITIES[key]! : whole;
    })
    .replace(INVISIBLE, '')
    .toLowerCase();
}

/** Inline pictures a page may hold: raster formats only (an SVG document can carry script and links). */
const INLINE_PICTURE = /^data:image\/(png|jpeg|gif|webp)[;,]/;

/**
 * A URL safe to put in a page, or undefined: relative, or http(s); for a link also mailto and tel; for a
 * picture also an inline PNG, JPEG, GIF or WebP (`data:image/…`). Never `javascript:`, `vbscript:` or any
 * other scheme, however spelt.
 */
export function safeUrl(value: unknown, kind: UrlKind = 'link'): string | undefined {
  if (typeof value !== 'string') return undefined;
  const view = browserView(value);
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(view)?.[1];
  const allowed =
    scheme === undefined ||
    scheme === 'http' ||
    scheme === 'https' ||
    (kind === 'link' && (scheme === 'mailto' || scheme === 'tel')) ||
    (kind === 'image' && scheme === 'data' && INLINE_PICTURE.test(view));
  return allowed ? value.trim() : undefined;
}

/** A CSS value as the browser reads it: comments removed, escapes (`\6a`, `\:`) decoded, spaces gone, lower case. */
const cssView = (value: string) =>
  browserView(
    value
      .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
      .replace(/\\([0-9a-f]{1,6})\s?/gi, (_whole, hex: string) => {
        const code = Number.parseInt(hex, 16);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      })
      .replace(/\\(.)/g, '$1'),
  );

/** The declarations of an inline style, split at semicolons outside parentheses and quotes. */
function declarationsOf(style: string): string[] {
  const declarations: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let at = 0; at < style.length; at += 1) {
    const char = style[at]!;
    if (quote) {
      if (char === '\\') at += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) {
      declarations.push(style.slice(start, at));
      start = at + 1;
    }
  }
  declarations.push(style.slice(start));
  return declarations;
}

/**
 * Whether a declaration is safe: a plain property name; no script (`expression()`, `javascript:`,
 * `vbscript:`), no binding (`behavior`, `-moz-binding`), no `@import`, and every `url()` relative or http(s)
 * (`data:` is for pictures in `<img>` only).
 */
function safeDeclaration(declaration: string): boolean {
  if (declaration.trim() === '') return true;
  const colon = declaration.indexOf(':');
  if (colon < 0) return false;
  const property = cssView(declaration.slice(0, colon));
  if (!/^-{0,2}[a-z][a-z0-9-]*$/.test(property)) return false;
  if (property === 'behavior' || property === '-ms-behavior' || property.endsWith('binding')) return false;
  const value = cssView(declaration.slice(colon + 1));
  if (/expression\(|javascript:|vbscript:|data:|-moz-binding|@import/.test(value)) return false;
  return [...value.matchAll(/url\(([^)]*)\)?/g)].every(
    ([, target]) => safeUrl(String(target).replace(/^['"]|['"]$/g, ''), 'media') !== undefined,
  );
}

/** An inline style with its unsafe declarations left out: unchanged when all are safe, undefined when none is. */
export function safeStyle(style: string): string | undefined {
  const declarations = declarationsOf(style);
  const kept = declarations.filter(safeDeclaration);
  if (kept.length === declarations.length) return style;
  const text = kept
    .map((declaration) => declaration.trim())
    .filter(Boolean)
    .join(';');
  return text || undefined;
}

/** CSS inside `<style>`: it must not close the element. */
export const safeCss = (css: string) => css.replace(/<\/?(style|script)/gi, '\\3c $1');

/** What an attribute of an element may be: a URL of a kind, a style, any text, or not at all. */
function attributeRule(tag: string, name: string): UrlKind | 'style' | 'svg' | true | undefined {
  if (name === 'style') return 'style';
  if (GLOBAL_ATTRIBUTES.has(name) || ARIA_OR_DATA_ATTRIBUTE.test(name)) return true;
  const own = TAG_ATTRIBUTES[tag];
  if (own && Object.hasOwn(own, name)) return own[name];
  if (SVG_TAGS.has(tag) && SVG_ATTRIBUTES.has(name)) return 'svg';
  return undefined;
}

/** The allowed attributes of an element, escaped; URLs, styles and paints checked. */
function attributesHtml(tag: string, attributes: Json, classes: string[]): string {
  const out: string[] = [];
  if (classes.length) out.push(`class="${escapeHtml(classes.join(' '))}"`);
  for (const [rawName, value] of Object.entries(attributes)) {
    const name = rawName.toLowerCase();
    const rule = attributeRule(tag, name);
    if (rule === undefined) continue;
    if (name === 'class' && classes.length) continue;
    if (value === false || value === null || value === undefined || typeof value === 'object') continue;
    let text = value === true ? '' : String(value);
    if (rule === 'link' || rule === 'image' || rule === 'media') {
      const url = safeUrl(text, rule);
      if (url === undefined) continue;
      text = url;
    } else if (rule === 'style') {
      const style = safeStyle(text);
      if (style === undefined) continue;
      text = style;
    } else if (rule === 'svg' && /url\(/i.test(cssView(text)) && !SVG_LOCAL_REFERENCE.test(text.trim())) {
      continue;
    }
    out.push(value === true ? name : `${name}="${escapeHtml(text)}"`);
  }
  return out.length ? ` ${out.join(' ')}` : '';
}

const classesOf = (node: Json): string[] =>
  Array.isArray(node.classes)
    ? node.classes.flatMap((entry) => {
        const name = typeof entry === 'string' ? entry : (entry as Json | null)?.name;
        return typeof name === 'string' && name ? [name] : [];
      })
    : [];

const attributesOf = (node: Json): Json =>
  node.attributes && typeof node.attributes === 'object' && !Array.isArray(node.attributes)
    ? (node.attributes as Json)
    : {};

const childrenOf = (node: Json): unknown[] => {
  const { components } = node;
  if (Array.isArray(components)) return components;
  if (components && typeof components === 'object') return [components];
  // GrapesJS can keep a component's inner HTML as a string: shown as text, never parsed
  if (typeof components === 'string') return [{ type: 'textnode', content: components }];
  return [];
};

// ---- the real-estate blocks ---------------------------------------------------------------------------

const STATUS_LABELS: Record<string, string> = {
  for_sale: 'For sale',
  for_rent: 'For rent',
  under_offer: 'Under offer',
  sold: 'Sold',
  rented: 'Rented',
};

/** Listings on the market get their own page; sold and rented ones stay on the grids, without one. */
export const LISTING_PAGE_STATUSES: ReadonlySet<string> = new Set(['for_sale', 'for_rent', 'under_offer']);
export const hasListingPage = (property: Pick<PropertyItem, 'status'>) =>
  LISTING_PAGE_STATUSES.has(property.status);
/** The folder of the listing pages below the site root. */
export const LISTINGS_FOLDER = 'listings';

const FURNISHING_LABELS: Record<string, string> = {
  furnished: 'Furnished',
  semi_furnished: 'Semi-furnished',
  unfurnished: 'Unfurnished',
};
const AREA_LABELS: Record<string, string> = { sqm: 'm²', sqft: 'sq ft' };

/** A USD amount in the site's currency, as the app shows prices (`€425,000`; cents only below 1,000). */
export function formatSitePrice(amountUsd: number, currency: SiteCurrency | undefined): string {
  const code = currency && currency.rate > 0 ? currency.code : 'USD';
  const amount = currency && currency.rate > 0 ? amountUsd * currency.rate : amountUsd;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      maximumFractionDigits: Math.abs(amount) >= 1000 ? 0 : 2,
    }).format(amount);
  } catch {
    return `${code} ${Math.round(amount).toLocaleString('en-US')}`;
  }
}

/** A listing's price in its own currency, exactly as its agent entered it: `€450,000`. */
const originalPrice = (property: Pick<PropertyItem, 'price' | 'currency'>) =>
  formatSitePrice(property.price, { code: property.currency ?? 'USD', rate: 1 });

/**
 * A listing's price as its agent entered it and, when the site shows another currency, about what it is in
 * that one by the stored rates: `€450,000` or `€450,000 (≈ $523,000)`. Listings saved before prices had a
 * currency are USD.
 */
export function formatListingPrice(
  property: Pick<PropertyItem, 'price' | 'currency'>,
  currency: SiteCurrency | undefined,
): string {
  const own = property.currency ?? 'USD';
  const original = originalPrice(property);
  const site = currency && currency.rate > 0 ? currency : { code: 'USD', rate: 1 };
  if (site.code === own) return original;
  const ownRate = own === 'USD' ? 1 : currency?.rates?.[own];
  if (!ownRate) return original;
  return `${original} (≈ ${formatSitePrice(property.price / ownRate, site)})`;
}

/** The listing's photos in the agent's order, then any others; only URLs safe to put in a page. */
function photosOf(property: PropertyItem): string[] {
  const images = (property.media ?? [])
    .filter((item) => !item.type || item.type === 'image')
    .map((item) => item.url);
  const ordered = [...(property.imageOrder ?? []), ...images];
  return [...new Set(ordered)].flatMap((url) => {
    const safe = safeUrl(url, 'image');
    return safe ? [safe] : [];
  });
}

const photoOf = (property: PropertyItem): string | undefined => photosOf(property)[0];

const sizeText = (property: PropertyItem) =>
  property.size !== undefined
    ? `${property.size.toLocaleString('en-US')} ${AREA_LABELS[property.measurement_metric] ?? property.measurement_metric ?? ''}`.trim()
    : '';

/**
 * Each listing's page slug, `{slug of the title}-{first 8 of its id}` ("Casa em Évora" → `casa-em-evora-3f2a9c1b`);
 * the whole id where two listings would share one.
 */
export function listingSlugs(
  listings: readonly Pick<PropertyItem, 'property_id' | 'title'>[],
): Map<string, string> {
  const slugs = new Map<string, string>();
  const taken = new Set<string>();
  for (const property of listings) {
    if (slugs.has(property.property_id)) continue;
    const id = property.property_id.toLowerCase().replace(/[^a-z0-9]/g, '');
    const title = slugify(property.title, 60) || 'listing';
    let slug = `${title}-${id.slice(0, 8) || 'x'}`;
    if (taken.has(slug)) slug = `${title}-${id || 'x'}`;
    for (let n = 2; taken.has(slug); n += 1) slug = `${title}-${id || 'x'}-${n}`;
    taken.add(slug);
    slugs.set(property.property_id, slug);
  }
  return slugs;
}

export const listingPath = (slug: string) => `/${LISTINGS_FOLDER}/${slug}`;

function propertyCardHtml(property: PropertyItem, context: BlockContext): string {
  const photo = photoOf(property);
  const facts = [
    property.bedrooms_count !== undefined ? `${property.bedrooms_count} bd` : '',
    property.bathrooms_count !== undefined ? `${property.bathrooms_count} ba` : '',
    sizeText(property),
  ].filter(Boolean);
  const place = [property.area, property.city].filter(Boolean).join(', ');
  const slug = hasListingPage(property) ? context.slugs.get(property.property_id) : undefined;
  if (slug) context.shown(property);
  const title = escapeHtml(property.title);
  return [
    `<article class="en-property${slug ? ' en-property-linked' : ''}" data-property-id="${escapeHtml(property.property_id)}">`,
    photo
      ? `<img class="en-property-photo" src="${escapeHtml(photo)}" alt="${title}" loading="lazy">`
      : '<div class="en-property-photo en-property-nophoto" aria-hidden="true"></div>',
    '<div class="en-property-body">',
    `<p class="en-property-status">${escapeHtml(STATUS_LABELS[property.status] ?? property.status)}</p>`,
    // the title's link covers the whole card (`::after`), so the card is one link named by the title
    `<h3 class="en-property-title">${slug ? `<a class="en-property-link" href="${escapeHtml(listingPath(slug))}">${title}</a>` : title}</h3>`,
    `<p class="en-property-price">${escapeHtml(formatListingPrice(property, context.data.currency))}</p>`,
    place ? `<p class="en-property-place">${escapeHtml(place)}</p>` : '',
    facts.length ? `<p class="en-property-facts">${escapeHtml(facts.join(' · '))}</p>` : '',
    '</div></article>',
  ].join('');
}

function boundedLimit(value: unknown): number {
  const limit = Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(limit) || limit < 1) return PROPERTY_GRID_DEFAULT;
  return Math.min(limit, PROPERTY_GRID_MAX);
}

function propertyGridHtml(attributes: Json, context: BlockContext): string {
  const city =
    typeof attributes[SITE_BLOCK_ATTRIBUTES.city] === 'string' ? attributes[SITE_BLOCK_ATTRIBUTES.city] : '';
  const status = attributes[SITE_BLOCK_ATTRIBUTES.status];
  const cityKey = String(city).trim().toLowerCase();
  const listings = context.data.listings
    .filter((property) => !cityKey || property.city.trim().toLowerCase() === cityKey)
    .filter((property) => !status || property.status === status)
    .slice(0, boundedLimit(attributes[SITE_BLOCK_ATTRIBUTES.limit]));
  if (listings.length === 0)
    return '<div class="en-property-grid en-empty"><p>New listings are coming soon.</p></div>';
  return `<div class="en-property-grid">${listings.map((property) => propertyCardHtml(property, context)).join('')}</div>`;
}

function propertyCardBlockHtml(attributes: Json, context: BlockContext): string {
  const id = attributes[SITE_BLOCK_ATTRIBUTES.propertyId];
  const property = context.data.listings.find((candidate) => candidate.property_id === id);
  return property ? propertyCardHtml(property, context) : '';
}

function agentCardHtml(data: SiteData): string {
  if (!data.agent) return '';
  const { agent, agencyName } = data.agent;
  const picture = safeUrl(agent.profile_picture, 'image');
  const initials = agent.full_name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return [
    '<div class="en-agent">',
    picture
      ? `<img class="en-agent-photo" src="${escapeHtml(picture)}" alt="${escapeHtml(agent.full_name)}">`
      : `<div class="en-agent-photo en-agent-initials" aria-hidden="true">${escapeHtml(initials)}</div>`,
    '<div class="en-agent-body">',
    `<p class="en-agent-name">${escapeHtml(agent.full_name)}</p>`,
    agencyName ? `<p class="en-agent-agency">${escapeHtml(agencyName)}</p>` : '',
    `<p class="en-agent-contact"><a href="mailto:${escapeHtml(agent.email)}">${escapeHtml(agent.email)}</a></p>`,
    agent.phone
      ? `<p class="en-agent-contact"><a href="tel:${escapeHtml(agent.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(agent.phone)}</a></p>`
      : '',
    '</div></div>',
  ].join('');
}

/** The leads endpoint answers with a 303 back to the page + `#lead-sent`, which the CSS `:target` shows. */
export const LEAD_SENT_ID = 'lead-sent';
/** …or `#lead-not-sent` when the agent cannot take the lead now (the leads endpoint's polite refusal). */
export const LEAD_NOT_SENT_ID = 'lead-not-sent';
export const leadsAction = (websiteId: string) => `/api/website-leads/${encodeURIComponent(websiteId)}`;

/** The hidden field naming the listing a lead is about (the leads endpoint names it to the agent). */
export const LEAD_LISTING_FIELD = 'property_id';

function contactFormHtml(
  data: SiteData,
  pagePath: string,
  listing?: Pick<PropertyItem, 'property_id' | 'title'>,
): string {
  const field = (name: string, label: string, input: string) =>
    `<p class="en-field"><label for="en-lead-${name}">${label}</label>${input}</p>`;
  const message = listing ? `I am interested in "${listing.title}". Please get in touch.` : '';
  return [
    `<form class="en-contact-form" method="post" action="${escapeHtml(leadsAction(data.website.website_id))}">`,
    `<p class="en-lead-sent" id="${LEAD_SENT_ID}" role="status">Thank you! Your message has been sent. We will get back to you soon.</p>`,
    `<p class="en-lead-sent en-lead-not-sent" id="${LEAD_NOT_SENT_ID}" role="status">Sorry, your message could not be sent right now. Please contact us by email or phone instead.</p>`,
    `<input type="hidden" name="page" value="${escapeHtml(pagePath)}">`,
    listing
      ? `<input type="hidden" name="${LEAD_LISTING_FIELD}" value="${escapeHtml(listing.property_id)}">`
      : '',
    // the honeypot: people never see or fill it, form-filling bots do
    '<p class="en-honeypot" aria-hidden="true"><label for="en-lead-company">Company</label><input id="en-lead-company" name="company" type="text" tabindex="-1" autocomplete="off"></p>',
    field(
      'name',
      'Name',
      '<input id="en-lead-name" name="name" type="text" required maxlength="100" autocomplete="name">',
    ),
    field(
      'email',
      'Email',
      '<input id="en-lead-email" name="email" type="email" required maxlength="254" autocomplete="email">',
    ),
    field(
      'phone',
      'Phone',
      '<input id="en-lead-phone" name="phone" type="tel" maxlength="40" autocomplete="tel">',
    ),
    field(
      'message',
      'Message',
      `<textarea id="en-lead-message" name="message" rows="5" maxlength="2000">${escapeHtml(message)}</textarea>`,
    ),
    '<button class="en-button" type="submit">Send message</button>',
    '</form>',
  ].join('');
}

function mapPlaceholderHtml(attributes: Json): string {
  const address = attributes[SITE_BLOCK_ATTRIBUTES.address];
  return [
    '<div class="en-map">',
    '<p class="en-map-label">Location</p>',
    `<address class="en-map-address">${escapeHtml(typeof address === 'string' && address.trim() ? address : 'Address on request')}</address>`,
    '</div>',
  ].join('');
}

/** What the blocks need beside the template's CSS (class names `en-…` are the renderer's own). */
const BLOCK_CSS = [
  '.en-property-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:24px;}',
  '.en-empty{display:block;color:var(--secondary,#6c757d);}',
  '.en-property{border:1px solid rgba(0,0,0,.1);border-radius:8px;overflow:hidden;background:#fff;color:#212529;}',
  '.en-property-photo{display:block;width:100%;height:190px;object-fit:cover;background:#e9ecef;}',
  '.en-property-body{padding:16px;}',
  '.en-property-body p{margin:0 0 6px;}',
  '.en-property-status{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:var(--primary-text,#006fe6);font-weight:600;}',
  '.en-property-title{margin:0 0 6px;font-size:1.1rem;}',
  '.en-property-price{font-weight:700;font-size:1.1rem;}',
  '.en-property-place,.en-property-facts{font-size:.9rem;color:#6c757d;}',
  '.en-agent{display:flex;gap:16px;align-items:center;}',
  '.en-agent-photo{width:88px;height:88px;border-radius:50%;object-fit:cover;flex:none;}',
  '.en-agent-initials{display:flex;align-items:center;justify-content:center;background:var(--primary-fill,#006fe6);color:var(--on-primary,#fff);font-weight:700;font-size:1.6rem;}',
  '.en-agent-body p{margin:0 0 4px;}',
  '.en-agent-name{font-weight:700;font-size:1.15rem;}',
  '.en-agent-contact a{color:inherit;overflow-wrap:anywhere;}',
  '.en-contact-form{display:flex;flex-direction:column;gap:4px;}',
  '.en-field{display:flex;flex-direction:column;gap:4px;margin:0 0 12px;}',
  '.en-field input,.en-field textarea{font:inherit;padding:10px 12px;border:1px solid #ced4da;border-radius:4px;}',
  '.en-button{align-self:flex-start;font:inherit;padding:12px 24px;border:0;border-radius:4px;background:var(--primary-fill,#006fe6);color:var(--on-primary,#fff);cursor:pointer;}',
  '.en-lead-sent{display:none;padding:12px 16px;border-radius:4px;background:#d1e7dd;color:#0f5132;}',
  '.en-lead-sent:target{display:block;}',
  '.en-lead-not-sent{background:#fff3cd;color:#664d03;}',
  '.en-honeypot{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden;}',
  '.en-map{padding:20px;border:1px dashed rgba(0,0,0,.25);border-radius:8px;margin-top:16px;}',
  '.en-map-label{margin:0 0 4px;font-weight:600;}',
  '.en-map-address{font-style:normal;}',
  // a card whose listing has a page is one link (the title's, stretched over the card)
  '.en-property-linked{position:relative;transition:box-shadow .15s,transform .15s;}',
  '.en-property-linked:hover,.en-property-linked:focus-within{box-shadow:0 10px 28px rgba(0,0,0,.12);transform:translateY(-2px);}',
  '.en-property-link{color:inherit;text-decoration:none;}',
  '.en-property-link::after{content:"";position:absolute;inset:0;}',
  '.en-property-link:focus-visible{outline:none;}',
  '.en-property-linked:focus-within{outline:3px solid var(--primary,#007bff);outline-offset:2px;}',
  '.en-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0;}',
].join('');

/** The listing page's own layout, in the site's colours (`--primary`, `--secondary`) and fonts. */
const LISTING_CSS = [
  '.en-listing{max-width:1160px;margin:0 auto;padding:32px 40px 64px;box-sizing:border-box;}',
  '.en-listing *,.en-listing *::before,.en-listing *::after{box-sizing:border-box;}',
  '.en-breadcrumb{font-size:.9rem;color:#6b7280;margin:0 0 20px;}',
  '.en-breadcrumb a{color:var(--primary-text,#006fe6);text-decoration:underline;text-underline-offset:2px;}',
  '.en-breadcrumb a:hover{text-decoration:underline;}',
  '.en-breadcrumb span[aria-hidden]{margin:0 8px;}',
  '.en-listing-head{display:flex;justify-content:space-between;align-items:flex-end;gap:24px;flex-wrap:wrap;margin:0 0 24px;}',
  '.en-listing-head .en-property-status{margin:0 0 8px;}',
  '.en-listing-title{font-size:2.3rem;margin:0 0 8px;}',
  '.en-listing-place{margin:0;color:#6b7280;font-size:1.05rem;}',
  '.en-listing-price{margin:0;font-size:2rem;font-weight:700;color:var(--primary-text,#006fe6);white-space:nowrap;}',
  '.en-gallery{display:grid;gap:8px;grid-template-columns:2fr 1fr 1fr;grid-template-rows:220px 220px;border-radius:16px;overflow:hidden;margin:0 0 32px;}',
  '.en-gallery img,.en-gallery .en-property-nophoto{width:100%;height:100%;object-fit:cover;display:block;background:#e5e7eb;}',
  '.en-gallery>:first-child{grid-row:1/3;}',
  '.en-gallery-0{grid-template-columns:1fr;grid-template-rows:160px;}',
  '.en-gallery-empty{display:flex!important;align-items:center;justify-content:center;color:#6b7280;background:repeating-linear-gradient(135deg,#eef2f7 0 14px,#e5e9f0 14px 28px)!important;}',
  '.en-gallery-1{grid-template-columns:1fr;grid-template-rows:440px;}',
  '.en-gallery-2{grid-template-columns:2fr 1fr;grid-template-rows:440px;}',
  '.en-gallery-2>:first-child{grid-row:auto;}',
  '.en-gallery-3{grid-template-columns:2fr 1fr;}',
  '.en-gallery-4>:nth-child(4){grid-column:2/4;}',
  '.en-listing-layout{display:grid;grid-template-columns:minmax(0,1fr) 360px;gap:40px;align-items:start;}',
  '.en-facts{display:flex;flex-wrap:wrap;gap:12px;list-style:none;padding:0;margin:0 0 32px;}',
  '.en-facts li{flex:1 1 120px;padding:16px;border:1px solid rgba(0,0,0,.08);border-radius:12px;background:#fff;color:#1f2937;}',
  '.en-facts strong{display:block;font-size:1.35rem;}',
  '.en-facts span{font-size:.85rem;color:#6b7280;}',
  '.en-listing-section{margin:0 0 32px;}',
  '.en-listing-section h2{font-size:1.4rem;margin:0 0 12px;}',
  '.en-listing-section p{margin:0 0 12px;}',
  '.en-features{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px 24px;list-style:none;padding:0;margin:0;}',
  '.en-features li::before{content:"✓";color:var(--primary,#007bff);font-weight:700;margin-right:8px;}',
  '.en-location{display:flex;justify-content:space-between;align-items:center;gap:16px;flex-wrap:wrap;padding:20px;border-radius:12px;background:rgba(0,0,0,.03);}',
  '.en-location address{font-style:normal;}',
  '.en-button-outline{display:inline-block;text-decoration:none;background:#fff;color:var(--primary-text,#006fe6);border:2px solid var(--primary,#007bff);padding:10px 20px;}',
  '.en-photos{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:8px;}',
  '.en-photos img{width:100%;height:170px;object-fit:cover;border-radius:8px;display:block;}',
  '.en-listing-side{position:sticky;top:24px;display:flex;flex-direction:column;gap:24px;}',
  '.en-panel{padding:24px;border-radius:16px;background:#fff;color:#1f2937;box-shadow:0 8px 30px rgba(0,0,0,.08);border:1px solid rgba(0,0,0,.06);}',
  '.en-panel h2{font-size:1.2rem;margin:0 0 16px;}',
  '.en-panel .en-button{width:100%;align-self:stretch;}',
  '@media (max-width:900px){.en-listing-layout{grid-template-columns:1fr;}.en-listing-side{position:static;}}',
  // on a phone the photos are one swipeable row
  '@media (max-width:640px){.en-listing{padding:20px;}.en-listing-title{font-size:1.8rem;}.en-gallery{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;border-radius:12px;}.en-gallery>*{flex:0 0 88%;height:260px;scroll-snap-align:start;border-radius:12px;}.en-gallery-0>*,.en-gallery-1>*{flex-basis:100%;}.en-gallery-0>*{height:140px;}}',
].join('');

// ---- components → HTML --------------------------------------------------------------------------------

const MAX_DEPTH = 60;

/** What the property blocks need: the data, the listings' page slugs, and who to tell a listing was shown. */
interface BlockContext {
  data: SiteData;
  slugs: ReadonlyMap<string, string>;
  /** a card of this listing (which has a page) was rendered, on this content page */
  shown: (property: PropertyItem, page?: SitePage) => void;
}

interface RenderContext extends BlockContext {
  pagePath: string;
  globals: Map<string, unknown>;
  /** the global components being rendered (a component cannot contain itself) */
  inGlobal: Set<string>;
}

function renderNode(node: unknown, context: RenderContext, depth: number): string {
  if (depth > MAX_DEPTH || node === null || node === undefined) return '';
  if (typeof node === 'string') return escapeHtml(node);
  if (Array.isArray(node)) return node.map((child) => renderNode(child, context, depth + 1)).join('');
  if (typeof node !== 'object') return '';
  const component = node as Json;
  const type = typeof component.type === 'string' ? component.type : '';
  const attributes = attributesOf(component);
  switch (type) {
    case 'textnode':
      return escapeHtml(component.content);
    case 'comment':
      return '';
    case 'wrapper':
      return renderChildren(component, context, depth);
    case SITE_BLOCK_TYPES.globalComponent: {
      const id = String(attributes[SITE_BLOCK_ATTRIBUTES.globalId] ?? '');
      if (!context.globals.has(id) || context.inGlobal.has(id)) return '';
      context.inGlobal.add(id);
      const html = renderNode(context.globals.get(id), context, depth + 1);
      context.inGlobal.delete(id);
      return html;
    }
    case SITE_BLOCK_TYPES.propertyGrid:
      return propertyGridHtml(attributes, context);
    case SITE_BLOCK_TYPES.propertyCard:
      return propertyCardBlockHtml(attributes, context);
    case SITE_BLOCK_TYPES.agentCard:
      return agentCardHtml(context.data);
    case SITE_BLOCK_TYPES.contactForm:
      return contactFormHtml(context.data, context.pagePath);
    case SITE_BLOCK_TYPES.mapPlaceholder:
      return mapPlaceholderHtml(attributes);
  }
  const defaultTag = type === 'image' ? 'img' : type === 'link' ? 'a' : 'div';
  const tag = (
    typeof component.tagName === 'string' && component.tagName ? component.tagName : defaultTag
  ).toLowerCase();
  if (!TAG_NAME.test(tag) || CONTENT_DROPPED_TAGS.has(tag)) return '';
  const inner = () =>
    childrenOf(component).length > 0
      ? renderChildren(component, context, depth)
      : typeof component.content === 'string'
        ? escapeHtml(component.content)
        : '';
  // an element off the allow-list is left out, tag and attributes; what it holds is judged on its own
  if (!ALLOWED_TAGS.has(tag)) return inner();
  const own = { ...attributes };
  // GrapesJS keeps an image's src (and a link's href) as a property beside the attributes
  if (tag === 'img' && own.src === undefined && typeof component.src === 'string') own.src = component.src;
  const open = `<${tag}${attributesHtml(tag, own, classesOf(component))}>`;
  if (VOID_TAGS.has(tag)) return open;
  return `${open}${inner()}</${tag}>`;
}

const renderChildren = (component: Json, context: RenderContext, depth: number) =>
  childrenOf(component)
    .map((child) => renderNode(child, context, depth + 1))
    .join('');

// ---- pages, SEO, sitemap ------------------------------------------------------------------------------

/** The SEO fields of a settings object, trimmed; unknown keys and blank values dropped. */
const seoOf = (value: unknown): SeoFields => {
  if (!value || typeof value !== 'object') return {};
  const seo: SeoFields = {};
  for (const name of SEO_FIELD_NAMES) {
    const text = (value as Json)[name];
    if (typeof text === 'string' && text.trim()) seo[name] = text.trim();
  }
  return seo;
};

interface SitePage {
  id: string;
  name: string;
  slug: string;
  components: unknown;
  styles: string;
}

/**
 * The content's pages in their order, with their published slug (spec §5: `pageSlug` of the name, Home
 * the empty slug); a later page whose slug is taken is left out. Without a Home page the default (or
 * first) page is also the home page.
 */
export function sitePages(content: WebsiteContent): SitePage[] {
  const ordered = content.pages
    .map((page, index) => ({ page, index }))
    .sort((a, b) => (a.page.order ?? a.index) - (b.page.order ?? b.index) || a.index - b.index);
  const seen = new Set<string>();
  const pages: SitePage[] = [];
  for (const { page, index } of ordered) {
    const name = page.name || `Page ${index + 1}`;
    const slug = pageSlug(name);
    if (seen.has(slug)) continue;
    seen.add(slug);
    pages.push({
      id: page.id,
      name,
      slug,
      components: page.components ?? {},
      styles: typeof page.styles === 'string' && page.styles ? page.styles : content.styles,
    });
  }
  if (!seen.has('') && pages.length > 0) {
    const home = pages.find((page) => page.id === content.metadata?.defaultPage) ?? pages[0]!;
    pages.unshift({ ...home, slug: '' });
  }
  return pages;
}

export const pagePath = (slug: string) => (slug ? `/${slug}` : '/');

/** `:root` colour variables and body font of the theme, before the page's own CSS (which may override). */
function themeCss(theme: unknown): string {
  const value = {
    ...THEME_DEFAULTS,
    ...(theme && typeof theme === 'object' ? (theme as Json) : {}),
  } as Record<string, unknown>;
  const clean = (text: unknown) => String(text ?? '').replace(/[;{}<>]/g, '');
  const primary = clean(value.primary);
  // readable variants of the agent's colour for text in it and on it (contracts/colour-contrast.ts)
  const readable = `--primary-text:${readableTextColour(primary, clean(value.background))};--primary-fill:${readableFillColour(primary)};--on-primary:${textColourOn(primary)};`;
  return `:root{--primary:${primary};${readable}--secondary:${clean(value.secondary)};--text:${clean(value.text)};--background:${clean(value.background)};}body{margin:0;font-family:${clean(value.font)};color:${clean(value.text)};background:${clean(value.background)};}`;
}

function metaTag(attribute: 'name' | 'property', key: string, value: string | undefined): string {
  return value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
}

/** An absolute URL for og:image: relative paths resolved against the site. */
function absoluteUrl(url: string | undefined, siteUrl: string): string | undefined {
  const safe = safeUrl(url, 'image');
  if (!safe) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(safe)) return safe;
  try {
    return new URL(safe, `${siteUrl.replace(/\/$/, '')}/`).toString();
  } catch {
    return safe;
  }
}

const siteRoot = (siteUrl: string) => siteUrl.replace(/\/$/, '');
const pageUrl = (siteUrl: string, slug: string) => `${siteRoot(siteUrl)}${pagePath(slug)}`;

// ---- one <h1> per page --------------------------------------------------------------------------------

const HEADING_TAG = /<(\/?)h([1-6])\b([^>]*)>/gi;

/**
 * Gives a page's body exactly one `<h1>` (issue 16): the first stays and later ones become `<h2>`; a page
 * without one gets its first heading promoted (classes kept, so it looks as before: the templates size
 * their section titles by class), and a page with no heading a visually hidden `<h1>` with its name at
 * the start of its `<main>` (or of the body). Headings of the renderer's own blocks (`en-…`: listing
 * cards) are never promoted. Works on rendered HTML, where every `<` of text is escaped, so each match
 * is an element the renderer wrote.
 */
export function withOneH1(body: string, pageName: string): string {
  const tags = [...body.matchAll(HEADING_TAG)].map((match) => ({
    index: match.index,
    length: match[0].length,
    closing: match[1] === '/',
    level: Number(match[2]),
    attributes: match[3] ?? '',
  }));
  /** the index of the tag that closes the opening tag at `i` (headings of one level may nest) */
  const closerOf = (i: number) => {
    let depth = 0;
    for (let j = i; j < tags.length; j += 1) {
      if (tags[j]!.level !== tags[i]!.level) continue;
      depth += tags[j]!.closing ? -1 : 1;
      if (depth === 0) return j;
    }
    return -1;
  };
  const renamed = new Map<number, number>();
  const openers = tags.map((tag, i) => ({ tag, i })).filter(({ tag }) => !tag.closing);
  const h1s = openers.filter(({ tag }) => tag.level === 1);
  if (h1s.length > 0) {
    for (const { i } of h1s.slice(1)) {
      renamed.set(i, 2);
      const closer = closerOf(i);
      if (closer >= 0) renamed.set(closer, 2);
    }
  } else {
    const first = openers.find(({ tag }) => !/class="en-/.test(tag.attributes));
    if (!first) {
      const hidden = `<h1 class="en-visually-hidden">${escapeHtml(pageName)}</h1>`;
      const main = /<main\b[^>]*>/.exec(body);
      return main
        ? `${body.slice(0, main.index + main[0].length)}${hidden}${body.slice(main.index + main[0].length)}`
        : `${hidden}${body}`;
    }
    renamed.set(first.i, 1);
    const closer = closerOf(first.i);
    if (closer >= 0) renamed.set(closer, 1);
  }
  let out = '';
  let at = 0;
  tags.forEach((tag, i) => {
    const level = renamed.get(i);
    if (level === undefined) return;
    out += `${body.slice(at, tag.index)}<${tag.closing ? '/' : ''}h${level}${tag.attributes}>`;
    at = tag.index + tag.length;
  });
  return out + body.slice(at);
}

// ---- favicon ------------------------------------------------------------------------------------------

/** Where every published page's generated icon is, and what `/favicon.ico` is redirected to. */
export const FAVICON_PATH = '/favicon.svg';

const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/** The theme's primary colour when it is a plain colour value, else the default. */
function primaryOf(theme: unknown): string {
  const value = theme && typeof theme === 'object' ? (theme as Json).primary : undefined;
  return typeof value === 'string' && COLOUR.test(value.trim()) ? value.trim() : THEME_DEFAULTS.primary;
}

/** Up to two initials of the site's name ("Seaside Homes" → "SH"; "Harbor & Pine" → "HP"). */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase() || '•';
}

/** The site's monogram: its initials in the theme's primary colour on a white tile with a ring of it. */
export function renderFavicon(data: Pick<SiteData, 'website' | 'content'>): string {
  const colour = primaryOf(data.content.metadata?.theme ?? data.website.settings?.theme);
  const initials = initialsOf(data.website.title || data.website.name);
  // large, heavy letters read at 16 px in a browser tab
  const size = initials.length > 1 ? 31 : 40;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<rect x="3" y="3" width="58" height="58" rx="14" fill="#fff" stroke="${escapeHtml(colour)}" stroke-width="6"/>` +
    `<text x="32" y="33" dy=".36em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="800" letter-spacing="-1" fill="${escapeHtml(colour)}">${escapeHtml(initials)}</text>` +
    '</svg>\n'
  );
}

/** The page's icon: the SEO favicon when set, else the agency's logo, else the generated monogram. */
function faviconLink(seo: SeoFields, data: SiteData): string {
  const chosen = safeUrl(seo.favicon, 'image') ?? safeUrl(data.agent?.agencyLogo, 'image');
  return chosen
    ? `<link rel="icon" href="${escapeHtml(chosen)}">`
    : `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`;
}

// ---- documents ----------------------------------------------------------------------------------------

interface DocumentParts {
  title: string;
  seo: SeoFields;
  canonical: string;
  ogType: string;
  ogImage?: string;
  extraHead?: string[];
  css: string;
  bodyAttributes: string;
  body: string;
}

function documentHtml(parts: DocumentParts, data: SiteData): string {
  const { seo } = parts;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    metaTag('name', 'description', seo.description),
    metaTag('name', 'keywords', seo.keywords),
    metaTag('name', 'robots', seo.robots),
    `<link rel="canonical" href="${escapeHtml(parts.canonical)}">`,
    faviconLink(seo, data),
    metaTag('property', 'og:type', parts.ogType),
    metaTag('property', 'og:site_name', data.website.title || data.website.name),
    metaTag('property', 'og:title', parts.title),
    metaTag('property', 'og:description', seo.description),
    metaTag('property', 'og:image', parts.ogImage),
    metaTag('property', 'og:url', parts.canonical),
    ...(parts.extraHead ?? []),
    `<style>${safeCss(parts.css)}</style>`,
  ].filter(Boolean);
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body${parts.bodyAttributes}>\n${parts.body}\n</body>\n</html>\n`;
}

const wrapperOf = (components: unknown): Json =>
  components && typeof components === 'object' && !Array.isArray(components)
    ? (components as Json)
    : { components };

/** The `<body>` attributes of a page wrapper (its id is GrapesJS's own). */
const bodyAttributesOf = (wrapper: Json) =>
  attributesHtml(
    'body',
    Object.fromEntries(Object.entries(attributesOf(wrapper)).filter(([name]) => name !== 'id')),
    classesOf(wrapper),
  );

function renderPage(page: SitePage, blocks: BlockContext, globals: Map<string, unknown>): string {
  const { data } = blocks;
  const settings = data.website.settings ?? {};
  const pageSeo = seoOf((settings.pageSEO as Json | undefined)?.[page.id]);
  const globalSeo = seoOf(settings.globalSEO);
  const seo: SeoFields = { ...globalSeo, ...pageSeo };
  const title =
    pageSeo.title ??
    (page.slug === '' ? globalSeo.title : undefined) ??
    (globalSeo.title
      ? `${page.name} | ${globalSeo.title}`
      : `${page.name} | ${data.website.title || data.website.name}`);
  const context: RenderContext = {
    ...blocks,
    shown: (property) => blocks.shown(property, page),
    pagePath: pagePath(page.slug),
    globals,
    inGlobal: new Set(),
  };
  const wrapper = wrapperOf(page.components);
  const body = withOneH1(renderNode({ ...wrapper, type: 'wrapper' }, context, 0), page.name);
  const ogImage = absoluteUrl(seo.ogImage, data.siteUrl);
  return documentHtml(
    {
      title,
      seo,
      canonical: pageUrl(data.siteUrl, page.slug),
      ogType: 'website',
      ...(ogImage ? { ogImage } : {}),
      css: themeCss(data.content.metadata?.theme) + BLOCK_CSS + page.styles,
      bodyAttributes: bodyAttributesOf(wrapper),
      body,
    },
    data,
  );
}

// ---- listing pages ------------------------------------------------------------------------------------

/** JSON inside `<script type="application/ld+json">`: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const PARAGRAPHS = /\n\s*\n|\r\n\s*\r\n/;

/** The address a map search and the JSON-LD use: street, area, city. */
const addressOf = (property: PropertyItem) =>
  [property.street_address, property.area, property.city]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');

export const mapSearchUrl = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

function listingDescription(property: PropertyItem, price: string): string {
  const text = property.description?.replace(/\s+/g, ' ').trim();
  if (text) return text.length > 200 ? `${text.slice(0, 197).replace(/\s+\S*$/, '')}…` : text;
  const rooms = property.bedrooms_count ? `${property.bedrooms_count}-bedroom home` : 'Home';
  const status = (STATUS_LABELS[property.status] ?? property.status).toLowerCase();
  return `${rooms} ${status} in ${[property.area, property.city].filter(Boolean).join(', ')}: ${price}.`;
}

/** schema.org RealEstateListing of one listing (https://schema.org/RealEstateListing). */
function listingJsonLd(
  property: PropertyItem,
  data: SiteData,
  url: string,
  photos: readonly string[],
  description: string,
): Json {
  const agent = data.agent?.agent;
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: property.title,
    url,
    description,
    datePosted: property.created_at.slice(0, 10),
    ...(property.updated_at ? { dateModified: property.updated_at.slice(0, 10) } : {}),
    ...(photos.length ? { image: photos.map((photo) => absoluteUrl(photo, data.siteUrl)) } : {}),
    offers: {
      '@type': 'Offer',
      // the price as the agent set it: structured data carries the exact amount, never a conversion
      price: property.price,
      priceCurrency: property.currency ?? 'USD',
      availability:
        property.status === 'under_offer'
          ? 'https://schema.org/LimitedAvailability'
          : 'https://schema.org/InStock',
      businessFunction:
        property.status === 'for_rent'
          ? 'http://purl.org/goodrelations/v1#LeaseOut'
          : 'http://purl.org/goodrelations/v1#Sell',
      ...(agent
        ? { seller: { '@type': 'RealEstateAgent', name: data.agent?.agencyName ?? agent.full_name } }
        : {}),
    },
    about: {
      '@type': 'Accommodation',
      name: property.title,
      ...(property.bedrooms_count !== undefined ? { numberOfBedrooms: property.bedrooms_count } : {}),
      ...(property.bathrooms_count !== undefined ? { numberOfBathroomsTotal: property.bathrooms_count } : {}),
      ...(property.size !== undefined
        ? {
            floorSize: {
              '@type': 'QuantitativeValue',
              value: property.size,
              unitCode: property.measurement_metric === 'sqft' ? 'FTK' : 'MTK',
            },
          }
        : {}),
      ...(property.additionalFeatures.length
        ? {
            amenityFeature: property.additionalFeatures.map((name) => ({
              '@type': 'LocationFeatureSpecification',
              name,
              value: true,
            })),
          }
        : {}),
      address: {
        '@type': 'PostalAddress',
        ...(property.street_address ? { streetAddress: property.street_address } : {}),
        addressLocality: property.city,
        ...(property.area ? { addressRegion: property.area } : {}),
      },
    },
  };
}

/** Where a listing was shown: the first content page, the home page only when it is the only one. */
interface ShownAt {
  property: PropertyItem;
  page: SitePage;
}

function listingBodyHtml(property: PropertyItem, slug: string, shownAt: SitePage, data: SiteData): string {
  const path = listingPath(slug);
  const photos = photosOf(property);
  const price = formatListingPrice(property, data.currency);
  const place = [property.area, property.city].filter(Boolean).join(', ');
  const title = escapeHtml(property.title);
  const gallery = photos.slice(0, 5);
  const facts: [string, string][] = [
    ...(property.bedrooms_count !== undefined
      ? [
          [String(property.bedrooms_count), property.bedrooms_count === 1 ? 'Bedroom' : 'Bedrooms'] as [
            string,
            string,
          ],
        ]
      : []),
    ...(property.bathrooms_count !== undefined
      ? [
          [String(property.bathrooms_count), property.bathrooms_count === 1 ? 'Bathroom' : 'Bathrooms'] as [
            string,
            string,
          ],
        ]
      : []),
    ...(property.size !== undefined ? [[sizeText(property), 'Size'] as [string, string]] : []),
    ...(property.furnishing
      ? [[FURNISHING_LABELS[property.furnishing] ?? property.furnishing, 'Furnishing'] as [string, string]]
      : []),
  ];
  const list = (heading: string, items: readonly string[]) =>
    items.length
      ? `<section class="en-listing-section"><h2>${escapeHtml(heading)}</h2><ul class="en-features">${items
          .map((item) => `<li>${escapeHtml(item)}</li>`)
          .join('')}</ul></section>`
      : '';
  const description = (property.description ?? '')
    .split(PARAGRAPHS)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const address = addressOf(property);
  const crumbs = [
    '<a href="/">Home</a>',
    ...(shownAt.slug
      ? [`<a href="${escapeHtml(pagePath(shownAt.slug))}">${escapeHtml(shownAt.name)}</a>`]
      : []),
    `<span aria-current="page">${title}</span>`,
  ];
  return [
    '<main class="site-main en-listing">',
    `<nav class="en-breadcrumb" aria-label="Breadcrumb">${crumbs.join('<span aria-hidden="true">›</span>')}</nav>`,
    '<div class="en-listing-head"><div>',
    `<p class="en-property-status">${escapeHtml(STATUS_LABELS[property.status] ?? property.status)}</p>`,
    `<h1 class="en-listing-title">${title}</h1>`,
    place ? `<p class="en-listing-place">${escapeHtml(place)}</p>` : '',
    `</div><p class="en-listing-price">${escapeHtml(price)}</p></div>`,
    `<div class="en-gallery en-gallery-${gallery.length}">`,
    gallery.length
      ? gallery
          .map(
            (photo, index) =>
              `<img src="${escapeHtml(photo)}" alt="${index === 0 ? title : `${title}, photo ${index + 1}`}"${index === 0 ? '' : ' loading="lazy"'}>`,
          )
          .join('')
      : '<div class="en-property-nophoto en-gallery-empty"><span>Photos coming soon</span></div>',
    '</div>',
    '<div class="en-listing-layout"><div class="en-listing-main">',
    facts.length
      ? `<ul class="en-facts">${facts.map(([value, label]) => `<li><strong>${escapeHtml(value)}</strong><span>${escapeHtml(label)}</span></li>`).join('')}</ul>`
      : '',
    description.length
      ? `<section class="en-listing-section"><h2>About this home</h2>${description.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}</section>`
      : '',
    list('Features', property.additionalFeatures),
    list('Views', property.views),
    list('Close to', property.closeTo),
    '<section class="en-listing-section"><h2>Location</h2><div class="en-location">',
    `<address>${escapeHtml(address)}</address>`,
    `<a class="en-button en-button-outline" href="${escapeHtml(mapSearchUrl(address))}" target="_blank" rel="noopener noreferrer">View on the map</a>`,
    '</div></section>',
    photos.length > gallery.length
      ? `<section class="en-listing-section"><h2>All photos</h2><div class="en-photos">${photos
          .map(
            (photo, index) =>
              `<img src="${escapeHtml(photo)}" alt="${title}, photo ${index + 1}" loading="lazy">`,
          )
          .join('')}</div></section>`
      : '',
    '</div><aside class="en-listing-side">',
    data.agent ? `<div class="en-panel"><h2>Your agent</h2>${agentCardHtml(data)}</div>` : '',
    `<div class="en-panel"><h2>Ask about this home</h2>${contactFormHtml(data, path, property)}</div>`,
    '</aside></div></main>',
  ].join('');
}

/** The active global components of a kind (the header first on a listing page, the footer last). */
function globalsOfType(content: WebsiteContent, type: string): unknown[] {
  return (content.globalComponents ?? [])
    .filter((entry) => entry.is_active !== false && entry.component_type === type)
    .map((entry) => ({
      type: SITE_BLOCK_TYPES.globalComponent,
      attributes: { [SITE_BLOCK_ATTRIBUTES.globalId]: entry.global_component_id },
    }));
}

function renderListingPage(
  { property, page }: ShownAt,
  slug: string,
  blocks: BlockContext,
  globals: Map<string, unknown>,
): RenderedListingPage {
  const { data } = blocks;
  const path = listingPath(slug);
  const canonical = `${siteRoot(data.siteUrl)}${path}`;
  const photos = photosOf(property);
  // title and description carry the exact price; the page shows the conversion beside it
  const price = originalPrice(property);
  const description = listingDescription(property, price);
  const siteName = data.website.title || data.website.name;
  const globalSeo = seoOf(data.website.settings?.globalSEO);
  const context: RenderContext = { ...blocks, pagePath: path, globals, inGlobal: new Set() };
  const chrome = (type: string) => renderNode(globalsOfType(data.content, type), context, 0);
  const body = withOneH1(
    `${chrome('header')}${listingBodyHtml(property, slug, page, data)}${chrome('footer')}`,
    property.title,
  );
  const wrapper = wrapperOf(page.components);
  const ogImage = absoluteUrl(photos[0], data.siteUrl) ?? absoluteUrl(globalSeo.ogImage, data.siteUrl);
  const html = documentHtml(
    {
      title: `${property.title} – ${price} | ${siteName}`,
      seo: {
        description,
        ...(globalSeo.robots ? { robots: globalSeo.robots } : {}),
        ...(globalSeo.favicon ? { favicon: globalSeo.favicon } : {}),
      },
      canonical,
      ogType: 'website',
      ...(ogImage ? { ogImage } : {}),
      extraHead: [
        metaTag('name', 'twitter:card', photos.length ? 'summary_large_image' : 'summary'),
        `<script type="application/ld+json">${scriptJson(listingJsonLd(property, data, canonical, photos, description))}</script>`,
      ],
      css: themeCss(data.content.metadata?.theme) + BLOCK_CSS + page.styles + LISTING_CSS,
      bodyAttributes: bodyAttributesOf(wrapper),
      body,
    },
    data,
  );
  return {
    propertyId: property.property_id,
    slug: `${LISTINGS_FOLDER}/${slug}`,
    path,
    html,
    ...(property.updated_at || property.created_at
      ? { lastModified: property.updated_at ?? property.created_at }
      : {}),
  };
}

// ---- the whole site -----------------------------------------------------------------------------------

/** The active global components by id (inactive ones render nothing). */
function globalsOf(content: WebsiteContent): Map<string, unknown> {
  const globals = new Map<string, unknown>();
  for (const entry of content.globalComponents ?? []) {
    if (entry.is_active === false) continue;
    globals.set(entry.global_component_id, entry.component_data ?? null);
  }
  return globals;
}

/**
 * The whole site: every content page, a page for each listing a property block shows that is on the
 * market (`LISTING_PAGE_STATUSES`), the sitemap (pages and listings), robots.txt and the monogram icon.
 */
export function renderSite(data: SiteData): RenderedSite {
  const globals = globalsOf(data.content);
  const shown = new Map<string, ShownAt>();
  const blocks: BlockContext = {
    data,
    slugs: listingSlugs(data.listings),
    shown: (property, page) => {
      const before = shown.get(property.property_id);
      // the breadcrumb leads back to a page that lists it: any other than home when there is one
      if (page && (!before || (before.page.slug === '' && page.slug !== '')))
        shown.set(property.property_id, { property, page });
    },
  };
  const pages = sitePages(data.content).map((page) => ({
    pageId: page.id,
    name: page.name,
    slug: page.slug,
    path: pagePath(page.slug),
    html: renderPage(page, blocks, globals),
  }));
  const listings = [...shown.values()].map((entry) =>
    renderListingPage(entry, blocks.slugs.get(entry.property.property_id)!, blocks, globals),
  );
  return {
    pages,
    listings,
    sitemap: renderSitemap(data, pages, listings),
    robots: renderRobots(data),
    favicon: renderFavicon(data),
  };
}

/** Every content page of the website as a complete HTML document. */
export function renderSitePages(data: SiteData): RenderedPage[] {
  return renderSite(data).pages;
}

/** A listing's page by id, when the site shows that listing and it is on the market. */
export function renderListingPages(data: SiteData): RenderedListingPage[] {
  return renderSite(data).listings;
}

const xml = (value: string) => escapeHtml(value);

/**
 * sitemap.xml of the site's pages and listing pages; a page's lastmod is the website's last change, a
 * listing's its own (deterministic across deliveries).
 */
export function renderSitemap(
  data: Pick<SiteData, 'website' | 'siteUrl'>,
  pages: readonly Pick<RenderedPage, 'slug'>[],
  listings: readonly Pick<RenderedListingPage, 'path' | 'lastModified'>[] = [],
): string {
  const changed = data.website.updated_at ?? data.website.last_published ?? data.website.created_at;
  const lastmodOf = (date: string | undefined) =>
    date ? `<lastmod>${xml(date.slice(0, 10))}</lastmod>` : '';
  const urls = [
    ...pages.map(
      (page) => `<url><loc>${xml(pageUrl(data.siteUrl, page.slug))}</loc>${lastmodOf(changed)}</url>`,
    ),
    ...listings.map(
      (listing) =>
        `<url><loc>${xml(`${siteRoot(data.siteUrl)}${listing.path}`)}</loc>${lastmodOf(listing.lastModified)}</url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything allowed unless the global SEO robots says noindex; the sitemap's address. */
export function renderRobots(data: Pick<SiteData, 'website' | 'siteUrl'>): string {
  const robots = seoOf(data.website.settings?.globalSEO).robots ?? '';
  const disallow = /noindex/i.test(robots) ? '/' : '';
  return `User-agent: *\nDisallow: ${disallow}\n\nSitemap: ${siteRoot(data.siteUrl)}/sitemap.xml\n`;
}
