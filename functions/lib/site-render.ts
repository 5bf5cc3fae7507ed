import { pageSlug, THEME_DEFAULTS } from '#contracts/schemas/websites';
import {
  PROPERTY_GRID_DEFAULT,
  PROPERTY_GRID_MAX,
  SEO_FIELD_NAMES,
  type SeoFields,
  SITE_BLOCK_ATTRIBUTES,
  SITE_BLOCK_TYPES,
} from '#contracts/website-blocks';
import type { AgentItem } from './data/accounts.ts';
import type { PropertyItem } from './data/properties.ts';
import type { WebsiteItem } from './data/websites.ts';
import type { WebsiteContent } from './websites.ts';

/**
 * The page renderer of the website builder (docs/website-builder.md, "Publishing"): a website's editor
 * content (GrapesJS component JSON and CSS per page), its settings (SEO) and the site agent's data become
 * complete static HTML documents, plus the site's sitemap.xml and robots.txt. Pure: the regenerator
 * (events/consumers/regenerate-pages.ts) loads the data and writes the objects.
 *
 * Everything from the content is untrusted: text is escaped, unknown or active elements (script, iframe,
 * object…) are dropped, event-handler attributes and `javascript:`/`data:` URLs (but `data:image/…`) too.
 */

type Json = Record<string, unknown>;

export interface SiteAgent {
  agent: Pick<AgentItem, 'agent_id' | 'full_name' | 'email' | 'phone' | 'profile_picture' | 'city'>;
  agencyName?: string;
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

// ---- escaping and sanitising --------------------------------------------------------------------------

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Elements whose content never reaches a published page. */
const DROPPED_TAGS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'style',
  'noscript',
  'template',
  'portal',
  'html',
  'head',
  'body',
  'title',
  // SVG animation can set an attribute (an `href` to `javascript:`) after rendering; foreignObject embeds HTML
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'foreignobject',
]);
const VOID_TAGS = new Set(['area', 'br', 'col', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
/** Attributes that hold a URL (checked by safeUrl). */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'background',
  'cite',
  'data',
  'xlink:href',
  'longdesc',
  'ping',
]);
const DROPPED_ATTRIBUTES = new Set(['srcdoc', 'srcset', 'http-equiv']);
const TAG_NAME = /^[a-z][a-z0-9-]*$/i;
const ATTRIBUTE_NAME = /^[a-z_:][a-z0-9_:.-]*$/i;

