import { describe, expect, it } from 'vitest';
import type { PropertyItem } from '#functions/properties/entities';
import { builtInTemplate } from '#functions/websites/templates/index';
import {
  escapeHtml,
  listingSlugs,
  mapSearchUrl,
  renderFavicon,
  renderRobots,
  renderSite,
  renderSitemap,
  renderSitePages,
  type SiteData,
  safeStyle,
  safeUrl,
  sitePages,
  withOneH1,
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

  it('lets through only allowed elements and attributes: data: for raster pictures in <img> only, no javascript: however spelt', () => {
    const html = homeOf(
      siteData({
        content: onePage([
          // javascript:/vbscript: in every spelling, in every URL attribute
          ...[
            'javascript:alert(1)',
            '  javascript:alert(1)',
            'java\u0000script:alert(1)',
            'java\nscr\ript:alert(1)',
            '&#106;avascript:alert(1)',
            '&#x6A;&#x61;vascript&colon;alert(1)',
            '&#0000106&#0000097vascript:alert(1)',
            'javascript&Tab;:alert(1)',
            'VBScript:msgbox(1)',
          ].map((href) => ({ type: 'link', attributes: { href }, components: 'hostile link' })),
          {
            tagName: 'video',
            attributes: { src: 'javascript:alert(2)', poster: 'data:image/png;base64,AAAA' },
          },
          { tagName: 'blockquote', attributes: { cite: 'vbscript:x' }, components: 'quote' },
          // data: only in an <img>'s src, and only PNG, JPEG, GIF or WebP
          { type: 'image', attributes: { src: 'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Lz48L3N2Zz4=' } },
          { type: 'image', attributes: { src: 'data:text/html;base64,PHNjcmlwdD4=' } },
          { type: 'image', attributes: { src: 'data:image/jpeg;base64,/9j/' } },
          {
            type: 'image',
            attributes: { src: 'data:image/webp;base64,UklG', srcset: 'data:image/svg+xml,x 2x' },
          },
          { type: 'link', attributes: { href: 'data:image/png;base64,AAAA' }, components: 'data link' },
          // event handlers, in any case; attributes of no element; an unknown element's attributes
          {
            tagName: 'p',
            attributes: { ONCLICK: 'alert(3)', onmouseover: 'alert(4)', formaction: 'javascript:x' },
            components: 'para',
          },
          { tagName: 'img', attributes: { src: '/ok.png', onload: 'alert(5)', usemap: '#m', ismap: true } },
          {
            tagName: 'marquee',
            attributes: { onstart: 'alert(6)', id: 'm1', style: 'color:red' },
            components: 'kept text',
          },
          {
            tagName: 'form',
            attributes: { action: 'https://evil.example/steal' },
            components: [
              { tagName: 'input', attributes: { name: 'password' } },
              { tagName: 'button', attributes: { formaction: 'javascript:alert(7)' }, components: 'Send' },
            ],
          },
          { tagName: 'textarea', components: 'form data' },
          {
            tagName: 'math',
            components: [{ tagName: 'mi', attributes: { href: 'javascript:alert(8)' }, components: 'x' }],
          },
          {
            tagName: 'svg',
            components: [
              {
                tagName: 'use',
                attributes: { href: 'data:image/svg+xml,<svg id="x"><script>alert(9)</script></svg>#x' },
              },
              { tagName: 'image', attributes: { href: 'javascript:alert(10)' } },
              { tagName: 'a', attributes: { 'xlink:href': 'javascript:alert(11)' }, components: 'svg link' },
              {
                tagName: 'rect',
                attributes: { fill: 'url(https://evil.example/x.svg#p)', stroke: 'url(#local)', width: '4' },
              },
            ],
          },
          {
            tagName: 'div',
            attributes: { __proto__: 'x', constructor: 'y', 'data-ok': '1', 'aria-label': 'fine' },
          },
          // styles: unsafe declarations left out, the rest kept
          {
            tagName: 'div',
            attributes: {
              style:
                'color:red;background:url(javascript:alert(12));width:expression(alert(13));behavior:url(x.htc);-moz-binding:url(x.xml#y);background-image:url("data:image/svg+xml,<svg/onload=alert(14)>");margin:0',
            },
            components: 'styled',
          },
          {
            tagName: 'div',
            attributes: { style: 'background:url(\\6a avascript:alert(15))' },
            components: 'escaped',
          },
          {
            tagName: 'div',
            attributes: { style: 'background:u/**/rl(java/**/script:alert(16))' },
            components: 'commented',
          },
        ]),
      }),
    );
    const body = html.slice(html.indexOf('<body'), html.indexOf('</body>'));
    expect(body).not.toMatch(
      /javascript|vbscript|&#|alert|\son\w+=|svg\+xml|data:text|expression|binding|behavior/i,
    );
    expect(body).not.toMatch(/<(form|input|button|textarea|marquee|math|mi|use|image)\b/i);
    expect(body).not.toMatch(/formaction|usemap|ismap|srcset|xlink|__proto__|constructor|evil\.example/i);
    expect(body.match(/<a>hostile link<\/a>/g)).toHaveLength(9);
    expect(body).toContain('<video></video>');
    expect(body).toContain('<blockquote>quote</blockquote>');
    expect(body).toContain('<img src="data:image/jpeg;base64,/9j/">');
    expect(body).toContain('<img src="data:image/webp;base64,UklG">');
    expect(body).toContain('<a>data link</a>');
    expect(body).toContain('<p>para</p>');
    expect(body).toContain('<img src="/ok.png">');
    expect(body).toContain('kept textSend');
    expect(body).not.toContain('form data');
    expect(body).toContain('<a>svg link</a><rect stroke="url(#local)" width="4"></rect>');
    expect(body).toContain('<div data-ok="1" aria-label="fine"></div>');
    expect(body).toContain('<div style="color:red;margin:0">styled</div>');
    expect(body).toContain('<div>escaped</div>');
    expect(body).toContain('<div>commented</div>');
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
  it('allows relative, http(s), mailto and tel links, and inline raster pictures for pictures only', () => {
    expect(safeUrl('/about')).toBe('/about');
    expect(safeUrl('#contact')).toBe('#contact');
    expect(safeUrl('/search?a=1&b=2')).toBe('/search?a=1&b=2');
    expect(safeUrl('https://x.example/a')).toBe('https://x.example/a');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('tel:+351912')).toBe('tel:+351912');
    expect(safeUrl('data:image/png;base64,AA')).toBeUndefined();
    expect(safeUrl('data:image/png;base64,AA', 'image')).toBe('data:image/png;base64,AA');
    expect(safeUrl(' DATA:image/GIF;base64,AA', 'image')).toBe('DATA:image/GIF;base64,AA');
    expect(safeUrl('data:image/svg+xml;base64,AA', 'image')).toBeUndefined();
    expect(safeUrl('data:image/png;base64,AA', 'media')).toBeUndefined();
    expect(safeUrl('mailto:a@b.c', 'image')).toBeUndefined();
    expect(safeUrl('data:text/html,x')).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)',
    '\u0001java\nscript:alert(1)',
    ' \tJaVaScRiPt:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6a&#x61&#x76&#x61script:alert(1)',
    'javascript&colon;alert(1)',
    'java&Tab;script:alert(1)',
    'java&NewLine;script:alert(1)',
    'vbscript:x',
    'VB\u00adScript:x',
    'livescript:x',
    'file:///etc/passwd',
  ])('refuses %j for every kind', (url) => {
    for (const kind of ['link', 'image', 'media'] as const) expect(safeUrl(url, kind)).toBeUndefined();
  });
});

