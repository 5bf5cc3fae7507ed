import { WEBSITE_CONTENT_MODEL } from '#contracts/schemas/websites';
import { SITE_BLOCK_ATTRIBUTES, SITE_BLOCK_TYPES } from '#contracts/website-blocks';
import type { WebsiteContent } from '#functions/websites/websites';

/**
 * Built-in website templates are content built in code (docs/website-builder.md, "Templates"): four pages
 * (Home, Listings, About, Contact), a global header and footer every page shows through a placeholder,
 * the real-estate blocks of contracts/website-blocks.ts, a spec §9 theme and SEO defaults. Each template
 * gives its look (palette, fonts, layout CSS) and its words; the structure is shared here.
 */

type Json = Record<string, unknown>;

/** The folder of the built-in templates' pictures in the public media (`media/website-templates/…`). */
export const TEMPLATE_MEDIA_PATH = '/media/website-templates';

export interface TemplateTheme {
  primary: string;
  secondary: string;
  text: string;
  background: string;
  font: string;
}

export interface TemplateLook {
  id: string;
  name: string;
  description: string;
  theme: TemplateTheme;
  /** a heading font (the body uses the theme font) */
  headingFont: string;
  /** CSS of the template's own layout, appended to the shared rules */
  css: string;
  brand: string;
  tagline: string;
  heroTitle: string;
  heroText: string;
  aboutTitle: string;
  aboutText: string;
  testimonial: { quote: string; author: string };
  seo: { title: string; description: string; keywords: string };
}

export interface BuiltTemplate {
  id: string;
  name: string;
  description: string;
  preview_image: string;
  content: WebsiteContent;
  settings: Record<string, unknown>;
  theme_id: string;
}

export const templateImage = (templateId: string, name: 'preview' | 'hero' | 'about') =>
  `${TEMPLATE_MEDIA_PATH}/${templateId}/${name}.png`;

const text = (content: string): Json => ({ type: 'textnode', content });

function el(tagName: string, classes: string[], components: Json[] = [], attributes?: Json): Json {
  return {
    tagName,
    ...(classes.length ? { classes } : {}),
    ...(attributes ? { attributes } : {}),
    ...(components.length ? { components } : {}),
  };
}

const textEl = (tagName: string, classes: string[], content: string): Json => ({
  type: 'text',
  ...el(tagName, classes, [text(content)]),
});

const link = (href: string, label: string, classes: string[] = []): Json => ({
  type: 'link',
  ...el('a', classes, [text(label)], { href }),
});

const image = (src: string, alt: string, classes: string[]): Json => ({
  type: 'image',
  tagName: 'img',
  classes,
  attributes: { src, alt },
});

const block = (type: string, attributes: Json = {}): Json => ({ type, attributes });

const placeholder = (globalId: string): Json => ({
  type: SITE_BLOCK_TYPES.globalComponent,
  attributes: { [SITE_BLOCK_ATTRIBUTES.globalId]: globalId },
});

const PAGES = [
  { id: 'home', name: 'Home', slug: '' },
  { id: 'listings', name: 'Listings', slug: 'listings' },
  { id: 'about', name: 'About', slug: 'about' },
  { id: 'contact', name: 'Contact', slug: 'contact' },
] as const;

const HEADER_ID = 'site-header';
const FOOTER_ID = 'site-footer';

const hrefOf = (slug: string) => (slug ? `/${slug}` : '/');

function header(look: TemplateLook): Json {
  return el(
    'header',
    ['site-header'],
    [
      link('/', look.brand, ['site-brand']),
      el(
        'nav',
        ['site-nav'],
        PAGES.map((page) => link(hrefOf(page.slug), page.name, ['site-nav-link'])),
      ),
    ],
  );
}

function footer(look: TemplateLook): Json {
  return el(
    'footer',
    ['site-footer'],
    [
      textEl('p', ['site-footer-brand'], look.brand),
      textEl('p', ['site-footer-tagline'], look.tagline),
      el(
        'nav',
        ['site-footer-nav'],
        PAGES.map((page) => link(hrefOf(page.slug), page.name, ['site-footer-link'])),
      ),
    ],
  );
}

function hero(look: TemplateLook, title: string, body: string): Json {
  return el(
    'section',
    ['hero'],
    [
      image(templateImage(look.id, 'hero'), look.heroTitle, ['hero-image']),
      el(
        'div',
        ['hero-copy'],
        [
          textEl('h1', ['hero-title'], title),
          textEl('p', ['hero-text'], body),
          link('/listings', 'View listings', ['button']),
        ],
      ),
    ],
  );
}

function section(title: string, components: Json[], classes: string[] = []): Json {
  return el('section', ['section', ...classes], [textEl('h2', ['section-title'], title), ...components]);
}

function wrapper(look: TemplateLook, body: Json[]): Json {
  return {
    type: 'wrapper',
    components: [placeholder(HEADER_ID), el('main', ['site-main'], body), placeholder(FOOTER_ID)],
    attributes: { 'data-template': look.id },
  };
}

