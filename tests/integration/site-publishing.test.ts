import { randomUUID } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { config } from '#aws/config';
import { publishEvent } from '#aws/events';
import { SITE_CONTENT_SECURITY_POLICY, SITE_PREVIEW_CSP } from '#contracts/response-headers';
import { handler as reorderImages } from '../../functions/properties/reorder-images.ts';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';
import { proveDomain } from '../support/domains.ts';
import { testS3 } from '../support/s3.ts';

/**
 * Publishing (docs/website-builder.md): the API's publish and force-content put events, the page
 * regenerator (events/consumers/regenerate-pages.ts) writes the sites bucket, and the local sites host
 * serves it at /sites/{websiteId}/… — pages appear, follow the agent's listings (added or changed: no
 * republish, AgentListingsChanged) and the global header, never carry the content's scripts, and are
 * gone once unpublished.
 */

type Json = Record<string, unknown>;
interface ContentBody {
  components: unknown;
  styles: string;
  pages: Array<Json & { id: string; name: string; components?: Json }>;
  globalComponents: Array<Json & { global_component_id: string; component_data?: unknown; version?: number }>;
  [key: string]: unknown;
}

/** A 1×1 PNG, a listing photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Pages are written by an event consumer: poll what is served. */
const REGENERATION = { timeout: 20_000, interval: 200 };

const appUrl = () => inject('cloud').appUrl;