describe('safeStyle', () => {
  it('keeps a safe style as written, and leaves out only the unsafe declarations', () => {
    const style = 'padding:48px 24px;background:var(--primary,#007bff);color:#fff;';
    expect(safeStyle(style)).toBe(style);
    expect(safeStyle('background:url(/media/a.jpg);content:"a;b"')).toBe(
      'background:url(/media/a.jpg);content:"a;b"',
    );
    expect(safeStyle('scroll-behavior:smooth')).toBe('scroll-behavior:smooth');
    expect(safeStyle('color:red; background:url( "JavaScript:x" ) ; margin:0')).toBe('color:red;margin:0');
    expect(safeStyle('width:expre\\ssion(alert(1))')).toBeUndefined();
    expect(safeStyle('background:url(data:image/png;base64,AA)')).toBeUndefined();
    expect(safeStyle('x:y;@import url(https://evil.example/a.css)')).toBe('x:y');
  });
});

/** The JSON-LD of a page, parsed as a browser would read the script element's text. */
function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'a JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

const h1Count = (html: string) => html.match(/<h1[\s>]/g)?.length ?? 0;

describe('listing pages', () => {
  const evora = listing({
    property_id: '3F2A9C1B-77aa-4c3e-9d1e-0123456789ab',
    title: 'Casa de Évora with a courtyard',
    price: 425000,
    currency: 'EUR',
    street_address: 'Rua do Raimundo 12',
    area: 'Centro Histórico',
    city: 'Évora',
    size: 180,
    bedrooms_count: 3,
    bathrooms_count: 2,
    furnishing: 'semi_furnished',
    description: 'A restored townhouse.\n\nThick walls keep it cool in summer.',
    additionalFeatures: ['Courtyard', 'Fireplace'],
    views: ['Cathedral'],
    closeTo: ['Praça do Giraldo'],
    media: [
      { url: '/media/properties/e/1.jpg', type: 'image' },
      { url: '/media/properties/e/2.jpg', type: 'image' },
      { url: 'javascript:alert(1)', type: 'image' },
    ],
    imageOrder: ['/media/properties/e/2.jpg', '/media/properties/e/1.jpg'],
    updated_at: '2026-03-04T09:00:00.000Z',
  });
  const data = (overrides: Partial<SiteData> = {}) =>
    siteData({
      listings: [evora, listing({ property_id: 'p-2', title: 'Porto Loft', city: 'Porto', status: 'sold' })],
      currency: { code: 'EUR', rate: 0.85, rates: { USD: 1, EUR: 0.85 } },
      ...overrides,
    });

  it('gives each listing on the market that the site shows its own page, linked from its card', () => {
    const site = renderSite(data());
    expect(site.listings.map((page) => page.path)).toEqual([
      '/listings/casa-de-evora-with-a-courtyard-3f2a9c1b',
    ]);
    const grid = site.pages.find((page) => page.slug === 'listings')!.html;
    expect(grid).toContain(
      '<h3 class="en-property-title"><a class="en-property-link" href="/listings/casa-de-evora-with-a-courtyard-3f2a9c1b">Casa de Évora with a courtyard</a></h3>',
    );
    // the sold listing stays on the grid, without a page or a link
    expect(grid).toContain('<h3 class="en-property-title">Porto Loft</h3>');
    // a listing no block shows gets no page
    const onlyCards = renderSite(
      data({ content: onePage([{ type: 'property-card', attributes: { 'data-property-id': 'p-2' } }]) }),
    );
    expect(onlyCards.listings).toEqual([]);
  });

  it('shows photos, the price in the site currency, details, features, a map link, the agent and a form naming it', () => {
    const [page] = renderSite(data()).listings;
    const html = page!.html;
    expect(html).toContain('<title>Casa de Évora with a courtyard – €425,000 | Seaside Homes</title>');
    expect(html).toContain('<p class="en-listing-price">€425,000</p>');
    expect(html).toContain('<h1 class="en-listing-title">Casa de Évora with a courtyard</h1>');
    expect(html).toContain('Centro Histórico, Évora');
    // the agent's photo order, unsafe URLs dropped
    expect(html.indexOf('src="/media/properties/e/2.jpg"')).toBeLessThan(
      html.indexOf('src="/media/properties/e/1.jpg"'),
    );
    expect(html).not.toContain('javascript:');
    for (const fact of [
      '<strong>3</strong><span>Bedrooms</span>',
      '<strong>2</strong><span>Bathrooms</span>',
    ]) {
      expect(html).toContain(fact);
    }
    expect(html).toContain('<strong>180 m²</strong><span>Size</span>');
    expect(html).toContain('Semi-furnished');
    expect(html).toContain('<p>Thick walls keep it cool in summer.</p>');
    expect(html).toContain('<li>Courtyard</li>');
    expect(html).toContain('<li>Praça do Giraldo</li>');
    expect(html).toContain(
      `href="${escapeHtml(mapSearchUrl('Rua do Raimundo 12, Centro Histórico, Évora'))}" target="_blank" rel="noopener noreferrer"`,
    );
    expect(mapSearchUrl('Rua A, Évora')).toBe(
      'https://www.openstreetmap.org/search?query=Rua%20A%2C%20%C3%89vora',
    );
    expect(html).toContain('Wendy Web');
    expect(html).toContain('<form class="en-contact-form" method="post" action="/api/website-leads/site-1">');
    expect(html).toContain(
      '<input type="hidden" name="page" value="/listings/casa-de-evora-with-a-courtyard-3f2a9c1b">',
    );
    expect(html).toContain(`<input type="hidden" name="property_id" value="${evora.property_id}">`);
    expect(html).toContain('name="company"');
    // in the site's own look: its header, footer, CSS and body attributes
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).toContain('.site-header{display:flex');
    expect(html).toContain('<body data-template="coastal">');
    // a breadcrumb back to the page that lists it
    expect(html).toContain('<a href="/listings">Listings</a>');
  });

  it("shows a price as its agent entered it, and about what it is in the site's currency when another", () => {
    const onUsdSite = renderSite(data({ currency: { code: 'USD', rate: 1, rates: { USD: 1, EUR: 0.85 } } }));
    expect(onUsdSite.listings[0]!.html).toContain('<p class="en-listing-price">€425,000 (≈ $500,000)</p>');
    // the title and structured data keep the exact price
    expect(onUsdSite.listings[0]!.html).toContain('– €425,000 | Seaside Homes</title>');
    expect(jsonLdOf(onUsdSite.listings[0]!.html)).toMatchObject({
      offers: { price: 425000, priceCurrency: 'EUR' },
    });
    // a listing saved before prices had a currency is USD
    const legacy = renderSite(data({ listings: [listing({ price: 100000 })] }));
    const grid = legacy.pages.find((page) => page.slug === 'listings')!.html;
    expect(grid).toContain('<p class="en-property-price">$100,000 (≈ €85,000)</p>');
  });

  it('describes the listing in schema.org RealEstateListing JSON-LD and Open Graph, and lists it in the sitemap', () => {
    const site = renderSite(data());
    const html = site.listings[0]!.html;
    const url = 'https://www.seaside.example/listings/casa-de-evora-with-a-courtyard-3f2a9c1b';
    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: 'Casa de Évora with a courtyard',
      url,
      image: [
        'https://www.seaside.example/media/properties/e/2.jpg',
        'https://www.seaside.example/media/properties/e/1.jpg',
      ],
      offers: { '@type': 'Offer', price: 425000, priceCurrency: 'EUR' },
      about: {
        numberOfBedrooms: 3,
        floorSize: { value: 180, unitCode: 'MTK' },
        address: { streetAddress: 'Rua do Raimundo 12', addressLocality: 'Évora' },
      },
    });
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain(
      '<meta property="og:image" content="https://www.seaside.example/media/properties/e/2.jpg">',
    );
    expect(html).toContain(
      '<meta property="og:description" content="A restored townhouse. Thick walls keep it cool in summer.">',
    );
    expect(site.sitemap).toContain(`<url><loc>${url}</loc><lastmod>2026-03-04</lastmod></url>`);
    expect(site.sitemap).toContain('<loc>https://www.seaside.example/about</loc>');
  });

  it('keeps a title with </script> inside its JSON-LD, and the content’s own scripts still dropped', () => {
    const hostile = listing({
      property_id: 'p-x',
      title: 'Villa </script><script>alert(1)</script> <!-- & \u2028',
      description: '</SCRIPT><img src=x onerror=alert(2)>',
    });
    const content = onePage([
      { type: 'property-grid' },
      { tagName: 'script', components: [{ type: 'textnode', content: 'alert(3)' }] },
      { tagName: 'script', attributes: { type: 'application/ld+json' }, components: '{"@type":"Fake"}' },
    ]);
    const site = renderSite(siteData({ listings: [hostile], content }));
    const html = site.listings[0]!.html;
    // exactly one script element, the JSON-LD, closed once
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(jsonLdOf(html)).toMatchObject({
      name: hostile.title,
      description: '</SCRIPT><img src=x onerror=alert(2)>',
    });
    expect(site.pages[0]!.html).not.toMatch(/<script/i);
  });

  it('publishes a page with an accented name at its transliterated slug', () => {
    const content = {
      ...onePage([]),
      pages: [
        { id: 'h', name: 'Home', order: 0, components: {} },
        { id: 'e', name: 'Évora', order: 1, components: {} },
        { id: 's', name: 'São João', order: 2, components: {} },
      ],
    } as WebsiteContent;
    expect(renderSite(siteData({ content })).pages.map((page) => page.path)).toEqual([
      '/',
      '/evora',
      '/sao-joao',
    ]);
  });

  it('makes listing slugs from the transliterated title and a short id, unique per site', () => {
    const slugs = listingSlugs([
      { property_id: 'abcdef12-0000', title: 'São João da Madeira' },
      { property_id: 'abcdef12-9999', title: 'São João da Madeira' },
      { property_id: 'zz', title: '!!!' },
    ]);
    expect([...slugs.values()]).toEqual([
      'sao-joao-da-madeira-abcdef12',
      'sao-joao-da-madeira-abcdef129999',
      'listing-zz',
    ]);
  });
});

