import { readableFillColour, readableTextColour, textColourOn } from '#contracts/colour-contrast';
import { pageSlug, THEME_DEFAULTS } from '#contracts/schemas/websites';
import {
  type ContentPage,
  type GlobalComponent,
  type GlobalComponentStats,
  type SeoFields,
  type ThemeSettings,
  WEBSITE_UPDATE_FIELDS,
  type WebsiteContent,
  type WebsiteUpdate,
} from './types.ts';

/** Pure helpers of the editor's content (spec §3-§5, docs/website-builder.md). */

/** Counts and version of a set of global components (spec §4: highest version, at least 1). */
export function globalComponentSummary(components: readonly GlobalComponent[]): {
  stats: GlobalComponentStats;
  version: number;
} {
  const updated = components
    .map((component) => component.updated_at)
    .filter((date): date is string => Boolean(date))
    .sort();
  return {
    stats: {
      total: components.length,
      active: components.filter((component) => component.is_active).length,
      lastUpdated: updated.at(-1) ?? null,
    },
    version: Math.max(1, ...components.map((component) => component.version || 1)),
  };
}

/** Spec §5: the update carries only title, status, content, theme_id, settings, preview_url, last_published. */
export function websiteUpdateBody(changes: Record<string, unknown>): WebsiteUpdate {
  const body: Record<string, unknown> = {};
  for (const field of WEBSITE_UPDATE_FIELDS) {
    if (changes[field] !== undefined) body[field] = changes[field];
  }
  return body as WebsiteUpdate;
}

/** Spec §5: an empty page name becomes "Page N" (N its position, from 1). */
export function withPageNames<T extends { name?: string }>(pages: readonly T[]): (T & { name: string })[] {
  return pages.map((page, index) => ({ ...page, name: page.name?.trim() || `Page ${index + 1}` }));
}

/** Spec §5: saved editor state has a components object, a styles string and a pages array. */
export function isValidEditorState(content: unknown): content is WebsiteContent {
  if (!content || typeof content !== 'object') return false;
  const { components, styles, pages } = content as Record<string, unknown>;
  return (
    components !== null &&
    typeof components === 'object' &&
    typeof styles === 'string' &&
    Array.isArray(pages)
  );
}

/** A page's path on the published site: /sites/{id}/ for the home page, /sites/{id}/{slug} otherwise. */
export function sitePath(websiteId: string, slug = ''): string {
  return `/sites/${encodeURIComponent(websiteId)}/${slug}`;
}

/**
 * A published site at its own address (default subdomain or proven custom domain), served by the sites
 * distribution on the app's scheme and port (locally `<subdomain>.localhost:3000`). Its contact form works
 * there; the `/sites/{id}/` preview on the app's origin is sandboxed without forms (response-headers.ts).
 */
export function liveSiteUrl(
  domain: string,
  location: Pick<Location, 'protocol' | 'port'> = window.location,
): string {
  return `${location.protocol}//${domain}${location.port ? `:${location.port}` : ''}/`;
}

/** The slug the published page gets (the contract's rule: Home is the empty slug). */
export function slugOf(name: string): string {
  return pageSlug(name);
}

/** Theme with spec §9 defaults for anything unset. */
export function themeOf(settings: Record<string, unknown> | undefined): ThemeSettings {
  const theme = (settings?.theme ?? {}) as Partial<ThemeSettings>;
  return {
    primary: theme.primary || THEME_DEFAULTS.primary,
    secondary: theme.secondary || THEME_DEFAULTS.secondary,
    text: theme.text || THEME_DEFAULTS.text,
    background: theme.background || THEME_DEFAULTS.background,
    font: theme.font || THEME_DEFAULTS.font,
  };
}

/**
 * The theme as CSS declarations: the colour variables the templates and the blocks use (--primary…), and
 * the body's font and colours.
 */
export function themeRules(theme: ThemeSettings): {
  root: Record<string, string>;
  body: Record<string, string>;
} {
  return {
    root: {
      '--primary': theme.primary,
      // readable variants for text in the colour and on it, as the published pages have them
      '--primary-text': readableTextColour(theme.primary, theme.background),
      '--primary-fill': readableFillColour(theme.primary),
      '--on-primary': textColourOn(theme.primary),
      '--secondary': theme.secondary,
      '--text': theme.text,
      '--background': theme.background,
    },
    body: { 'font-family': theme.font, color: theme.text, 'background-color': theme.background },
  };
}

/** A key of the theme, to tell whether the canvas already shows it. */
export const themeCss = (theme: ThemeSettings) => JSON.stringify({ theme, rules: themeRules(theme) });

/** SEO values without empty strings (the contract keeps only what is set). */
export function cleanSeo(seo: SeoFields): SeoFields {
  const clean: SeoFields = {};
  for (const [key, value] of Object.entries(seo) as [keyof SeoFields, string | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) clean[key] = trimmed;
  }
  return clean;
}

/** A global component with new content: its version goes up by one (docs/website-builder.md). */
export function withNewVersion(
  component: GlobalComponent,
  changes: Partial<Pick<GlobalComponent, 'component_data' | 'component_name' | 'is_active'>>,
  now = new Date().toISOString(),
): GlobalComponent {
  return { ...component, ...changes, version: (component.version || 1) + 1, updated_at: now };
}

/** The pages of saved content in their order, named and slugged. */
export function orderedPages(content: WebsiteContent | null | undefined): ContentPage[] {
  const pages = (content?.pages ?? []) as Partial<ContentPage>[];
  return withPageNames([...pages].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))).map((page, index) => ({
    id: page.id ?? `page-${index + 1}`,
    name: page.name,
    order: index,
    slug: slugOf(page.name),
    components: page.components ?? {},
    styles: page.styles ?? '',
  }));
}

/** A short random id for pages and global components. */
export function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

/** "Mar 4, 2026" style date, or "Never". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'Never'
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