function pageBodies(look: TemplateLook): Record<(typeof PAGES)[number]['id'], Json[]> {
  return {
    home: [
      hero(look, look.heroTitle, look.heroText),
      section('Featured listings', [
        block(SITE_BLOCK_TYPES.propertyGrid, { [SITE_BLOCK_ATTRIBUTES.limit]: '3' }),
      ]),
      section(
        'What clients say',
        [
          el(
            'blockquote',
            ['testimonial'],
            [
              textEl('p', ['testimonial-quote'], look.testimonial.quote),
              textEl('cite', ['testimonial-author'], look.testimonial.author),
            ],
          ),
        ],
        ['section-muted'],
      ),
      section('Your agent', [block(SITE_BLOCK_TYPES.agentCard)]),
    ],
    listings: [
      section('All listings', [
        textEl('p', ['section-lead'], 'Every home we currently offer, updated as listings change.'),
        block(SITE_BLOCK_TYPES.propertyGrid, { [SITE_BLOCK_ATTRIBUTES.limit]: '12' }),
      ]),
    ],
    about: [
      section(look.aboutTitle, [
        el(
          'div',
          ['about'],
          [
            image(templateImage(look.id, 'about'), look.aboutTitle, ['about-image']),
            el('div', ['about-copy'], [textEl('p', ['about-text'], look.aboutText)]),
          ],
        ),
      ]),
      section('Meet your agent', [block(SITE_BLOCK_TYPES.agentCard)], ['section-muted']),
    ],
    contact: [
      section('Get in touch', [
        textEl(
          'p',
          ['section-lead'],
          'Tell us what you are looking for and we will get back to you within a day.',
        ),
        el(
          'div',
          ['contact'],
          [
            block(SITE_BLOCK_TYPES.contactForm),
            el(
              'div',
              ['contact-side'],
              [
                block(SITE_BLOCK_TYPES.agentCard),
                block(SITE_BLOCK_TYPES.mapPlaceholder, {
                  [SITE_BLOCK_ATTRIBUTES.address]: 'Visits by appointment',
                }),
              ],
            ),
          ],
        ),
      ]),
    ],
  };
}

/** Rules every template shares; the look's own CSS follows and overrides. */
function sharedCss(look: TemplateLook): string {
  const { theme } = look;
  return [
    `:root{--primary:${theme.primary};--secondary:${theme.secondary};--text:${theme.text};--background:${theme.background};}`,
    `body{margin:0;font-family:${theme.font};color:${theme.text};background:${theme.background};line-height:1.6;}`,
    `h1,h2,h3{font-family:${look.headingFont};line-height:1.2;}`,
    '.site-header{display:flex;align-items:center;justify-content:space-between;flex-wrap:wrap;gap:16px;padding:20px 40px;}',
    '.site-brand{font-weight:700;font-size:1.3rem;text-decoration:none;color:inherit;}',
    '.site-nav{display:flex;gap:24px;flex-wrap:wrap;}',
    '.site-nav-link,.site-footer-link{text-decoration:none;color:inherit;}',
    '.site-main{min-height:60vh;}',
    '.hero{position:relative;overflow:hidden;}',
    '.hero-image{display:block;width:100%;height:440px;object-fit:cover;}',
    '.hero-copy{padding:32px 40px;}',
    '.hero-title{font-size:2.6rem;margin:0 0 12px;}',
    '.button{display:inline-block;padding:12px 24px;background:var(--primary-fill,var(--primary));color:var(--on-primary,#fff);text-decoration:none;border-radius:4px;}',
    '.section{padding:56px 40px;max-width:1160px;margin:0 auto;}',
    '.section-title{font-size:1.9rem;margin:0 0 24px;}',
    '.section-lead{max-width:640px;}',
    '.testimonial{margin:0;padding:24px 32px;border-left:4px solid var(--primary);}',
    '.testimonial-quote{font-size:1.2rem;font-style:italic;}',
    '.about{display:flex;gap:32px;flex-wrap:wrap;align-items:center;}',
    '.about-image{width:100%;max-width:480px;border-radius:6px;}',
    '.about-copy{flex:1;min-width:260px;}',
    '.contact{display:flex;gap:40px;flex-wrap:wrap;}',
    '.contact>*{flex:1;min-width:280px;}',
    '.site-footer{padding:40px;background:var(--secondary);color:#fff;}',
    '.site-footer-nav{display:flex;gap:20px;flex-wrap:wrap;}',
    '@media (max-width:640px){.site-header,.hero-copy,.section,.site-footer{padding-left:20px;padding-right:20px;}.hero-title{font-size:2rem;}}',
  ].join('');
}

/** A template's content, settings and theme from its look. */
export function buildTemplate(look: TemplateLook): BuiltTemplate {
  const css = sharedCss(look) + look.css;
  const bodies = pageBodies(look);
  const pages = PAGES.map((page, order) => ({
    id: page.id,
    name: page.name,
    order,
    slug: page.slug,
    components: wrapper(look, bodies[page.id]),
    styles: css,
  }));
  const now = new Date(0).toISOString();
  const pageTitles: Record<string, string> = {
    listings: `Listings | ${look.brand}`,
    about: `About | ${look.brand}`,
    contact: `Contact | ${look.brand}`,
  };
  return {
    id: look.id,
    name: look.name,
    description: look.description,
    preview_image: templateImage(look.id, 'preview'),
    theme_id: look.id,
    content: {
      components: pages[0]!.components,
      styles: css,
      pages,
      globalComponents: [
        {
          global_component_id: HEADER_ID,
          component_type: 'header',
          component_name: 'Site header',
          component_data: header(look),
          version: 1,
          is_active: true,
        },
        {
          global_component_id: FOOTER_ID,
          component_type: 'footer',
          component_name: 'Site footer',
          component_data: footer(look),
          version: 1,
          is_active: true,
        },
      ],
      assets: [],
      metadata: {
        contentModel: WEBSITE_CONTENT_MODEL,
        lastModified: now,
        defaultPage: 'home',
        theme: look.theme,
        globalComponentsVersion: 1,
        lastGlobalSync: now,
      },
    },
    settings: {
      theme: look.theme,
      globalSEO: { ...look.seo, ogImage: templateImage(look.id, 'hero'), robots: 'index, follow' },
      pageSEO: Object.fromEntries(Object.entries(pageTitles).map(([id, title]) => [id, { title }])),
    },
  };
}