describe('one <h1> per page', () => {
  it('keeps the home page’s hero h1 and promotes each sub-page’s first heading, classes kept', () => {
    const site = renderSite(siteData());
    for (const page of [...site.pages, ...site.listings]) expect(h1Count(page.html), page.path).toBe(1);
    const home = site.pages.find((page) => page.slug === '')!.html;
    expect(home).toContain('<h1 class="hero-title">');
    expect(home).toContain('<h2 class="section-title">Featured listings</h2>');
    const about = site.pages.find((page) => page.slug === 'about')!.html;
    expect(about).toContain('<h1 class="section-title">Living by the coast</h1>');
    expect(about).toContain('<h2 class="section-title">Meet your agent</h2>');
  });

  it('demotes later h1s, never promotes a listing card’s title, and adds a hidden h1 when there is no heading', () => {
    expect(withOneH1('<h1>A</h1><h1 class="x">B <em>b</em></h1>', 'P')).toBe(
      '<h1>A</h1><h2 class="x">B <em>b</em></h2>',
    );
    expect(
      withOneH1('<main class="m"><h3 class="en-property-title">Card</h3><p>x</p></main>', 'Our homes'),
    ).toBe(
      '<main class="m"><h1 class="en-visually-hidden">Our homes</h1><h3 class="en-property-title">Card</h3><p>x</p></main>',
    );
    expect(withOneH1('<h3>Title<h3>inner</h3></h3><h2>Next</h2>', 'P')).toBe(
      '<h1>Title<h3>inner</h3></h1><h2>Next</h2>',
    );
    const html = homeOf(siteData({ content: onePage([{ tagName: 'p', components: 'Just text' }]) }));
    expect(html).toContain('<h1 class="en-visually-hidden">Home</h1>');
    expect(h1Count(html)).toBe(1);
  });
});