/** A URL safe to put in a page: relative, http(s), mailto, tel, or an inline image; undefined otherwise. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // browsers ignore control characters and whitespace inside a scheme (`java\tscript:`)
  const compact = [...value]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  if (scheme === undefined) return value.trim();
  if (['http', 'https', 'mailto', 'tel'].includes(scheme)) return value.trim();
  if (scheme === 'data' && compact.startsWith('data:image/')) return value.trim();
  return undefined;
}

/** An inline style without script-ish constructs (old IE `expression()`, `javascript:` URLs). */
const safeStyle = (value: string) =>
  /expression\s*\(|javascript:|behavior\s*:/i.test(value) ? undefined : value;

/** CSS inside `<style>`: it must not close the element. */
export const safeCss = (css: string) => css.replace(/<\/?(style|script)/gi, '\\3c $1');

function attributesHtml(attributes: Json, classes: string[]): string {
  const out: string[] = [];
  if (classes.length) out.push(`class="${escapeHtml(classes.join(' '))}"`);
  for (const [rawName, value] of Object.entries(attributes)) {
    const name = rawName.toLowerCase();
    if (!ATTRIBUTE_NAME.test(name) || name.startsWith('on') || DROPPED_ATTRIBUTES.has(name)) continue;
    if (name === 'class' && classes.length) continue;
    if (value === false || value === null || value === undefined || typeof value === 'object') continue;
    let text = value === true ? '' : String(value);
    if (URL_ATTRIBUTES.has(name)) {
      const url = safeUrl(text);
      if (url === undefined) continue;
      text = url;
    }
    if (name === 'style') {
      const style = safeStyle(text);
      if (style === undefined) continue;
      text = style;
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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function photoOf(property: PropertyItem): string | undefined {
  const url =
    property.imageOrder?.[0] ??
    property.media?.find((item) => !item.type || item.type === 'image')?.url ??
    undefined;
  return safeUrl(url);
}

function propertyCardHtml(property: PropertyItem): string {
  const photo = photoOf(property);
  const facts = [
    property.bedrooms_count !== undefined ? `${property.bedrooms_count} bd` : '',
    property.bathrooms_count !== undefined ? `${property.bathrooms_count} ba` : '',
    property.size !== undefined ? `${property.size} ${property.measurement_metric ?? ''}`.trim() : '',
  ].filter(Boolean);
  const place = [property.area, property.city].filter(Boolean).join(', ');
  return [
    `<article class="en-property" data-property-id="${escapeHtml(property.property_id)}">`,
    photo
      ? `<img class="en-property-photo" src="${escapeHtml(photo)}" alt="${escapeHtml(property.title)}" loading="lazy">`
      : '<div class="en-property-photo en-property-nophoto" aria-hidden="true"></div>',
    '<div class="en-property-body">',
    `<p class="en-property-status">${escapeHtml(STATUS_LABELS[property.status] ?? property.status)}</p>`,
    `<h3 class="en-property-title">${escapeHtml(property.title)}</h3>`,
    `<p class="en-property-price">${escapeHtml(usd.format(property.price))}</p>`,
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

function propertyGridHtml(attributes: Json, data: SiteData): string {
  const city =
    typeof attributes[SITE_BLOCK_ATTRIBUTES.city] === 'string' ? attributes[SITE_BLOCK_ATTRIBUTES.city] : '';
  const status = attributes[SITE_BLOCK_ATTRIBUTES.status];
  const cityKey = String(city).trim().toLowerCase();
  const listings = data.listings
    .filter((property) => !cityKey || property.city.trim().toLowerCase() === cityKey)
    .filter((property) => !status || property.status === status)
    .slice(0, boundedLimit(attributes[SITE_BLOCK_ATTRIBUTES.limit]));
  if (listings.length === 0)
    return '<div class="en-property-grid en-empty"><p>New listings are coming soon.</p></div>';
  return `<div class="en-property-grid">${listings.map(propertyCardHtml).join('')}</div>`;
}

function propertyCardBlockHtml(attributes: Json, data: SiteData): string {
  const id = attributes[SITE_BLOCK_ATTRIBUTES.propertyId];
  const property = data.listings.find((candidate) => candidate.property_id === id);
  return property ? propertyCardHtml(property) : '';
}

function agentCardHtml(data: SiteData): string {
  if (!data.agent) return '';
  const { agent, agencyName } = data.agent;
  const picture = safeUrl(agent.profile_picture);
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

function contactFormHtml(data: SiteData, pagePath: string): string {
  const field = (name: string, label: string, input: string) =>
    `<p class="en-field"><label for="en-lead-${name}">${label}</label>${input}</p>`;
  return [
    `<form class="en-contact-form" method="post" action="${escapeHtml(leadsAction(data.website.website_id))}">`,
    `<p class="en-lead-sent" id="${LEAD_SENT_ID}" role="status">Thank you! Your message has been sent. We will get back to you soon.</p>`,
    `<p class="en-lead-sent en-lead-not-sent" id="${LEAD_NOT_SENT_ID}" role="status">Sorry, your message could not be sent right now. Please contact us by email or phone instead.</p>`,
    `<input type="hidden" name="page" value="${escapeHtml(pagePath)}">`,
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
      '<textarea id="en-lead-message" name="message" rows="5" maxlength="2000"></textarea>',
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
  '.en-property-status{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:var(--primary,#007bff);font-weight:600;}',
  '.en-property-title{margin:0 0 6px;font-size:1.1rem;}',
  '.en-property-price{font-weight:700;font-size:1.1rem;}',
  '.en-property-place,.en-property-facts{font-size:.9rem;color:#6c757d;}',
  '.en-agent{display:flex;gap:16px;align-items:center;}',
  '.en-agent-photo{width:88px;height:88px;border-radius:50%;object-fit:cover;flex:none;}',
  '.en-agent-initials{display:flex;align-items:center;justify-content:center;background:var(--primary,#007bff);color:#fff;font-weight:700;font-size:1.6rem;}',
  '.en-agent-body p{margin:0 0 4px;}',
  '.en-agent-name{font-weight:700;font-size:1.15rem;}',
  '.en-agent-contact a{color:inherit;}',
  '.en-contact-form{display:flex;flex-direction:column;gap:4px;}',
  '.en-field{display:flex;flex-direction:column;gap:4px;margin:0 0 12px;}',
  '.en-field input,.en-field textarea{font:inherit;padding:10px 12px;border:1px solid #ced4da;border-radius:4px;}',
  '.en-button{align-self:flex-start;font:inherit;padding:12px 24px;border:0;border-radius:4px;background:var(--primary,#007bff);color:#fff;cursor:pointer;}',
  '.en-lead-sent{display:none;padding:12px 16px;border-radius:4px;background:#d1e7dd;color:#0f5132;}',
  '.en-lead-sent:target{display:block;}',
  '.en-lead-not-sent{background:#fff3cd;color:#664d03;}',
  '.en-honeypot{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden;}',
  '.en-map{padding:20px;border:1px dashed rgba(0,0,0,.25);border-radius:8px;margin-top:16px;}',
  '.en-map-label{margin:0 0 4px;font-weight:600;}',
  '.en-map-address{font-style:normal;}',
].join('');

// ---- components → HTML --------------------------------------------------------------------------------

const MAX_DEPTH = 60;

interface RenderContext {
  data: SiteData;
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
      return propertyGridHtml(attributes, context.data);
    case SITE_BLOCK_TYPES.propertyCard:
      return propertyCardBlockHtml(attributes, context.data);
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
  if (!TAG_NAME.test(tag) || DROPPED_TAGS.has(tag)) return '';
  const own = { ...attributes };
  // GrapesJS keeps an image's src (and a link's href) as a property beside the attributes
  if (tag === 'img' && own.src === undefined && typeof component.src === 'string') own.src = component.src;
  const open = `<${tag}${attributesHtml(own, classesOf(component))}>`;
  if (VOID_TAGS.has(tag)) return open;
  const inner =
    childrenOf(component).length > 0
      ? renderChildren(component, context, depth)
      : typeof component.content === 'string'
        ? escapeHtml(component.content)
        : '';
  return `${open}${inner}</${tag}>`;
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
  return `:root{--primary:${clean(value.primary)};--secondary:${clean(value.secondary)};--text:${clean(value.text)};--background:${clean(value.background)};}body{margin:0;font-family:${clean(value.font)};color:${clean(value.text)};background:${clean(value.background)};}`;
}

function metaTag(attribute: 'name' | 'property', key: string, value: string | undefined): string {
  return value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
}

/** An absolute URL for og:image: relative paths resolved against the site. */
function absoluteUrl(url: string | undefined, siteUrl: string): string | undefined {
  const safe = safeUrl(url);
  if (!safe) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(safe)) return safe;
  try {
    return new URL(safe, `${siteUrl.replace(/\/$/, '')}/`).toString();
  } catch {
    return safe;
  }
}

const pageUrl = (siteUrl: string, slug: string) => `${siteUrl.replace(/\/$/, '')}${pagePath(slug)}`;

function renderPage(page: SitePage, data: SiteData, globals: Map<string, unknown>): string {
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
  const canonical = pageUrl(data.siteUrl, page.slug);
  const favicon = safeUrl(seo.favicon);
  const ogImage = absoluteUrl(seo.ogImage, data.siteUrl);
  const context: RenderContext = { data, pagePath: pagePath(page.slug), globals, inGlobal: new Set() };
  const wrapper =
    page.components && typeof page.components === 'object' && !Array.isArray(page.components)
      ? (page.components as Json)
      : { components: page.components };
  const body = renderNode({ ...wrapper, type: 'wrapper' }, context, 0);
  const bodyAttributes = attributesHtml(
    Object.fromEntries(Object.entries(attributesOf(wrapper)).filter(([name]) => name !== 'id')),
    classesOf(wrapper),
  );
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    metaTag('name', 'description', seo.description),
    metaTag('name', 'keywords', seo.keywords),
    metaTag('name', 'robots', seo.robots),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    favicon ? `<link rel="icon" href="${escapeHtml(favicon)}">` : '',
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:site_name', data.website.title || data.website.name),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', seo.description),
    metaTag('property', 'og:image', ogImage),
    metaTag('property', 'og:url', canonical),
    `<style>${safeCss(themeCss(data.content.metadata?.theme) + BLOCK_CSS + page.styles)}</style>`,
  ].filter(Boolean);
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body${bodyAttributes}>\n${body}\n</body>\n</html>\n`;
}

/** The active global components by id (inactive ones render nothing). */
function globalsOf(content: WebsiteContent): Map<string, unknown> {
  const globals = new Map<string, unknown>();
  for (const entry of content.globalComponents ?? []) {
    if (entry.is_active === false) continue;
    globals.set(entry.global_component_id, entry.component_data ?? null);
  }
  return globals;
}

/** Every page of the website as a complete HTML document. */
export function renderSitePages(data: SiteData): RenderedPage[] {
  const globals = globalsOf(data.content);
  return sitePages(data.content).map((page) => ({
    pageId: page.id,
    name: page.name,
    slug: page.slug,
    path: pagePath(page.slug),
    html: renderPage(page, data, globals),
  }));
}

const xml = (value: string) => escapeHtml(value);

/** sitemap.xml of the site's pages; lastmod is the website's last change (deterministic across deliveries). */
export function renderSitemap(
  data: Pick<SiteData, 'website' | 'siteUrl'>,
  pages: readonly Pick<RenderedPage, 'slug'>[],
): string {
  const changed = data.website.updated_at ?? data.website.last_published ?? data.website.created_at;
  const lastmod = changed ? `<lastmod>${xml(changed.slice(0, 10))}</lastmod>` : '';
  const urls = pages.map(
    (page) => `<url><loc>${xml(pageUrl(data.siteUrl, page.slug))}</loc>${lastmod}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything allowed unless the global SEO robots says noindex; the sitemap's address. */
export function renderRobots(data: Pick<SiteData, 'website' | 'siteUrl'>): string {
  const robots = seoOf(data.website.settings?.globalSEO).robots ?? '';
  const disallow = /noindex/i.test(robots) ? '/' : '';
  return `User-agent: *\nDisallow: ${disallow}\n\nSitemap: ${data.siteUrl.replace(/\/$/, '')}/sitemap.xml\n`;
}
