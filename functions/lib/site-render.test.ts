import { describe, expect, it } from 'vitest';
import { builtInTemplate } from '../websites/templates/index.ts';
import type { PropertyItem } from './data/properties.ts';
import {
  escapeHtml,
  renderRobots,
  renderSitemap,
  renderSitePages,
  type SiteData,
  safeUrl,
  sitePages,
} from './site-render.ts';
import type { WebsiteContent } from './websites.ts';

const template = builtInTemplate('coastal')!;

function listing(overrides: Partial<PropertyItem> = {}): PropertyItem {
  return {
    property_id: 'p-1',
    agent_id: 'agent-1',
    title: 'Harbour <View> Flat',
    price: 450000,
    city: 'Lisbon',
    area: 'Alfama',
    bedrooms_count: 2,
    bathrooms_count: 1,
    measurement_metric: 'sqm',
    status: 'for_sale',
    additionalFeatures: [],
    closeTo: [],
    views: [],
    metaDetails: {},
    media: [{ url: '/media/properties/p-1/a.jpg', type: 'image' }],
    imageOrder: ['/media/properties/p-1/a.jpg'],
    deed_verified: false,
    owner_acknowledged: false,
    created_at: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  } as PropertyItem;
}

function siteData(overrides: Partial<SiteData> = {}): SiteData {
  return {
    website: {
      website_id: 'site-1',
      name: 'Seaside',
      title: 'Seaside Homes',
      settings: template.settings,
      updated_at: '2026-02-03T10:00:00.000Z',
    },
    content: template.content,
    listings: [
      listing(),
      listing({ property_id: 'p-2', title: 'Porto Loft', city: 'Porto', status: 'sold' }),
    ],
    agent: {
      agent: {
        agent_id: 'agent-1',
        full_name: 'Wendy Web',
        email: 'wendy@test.local',
        phone: '+351 912 000 000',
      },
      agencyName: 'Seaside Realty',
    },
    siteUrl: 'https://www.seaside.example',
    ...overrides,
  };
}

/** A one-page site with the given wrapper components. */
function onePage(components: unknown[], extra: Partial<WebsiteContent> = {}): WebsiteContent {
  return {
    components: {},
    styles: '.x{color:red}',
    pages: [{ id: 'home', name: 'Home', order: 0, components: { type: 'wrapper', components }, styles: '' }],
    globalComponents: [],
    ...extra,
  } as WebsiteContent;
}

const homeOf = (data: SiteData) => renderSitePages(data).find((page) => page.slug === '')!.html;