/** GET on the app's origin, optionally for another Host (a website's domain). */
function served(
  path: string,
  host?: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const origin = new URL(appUrl());
  return new Promise((resolve, reject) => {
    const call = request(
      { hostname: origin.hostname, port: origin.port, path, headers: host ? { host } : {} },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            headers: response.headers as Record<string, unknown>,
          }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

async function siteKeys(websiteId: string): Promise<string[]> {
  const listed = await testS3().send(
    new ListObjectsV2Command({ Bucket: config.buckets.sites, Prefix: `${websiteId}/` }),
  );
  return (listed.Contents ?? []).map((item) => item.Key!).sort();
}

async function templateSite(agent: TestAgent): Promise<{ id: string; content: ContentBody }> {
  const made = await callApi('/websites', {
    ...jsonBody('POST', { name: `Site ${randomUUID().slice(0, 6)}`, template_id: 'coastal' }),
    token: agent.token,
  });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const full = (await (await callApi(`/websites/${id}`, { token: agent.token })).json()) as {
    content: ContentBody;
  };
  return { id, content: full.content };
}

/** What the editor's Publish does: POST publish, then force-content with every page. */
async function publish(agent: TestAgent, websiteId: string) {
  expect(
    (await callApi(`/websites/${websiteId}/publish`, { method: 'POST', token: agent.token })).status,
  ).toBe(200);
  await regenerate(agent, websiteId);
}

async function regenerate(agent: TestAgent, websiteId: string) {
  const forced = await callApi(`/website-domains/force-content/${websiteId}`, {
    ...jsonBody('POST', { allPages: true, forcePublished: false }),
    token: agent.token,
  });
  expect(forced.status).toBeLessThan(300);
}

async function saveContent(agent: TestAgent, websiteId: string, content: ContentBody) {
  const saved = await callApi(`/websites/${websiteId}`, {
    ...jsonBody('PUT', { content }),
    token: agent.token,
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

/** Lists a property for the agent through the API; its id. */
async function addListing(agent: TestAgent, fields: Record<string, string>): Promise<string> {
  const added = await callApi('/api/addProperty', { ...formBody(fields), token: agent.token });
  expect(added.status, await added.clone().text()).toBe(201);
  return ((await added.json()) as { propertyId: string }).propertyId;
}

const pollBody = (path: string) => expect.poll(async () => (await served(path)).body, REGENERATION);

describe('publishing a website', () => {
  it('publishes every page into the sites bucket and serves them at /sites/{id}/ with the sandbox CSP', async () => {
    const agent = await createTestAgent({ fullName: 'Paula Publish' });
    const { id } = await templateSite(agent);

    await publish(agent, id);

    await pollBody(`/sites/${id}/`).toContain('<header class="site-header">');
    // the pages are written one by one: wait for the whole site
    await expect
      .poll(() => siteKeys(id), REGENERATION)
      .toEqual(
        [
          'about/index.html',
          'contact/index.html',
          'index.html',
          'favicon.svg',
          'listings/index.html',
          'robots.txt',
          'sitemap.xml',
        ]
          .map((key) => `${id}/${key}`)
          .sort(),
      );
    const about = await served(`/sites/${id}/about`);
    expect(about.status).toBe(200);
    expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(about.headers['content-security-policy']).toBe(SITE_PREVIEW_CSP);
    expect(about.body).toContain('<title>About | Seaside Homes</title>');
    expect(about.body).toContain('<meta property="og:title"');
    // the agent card from the agent record; site links stay inside the site on the app origin
    expect(about.body).toContain('Paula Publish');
    expect(about.body).toContain(`href="/sites/${id}/contact"`);
    const contact = await served(`/sites/${id}/contact`);
    expect(contact.body).toContain(`action="/api/website-leads/${id}"`);
    // on the app's origin the leads endpoint must send the visitor back under /sites/{id}
    expect(contact.body).toContain(`<input type="hidden" name="page" value="/sites/${id}/contact">`);
    expect((await served(`/sites/${id}/sitemap.xml`)).body).toContain(`/sites/${id}/contact</loc>`);
    expect((await served(`/sites/${id}/robots.txt`)).body).toContain('Sitemap: ');
    // one h1 on every page (the sub-pages' first heading promoted), and the site's icon
    for (const slug of ['', 'listings', 'about', 'contact']) {
      const page = (await served(`/sites/${id}/${slug}`)).body;
      expect(page.match(/<h1[\s>]/g), slug).toHaveLength(1);
      expect(page).toContain(`<link rel="icon" href="/sites/${id}/favicon.svg" type="image/svg+xml">`);
    }
    const icon = await served(`/sites/${id}/favicon.svg`);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    // the monogram: the site's initials in the Coastal theme's primary colour
    expect(icon.body).toMatch(/fill="#0e7490">[A-Z0-9]{1,2}<\/text>/);
    const ico = await served(`/sites/${id}/favicon.ico`);
    expect(ico.status).toBe(301);
    expect(ico.headers.location).toBe(`/sites/${id}/favicon.svg`);
    const missing = await served(`/sites/${id}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
  });

  it('takes every page down when the website is unpublished', async () => {
    const agent = await createTestAgent();
    const { id } = await templateSite(agent);
    await publish(agent, id);
    await expect.poll(async () => (await served(`/sites/${id}/about`)).status, REGENERATION).toBe(200);

    expect((await callApi(`/websites/${id}/unpublish`, { method: 'POST', token: agent.token })).status).toBe(
      200,
    );

    await expect.poll(async () => (await served(`/sites/${id}/about`)).status, REGENERATION).toBe(404);
    await expect.poll(() => siteKeys(id), REGENERATION).toEqual([]);
    expect((await served(`/sites/${id}/`)).status).toBe(404);
  });

  it("shows a property the agent adds in the site's property grid without a republish (AgentListingsChanged)", async () => {
    // the Agent plan holds three websites: one published, one left a draft
    const agent = await createTestAgent({ role: 'Agent' });
    const { id } = await templateSite(agent);
    const { id: draft } = await templateSite(agent);
    await publish(agent, id);
    await pollBody(`/sites/${id}/listings`).toContain('New listings are coming soon.');

    const title = `Cliff House ${randomUUID().slice(0, 6)}`;
    const propertyId = await addListing(agent, {
      title,
      price: '725000',
      city: 'Cascais',
      bedrooms_count: '3',
    });

    await pollBody(`/sites/${id}/listings`).toContain(title);
    const listings = (await served(`/sites/${id}/listings`)).body;
    expect(listings).toContain(`data-property-id="${propertyId}"`);
    expect(listings).toContain('$725,000');
    expect(listings).toContain('Cascais');
    expect(listings).not.toContain('New listings are coming soon.');
    // a listing change regenerates published websites only: the draft stays unpublished
    expect(await siteKeys(draft)).toEqual([]);
  });

  it("shows a listing's new price and status without a republish", async () => {
    const agent = await createTestAgent();
    const { id } = await templateSite(agent);
    const title = `Harbour Loft ${randomUUID().slice(0, 6)}`;
    const propertyId = await addListing(agent, { title, price: '500000', city: 'Porto' });
    await publish(agent, id);
    await pollBody(`/sites/${id}/listings`).toContain('$500,000');

    const changed = await callApi(`/api/properties/updateProperty/${propertyId}`, {
      ...formBody({ price: '455000', status: 'sold' }),
      method: 'PUT',
      token: agent.token,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    await pollBody(`/sites/${id}/listings`).toContain('$455,000');
    const listings = (await served(`/sites/${id}/listings`)).body;
    expect(listings).not.toContain('$500,000');
    expect(listings).toContain('<p class="en-property-status">Sold</p>');
    expect(listings).toContain(title);
  });

  it("shows a listing's new photos and their new order without a republish", async () => {
    const agent = await createTestAgent();
    const { id } = await templateSite(agent);
    const propertyId = await addListing(agent, {
      title: `Olive Barn ${randomUUID().slice(0, 6)}`,
      price: '390000',
      city: 'Faro',
    });
    await publish(agent, id);
    await pollBody(`/sites/${id}/listings`).toContain('en-property-nophoto');

    const uploaded = await callApi(`/api/properties/${propertyId}/uploadImages`, {
      ...formBody({ propertyId, type: 'property-image' }, [
        { field: 'files', name: 'front.png', bytes: PNG, type: 'image/png' },
        { field: 'files', name: 'garden.png', bytes: PNG, type: 'image/png' },
      ]),
      token: agent.token,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { imageOrder } = (await uploaded.json()) as { imageOrder: string[] };
    expect(imageOrder).toHaveLength(2);
    await pollBody(`/sites/${id}/listings`).toContain(`class="en-property-photo" src="${imageOrder[0]}"`);

    const reversed = [...imageOrder].reverse();
    const reordered = await callApi(`/api/properties/${propertyId}/image-order`, {
      ...jsonBody('PUT', { imageOrder: reversed }),
      token: agent.token,
    });
    expect(reordered.status).toBe(200);
    await pollBody(`/sites/${id}/listings`).toContain(`class="en-property-photo" src="${reversed[0]}"`);
  });

  it('changes the listing even when the bus refuses AgentListingsChanged (logged, not failed)', async () => {
    const agent = await createTestAgent();
    const added = await callApi('/api/addProperty', {
      ...formBody({ title: 'Refused Bus Cottage', price: '200000', city: 'Braga' }, [
        { field: 'files', name: 'a.png', bytes: PNG, type: 'image/png' },
        { field: 'files', name: 'b.png', bytes: PNG, type: 'image/png' },
      ]),
      token: agent.token,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { propertyId } = (await added.json()) as { propertyId: string };
    const property = (await (
      await callApi(`/api/properties/${propertyId}`, { token: agent.token })
    ).json()) as {
      imageOrder: string[];
    };
    const reversed = [...property.imageOrder].reverse();

    // a bus (the handler runs in this process) that accepts the call and refuses every entry
    const refusing = createServer((_request, response) => {
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      response.end(JSON.stringify({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure' }] }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    // the producer reads its endpoint per call (functions/aws/config.ts)
    const original = process.env.AWS_ENDPOINT_URL_EVENTBRIDGE;
    process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
    try {
      const path = `/api/properties/${propertyId}/image-order`;
      const result = (await reorderImages(
        {
          version: '2.0',
          routeKey: 'PUT /api/properties/{id}/image-order',
          rawPath: path,
          rawQueryString: '',
          headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
          pathParameters: { id: propertyId },
          body: JSON.stringify({ imageOrder: reversed }),
          isBase64Encoded: false,
          requestContext: { http: { method: 'PUT' } } as APIGatewayProxyEventV2['requestContext'],
        },
        { functionName: 'reorder-images', awsRequestId: randomUUID() } as unknown as Context,
      )) as APIGatewayProxyStructuredResultV2;
      expect(result.statusCode, String(result.body)).toBe(200);
    } finally {
      if (original === undefined) delete process.env.AWS_ENDPOINT_URL_EVENTBRIDGE;
      else process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = original;
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
    const saved = (await (await callApi(`/api/properties/${propertyId}`, { token: agent.token })).json()) as {
      imageOrder: string[];
    };
    expect(saved.imageOrder).toEqual(reversed);
  });

  it('gives a listing on the site its own page, follows a new price, and takes it down once sold', async () => {
    const agent = await createTestAgent({ fullName: 'Lara Listing' });
    const { id } = await templateSite(agent);
    const suffix = randomUUID().slice(0, 6);
    const title = `Casa em Évora ${suffix}`;
    const propertyId = await addListing(agent, {
      title,
      price: '425000',
      city: 'Évora',
      area: 'Centro Histórico',
      street_address: 'Rua do Raimundo 12',
      bedrooms_count: '3',
      bathrooms_count: '2',
      size: '180',
      description: 'A restored townhouse with a courtyard.',
    });
    await publish(agent, id);

    // the card on the listings page links to the listing's page
    const slug = `casa-em-evora-${suffix}-${propertyId
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 8)
      .toLowerCase()}`;
    const path = `/sites/${id}/listings/${slug}`;
    await pollBody(`/sites/${id}/listings`).toContain(
      `<a class="en-property-link" href="${path}">${title}</a>`,
    );
    await expect.poll(async () => (await served(path)).status, REGENERATION).toBe(200);
    const page = await served(path);
    expect(page.headers['content-security-policy']).toBe(SITE_PREVIEW_CSP);
    expect(page.body).toContain(`<h1 class="en-listing-title">${title}</h1>`);
    expect(page.body.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(page.body).toContain('<p class="en-listing-price">$425,000</p>');
    expect(page.body).toContain('<strong>180 m²</strong>');
    expect(page.body).toContain('https://www.openstreetmap.org/search?query=Rua%20do%20Raimundo%2012');
    expect(page.body).toContain('Lara Listing');
    expect(page.body).toContain(`<input type="hidden" name="property_id" value="${propertyId}">`);
    expect(page.body).toContain(`<input type="hidden" name="page" value="${path}">`);
    expect(page.body).toContain('"@type":"RealEstateListing"');
    expect(page.body).toContain(`<meta property="og:url" content="${appUrl()}${path}">`);
    expect(page.body).not.toMatch(/<script(?! type="application\/ld\+json">)/);
    expect((await served(`/sites/${id}/sitemap.xml`)).body).toContain(`<loc>${appUrl()}${path}</loc>`);
    expect(await siteKeys(id)).toContain(`${id}/listings/${slug}/index.html`);

    const update = (fields: Record<string, string>) =>
      callApi(`/api/properties/updateProperty/${propertyId}`, {
        ...formBody(fields),
        method: 'PUT',
        token: agent.token,
      });
    expect((await update({ price: '399000' })).status).toBe(200);
    await pollBody(path).toContain('<p class="en-listing-price">$399,000</p>');

    expect((await update({ status: 'sold' })).status).toBe(200);
    await expect.poll(async () => (await served(path)).status, REGENERATION).toBe(404);
    expect(await siteKeys(id)).not.toContain(`${id}/listings/${slug}/index.html`);
    expect((await served(`/sites/${id}/sitemap.xml`)).body).not.toContain(slug);
    // the sold listing stays on the grid, marked sold, no longer a link
    const grid = (await served(`/sites/${id}/listings`)).body;
    expect(grid).toContain(`<h3 class="en-property-title">${title}</h3>`);
    expect(grid).not.toContain(`href="${path}"`);
  });

  it('removes a listing page when the listing leaves the site (its grid no longer shows it)', async () => {
    const agent = await createTestAgent();
    const { id, content } = await templateSite(agent);
    const title = `Porto Loft ${randomUUID().slice(0, 6)}`;
    await addListing(agent, { title, price: '300000', city: 'Porto' });
    await publish(agent, id);
    await pollBody(`/sites/${id}/listings`).toContain('class="en-property-link"');
    await expect
      .poll(
        async () => (await siteKeys(id)).filter((key) => /\/listings\/[^/]+\/index\.html$/.test(key)),
        REGENERATION,
      )
      .toHaveLength(1);

    // every grid of the site now shows Lisbon only
    const json = JSON.stringify(content).replaceAll(
      '"type":"property-grid","attributes":{',
      '"type":"property-grid","attributes":{"data-city":"Lisbon",',
    );
    await saveContent(agent, id, JSON.parse(json) as ContentBody);
    await regenerate(agent, id);

    await expect
      .poll(
        async () => (await siteKeys(id)).filter((key) => /\/listings\/[^/]+\/index\.html$/.test(key)),
        REGENERATION,
      )
      .toEqual([]);
    expect((await served(`/sites/${id}/sitemap.xml`)).body).not.toContain('/listings/');
  });

  it('moves canonical, og:url, robots.txt and sitemap.xml to a domain as soon as it is connected, changed or removed', async () => {
    const agent = await createTestAgent();
    const { id } = await templateSite(agent);
    await addListing(agent, {
      title: `Lagos Villa ${randomUUID().slice(0, 6)}`,
      price: '800000',
      city: 'Lagos',
    });
    await publish(agent, id);
    const preview = `${appUrl()}/sites/${id}`;
    await pollBody(`/sites/${id}/sitemap.xml`).toContain(`<loc>${preview}/listings/`);
    const addressesOf = async () => {
      const about = (await served(`/sites/${id}/about`)).body;
      const sitemap = (await served(`/sites/${id}/sitemap.xml`)).body;
      return {
        canonical: /<link rel="canonical" href="([^"]+)">/.exec(about)?.[1],
        ogUrl: /<meta property="og:url" content="([^"]+)">/.exec(about)?.[1],
        robots: /Sitemap: (\S+)/.exec((await served(`/sites/${id}/robots.txt`)).body)?.[1],
        sitemapOrigins: [...new Set([...sitemap.matchAll(/<loc>(https?:\/\/[^/]+)/g)].map((m) => m[1]))],
        listingLocs: [...sitemap.matchAll(/<loc>([^<]*\/listings\/[^<]+)<\/loc>/g)].length,
      };
    };
    const expected = (root: string, origin: string) => ({
      canonical: `${root}/about`,
      ogUrl: `${root}/about`,
      robots: `${root}/sitemap.xml`,
      sitemapOrigins: [origin],
      listingLocs: 1,
    });
    expect(await addressesOf()).toEqual(expected(preview, new URL(appUrl()).origin));

    // connected (proven by its DNS TXT record): no republish, the WebsiteHostsChanged of the proof regenerates
    const domain = `www.casas-${randomUUID().slice(0, 8)}.com`;
    await proveDomain(agent, id, domain);
    await expect.poll(addressesOf, REGENERATION).toEqual(expected(`https://${domain}`, `https://${domain}`));
    // the same pages by the domain's own Host, the listing's nested page too
    expect((await served('/about', domain)).body).toContain(
      `<link rel="canonical" href="https://${domain}/about">`,
    );
    const sitemap = (await served('/sitemap.xml', domain)).body;
    const listing = new URL(/<loc>([^<]*\/listings\/[^<]+)<\/loc>/.exec(sitemap)![1]!).pathname;
    const byHost = await served(listing, domain);
    expect(byHost.status).toBe(200);
    expect(byHost.body).toContain(`<meta property="og:url" content="https://${domain}${listing}">`);
    expect((await served(`${listing}/`, domain)).status).toBe(200);

    // changed
    const moved = `shop.casas-${randomUUID().slice(0, 8)}.pt`;
    await proveDomain(agent, id, moved);
    await expect.poll(addressesOf, REGENERATION).toEqual(expected(`https://${moved}`, `https://${moved}`));

    // removed, as a domain removal does it (the claim released, the website without a domain, the event)
    const { DomainClaim, WebsiteDomain } = await import('#functions/website-domains/entities');
    const { Website } = await import('#functions/websites/entities');
    await DomainClaim.delete({ domain: moved });
    await WebsiteDomain.delete({ website_id: id, kind: 'custom' });
    await Website.update({ website_id: id }, { remove: ['domain'] });
    await publishEvent('WebsiteHostsChanged', { websiteId: id, agentId: agent.agentId });
    await expect.poll(addressesOf, REGENERATION).toEqual(expected(preview, new URL(appUrl()).origin));
  });

  it('never serves the scripts, event handlers or data: addresses of the content (pictures aside)', async () => {
    const agent = await createTestAgent();
    const { id, content } = await templateSite(agent);
    const marker = `Safe text ${randomUUID().slice(0, 6)}`;
    const home = content.pages.find((page) => page.id === 'home')!;
    const hostile = [
      { tagName: 'script', components: [{ type: 'textnode', content: 'window.stolen = localStorage' }] },
      { type: 'image', attributes: { src: '/media/x.png', onerror: 'alert(document.cookie)' } },
      {
        type: 'link',
        attributes: { href: 'javascript:alert(1)' },
        components: [{ type: 'textnode', content: marker }],
      },
      { tagName: 'iframe', attributes: { src: 'https://evil.example/' } },
      { tagName: 'p', components: [{ type: 'textnode', content: '<script>alert(2)</script>' }] },
      { type: 'link', attributes: { href: '&#106;avascript:alert(3)' }, components: 'encoded' },
      { type: 'link', attributes: { href: 'data:text/html,<script>alert(4)</script>' }, components: 'data' },
      { type: 'image', attributes: { src: 'data:image/svg+xml;base64,PHN2Zy8+' } },
      { type: 'image', attributes: { src: 'data:image/png;base64,iVBORw0KGgo=' } },
      { tagName: 'div', attributes: { style: 'color:red;background:url(javascript:alert(5))' } },
    ];
    home.components = {
      ...home.components,
      components: [...((home.components?.components as unknown[]) ?? []), ...hostile],
    };
    // saves now refuse such content (400): it can only be content stored before that check, written here
    // as the save writes it (the content object, then the website pointing at it)
    const { writeContentObject } = await import('#functions/websites/websites');
    const { Website } = await import('#functions/websites/entities');
    const stored = await writeContentObject(`websites/${id}/content/hostile-${randomUUID()}.json`, content);
    await Website.update(
      { website_id: id },
      { set: { content_key: stored.key, content_size: stored.size, updated_at: new Date().toISOString() } },
    );

    await publish(agent, id);

    await pollBody(`/sites/${id}/`).toContain(marker);
    const body = (await served(`/sites/${id}/`)).body;
    expect(body).not.toMatch(/<script|onerror|javascript:|<iframe|window\.stolen/i);
    // (the head links the generated SVG icon: the content is the body)
    expect(body.slice(body.indexOf('<body'))).not.toMatch(/#106;|data:text|svg\+xml|alert\([345]\)/i);
    expect(body).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(body).toContain('<img src="/media/x.png">');
    expect(body).toContain('<img src="data:image/png;base64,iVBORw0KGgo=">');
    expect(body).toContain('<div style="color:red"></div>');
  });

  it('shows a changed global header on every page (GlobalComponentsChanged)', async () => {
    const agent = await createTestAgent();
    const { id, content } = await templateSite(agent);
    await publish(agent, id);
    await pollBody(`/sites/${id}/`).toContain('<header class="site-header">');

    const brand = `Harbour Group ${randomUUID().slice(0, 6)}`;
    const header = content.globalComponents.find((entry) => entry.global_component_id === 'site-header')!;
    header.component_data = {
      tagName: 'header',
      classes: ['site-header'],
      components: [
        { type: 'link', attributes: { href: '/' }, components: [{ type: 'textnode', content: brand }] },
      ],
    };
    header.version = 2;
    // the save alone regenerates: the set of global components changed
    await saveContent(agent, id, content);

    for (const slug of ['', 'listings', 'about', 'contact'])
      await pollBody(`/sites/${id}/${slug}`).toContain(brand);
  });

  it('serves the website of a domain by the Host header: / is home, /{slug} a page, /api still the API', async () => {
    const agent = await createTestAgent();
    const { id } = await templateSite(agent);
    const domain = `www.site-${randomUUID().slice(0, 8)}.com`;
    // the claim the domain routes write (functions/website-domains/website-domains.ts reads it)
    const { DomainClaim } = await import('#functions/website-domains/entities');
    await DomainClaim.create({ domain, website_id: id, kind: 'custom', agent_id: agent.agentId });
    await publish(agent, id);

    await expect.poll(async () => (await served('/about', domain)).status, REGENERATION).toBe(200);
    const about = await served('/about', domain);
    expect(about.body).toContain('<title>About | Seaside Homes</title>');
    // the site's own links stay at its root, and no sandbox is needed on its own origin
    expect(about.body).toContain('href="/contact"');
    expect((await served('/contact', domain)).body).toContain(
      '<input type="hidden" name="page" value="/contact">',
    );
    expect(about.headers['content-security-policy']).toBe(SITE_CONTENT_SECURITY_POLICY);
    expect(about.headers['content-security-policy']).not.toContain('sandbox');
    expect((await served('/', domain)).body).toContain('<header class="site-header">');
    expect((await served('/robots.txt', domain)).body).toContain('User-agent: *');
    // the site's icon, and /favicon.ico is no 404
    expect((await served('/favicon.svg', domain)).headers['content-type']).toBe('image/svg+xml');
    const ico = await served('/favicon.ico', domain);
    expect(ico.status).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
    expect((await served('/nowhere', domain)).status).toBe(404);
    expect((await served('/media/website-templates/coastal/none.png', domain)).status).toBe(404);
    expect((await served('/api/properties', domain)).status).toBe(401);
  });

  it('answers the API and the app for a host that is no website, and 404 for an unknown site', async () => {
    const host = `nobody-${randomUUID().slice(0, 6)}.example.com`;
    const api = await served('/api/properties', host);
    expect(api.status).toBe(401);
    expect((await served(`/sites/${randomUUID()}/`)).status).toBe(404);
  });
});