describe('favicon', () => {
  it('links the generated monogram on every page, in the theme’s primary colour', () => {
    const site = renderSite(siteData());
    for (const page of [...site.pages, ...site.listings])
      expect(page.html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(site.favicon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(site.favicon).toContain('fill="#0e7490">SH</text>');
    // a theme colour that is not a plain colour falls back to the default
    const odd = renderFavicon({
      website: { website_id: 'w', name: 'évora <casas>', title: '', settings: {} },
      content: { ...template.content, metadata: { theme: { primary: 'red"/><script>' } } },
    } as unknown as SiteData);
    expect(odd).toContain('fill="#007bff">ÉC</text>');
    expect(odd).not.toContain('<script');
  });

  it('uses the agency logo when there is one, and the SEO favicon over both', () => {
    const withLogo = siteData({
      website: { ...siteData().website, settings: { ...template.settings, globalSEO: {} } },
      agent: { ...siteData().agent!, agencyLogo: '/media/agencies/a/logo.png' },
    });
    expect(homeOf(withLogo)).toContain('<link rel="icon" href="/media/agencies/a/logo.png">');
    const seo = siteData({
      website: { ...siteData().website, settings: { globalSEO: { favicon: '/media/icon.png' } } },
      agent: { ...siteData().agent!, agencyLogo: '/media/agencies/a/logo.png' },
    });
    expect(homeOf(seo)).toContain('<link rel="icon" href="/media/icon.png">');
  });
});