describe('site pages', () => {
  it('renders every template page at its slug (Home is the empty slug) as a complete document', () => {
    const pages = renderSitePages(siteData());
    expect(pages.map((page) => [page.slug, page.path])).toEqual([
      ['', '/'],
      ['listings', '/listings'],
      ['about', '/about'],
      ['contact', '/contact'],
    ]);
    for (const page of pages) {
      expect(page.html).toMatch(/^<!doctype html>/);
      expect(page.html).toContain('</html>');
      // the CSS is inline, the global header and footer substituted
      expect(page.html).toContain('.site-header{display:flex');
      expect(page.html).toContain('<header class="site-header">');
      expect(page.html).toContain('<footer class="site-footer">');
      expect(page.html).not.toContain('global-component');
    }
  });

  it('writes SEO: the page title over the global one, description, keywords, robots, Open Graph and canonical', () => {
    const pages = renderSitePages(siteData());
    const home = pages[0]!.html;
    const about = pages.find((page) => page.slug === 'about')!.html;
    const seo = template.settings.globalSEO as Record<string, string>;
    expect(home).toContain(`<title>${escapeHtml(seo.title)}</title>`);
    expect(about).toContain('<title>About | Seaside Homes</title>');
    expect(about).toContain(`<meta name="description" content="${escapeHtml(seo.description)}">`);
    expect(about).toContain(`<meta name="keywords" content="${escapeHtml(seo.keywords)}">`);
    expect(about).toContain('<meta name="robots" content="index, follow">');
    expect(about).toContain('<meta property="og:title" content="About | Seaside Homes">');
    expect(about).toContain('<meta property="og:url" content="https://www.seaside.example/about">');
    expect(about).toContain(
      '<meta property="og:image" content="https://www.seaside.example/media/website-templates/coastal/hero.png">',
    );
    expect(about).toContain('<link rel="canonical" href="https://www.seaside.example/about">');
  });

  it('renders the property grid from the current listings, filtered and limited, with escaped text', () => {
    const grid = (attributes: Record<string, string>) =>
      homeOf(siteData({ content: onePage([{ type: 'property-grid', attributes }]) }));
    const all = grid({});
    expect(all).toContain('Harbour &lt;View&gt; Flat');
    expect(all).toContain('Porto Loft');
    expect(all).toContain('$450,000');
    expect(all).toContain('src="/media/properties/p-1/a.jpg"');
    expect(grid({ 'data-city': 'porto' })).not.toContain('Harbour');
    expect(grid({ 'data-status': 'for_sale' })).not.toContain('Porto Loft');
    expect(grid({ 'data-limit': '1' })).not.toContain('Porto Loft');
    expect(homeOf(siteData({ listings: [], content: onePage([{ type: 'property-grid' }]) }))).toContain(
      'New listings are coming soon.',
    );
  });

  it('renders a property card of the agent only, the agent card, the address box and the lead form', () => {
    const html = homeOf(
      siteData({
        content: onePage([
          { type: 'property-card', attributes: { 'data-property-id': 'p-2' } },
          { type: 'property-card', attributes: { 'data-property-id': 'someone-elses' } },
          { type: 'agent-card' },
          { type: 'map-placeholder', attributes: { 'data-address': '1 Rua <Nova>' } },
          { type: 'contact-form' },
        ]),
      }),
    );
    expect(html.match(/class="en-property"/g)).toHaveLength(1);
    expect(html).toContain('Wendy Web');
    expect(html).toContain('Seaside Realty');
    expect(html).toContain('mailto:wendy@test.local');
    expect(html).toContain('<address class="en-map-address">1 Rua &lt;Nova&gt;</address>');
    expect(html).toContain('<form class="en-contact-form" method="post" action="/api/website-leads/site-1">');
    for (const name of ['name', 'email', 'phone', 'message']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('<input type="hidden" name="page" value="/">');
    expect(html).toContain('<p class="en-lead-sent" id="lead-sent"');
    expect(html).toContain('id="lead-not-sent"');
    expect(html).toContain('name="company"');
    expect(html).toContain('.en-lead-sent{display:none;');
    expect(html).toContain('.en-lead-sent:target{display:block;}');
    expect(html).not.toContain('<script');
  });

  it('drops scripts, event handlers, javascript: and data: URLs, iframes and objects; escapes text', () => {
    const html = homeOf(
      siteData({
        content: onePage([
          { tagName: 'script', components: [{ type: 'textnode', content: 'alert(1)' }] },
          { type: 'image', attributes: { src: 'x.png', onerror: 'alert(2)' } },
          { type: 'link', attributes: { href: ' JaVa\tScRiPt:alert(3)' }, components: 'click' },
          { type: 'link', attributes: { href: 'data:text/html,<b>x</b>' }, components: 'data' },
          { type: 'image', attributes: { src: 'data:image/png;base64,AAAA' } },
          { tagName: 'iframe', attributes: { src: 'https://evil.example' } },
          { tagName: 'object', attributes: { data: 'x.swf' } },
          { tagName: 'p', components: [{ type: 'textnode', content: '<img src=x onerror=alert(4)>' }] },
          {
            tagName: 'div',
            attributes: { 'x"><script>': 'y', style: 'background:url(javascript:alert(5))' },
          },
          {
            tagName: 'svg',
            components: [
              {
                tagName: 'a',
                components: [
                  { tagName: 'animate', attributes: { attributeName: 'href', to: 'javascript:alert(6)' } },
                  { tagName: 'SET', attributes: { attributeName: 'href', to: 'javascript:alert(7)' } },
                ],
              },
              { tagName: 'foreignObject', components: [{ tagName: 'p', components: 'inside' }] },
            ],
          },
        ]),
      }),
    );
    const body = html.slice(html.indexOf('<body'));
    expect(body).not.toMatch(
      /<script|<[^>]*\son\w+=|javascript:|<iframe|<object|data:text|<animate|<set|<foreignobject/i,
    );
    expect(body).toContain('<img src="x.png">');
    expect(body).toContain('<img src="data:image/png;base64,AAAA">');
    expect(body).toContain('&lt;img src=x onerror=alert(4)&gt;');
  });

  it('keeps CSS from closing its style element', () => {
    const content = onePage([], { styles: 'p{color:red}</style><script>alert(1)</script>' });
    const html = homeOf(siteData({ content }));
    expect(html).not.toContain('</style><script>');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it('substitutes only active global components, and a component inside itself renders once', () => {
    const content = onePage(
      [
        { type: 'global-component', attributes: { 'data-global-id': 'g1' } },
        { type: 'global-component', attributes: { 'data-global-id': 'off' } },
      ],
      {
        globalComponents: [
          {
            global_component_id: 'g1',
            component_type: 'header',
            component_data: {
              tagName: 'nav',
              components: [
                { type: 'textnode', content: 'Brand' },
                { type: 'global-component', attributes: { 'data-global-id': 'g1' } },
              ],
            },
          },
          {
            global_component_id: 'off',
            component_type: 'symbol',
            component_data: { tagName: 'p', components: 'Hidden piece' },
            is_active: false,
          },
        ],
      },
    );
    const html = homeOf(siteData({ content }));
    expect(html).toContain('<nav>Brand</nav>');
    expect(html).not.toContain('Hidden piece');
  });

  it('uses the spec slugs and keeps one page per address; without a Home page the default page is home', () => {
    const content = {
      ...onePage([]),
      pages: [
        { id: 'a', name: 'About Us!', order: 1, components: {} },
        { id: 'b', name: 'Welcome', order: 0, components: {} },
        { id: 'c', name: 'about us', order: 2, components: {} },
      ],
      metadata: { defaultPage: 'b' },
    } as WebsiteContent;
    expect(sitePages(content).map((page) => [page.id, page.slug])).toEqual([
      ['b', ''],
      ['b', 'welcome'],
      ['a', 'about-us'],
    ]);
  });
});

describe('sitemap and robots', () => {
  it('lists every page address with the last change, and points robots to the sitemap', () => {
    const data = siteData();
    const sitemap = renderSitemap(data, renderSitePages(data));
    expect(sitemap).toContain('<loc>https://www.seaside.example/</loc><lastmod>2026-02-03</lastmod>');
    expect(sitemap).toContain('<loc>https://www.seaside.example/contact</loc>');
    expect(renderRobots(data)).toBe(
      'User-agent: *\nDisallow: \n\nSitemap: https://www.seaside.example/sitemap.xml\n',
    );
    const hidden = siteData({ website: { ...data.website, settings: { globalSEO: { robots: 'noindex' } } } });
    expect(renderRobots(hidden)).toContain('Disallow: /\n');
  });
});

describe('safeUrl', () => {
  it('allows relative, http(s), mailto, tel and inline images only', () => {
    expect(safeUrl('/about')).toBe('/about');
    expect(safeUrl('https://x.example/a')).toBe('https://x.example/a');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('\u0001java\nscript:alert(1)')).toBeUndefined();
    expect(safeUrl('vbscript:x')).toBeUndefined();
    expect(safeUrl('data:text/html,x')).toBeUndefined();
  });
});
