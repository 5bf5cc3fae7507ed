import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { config } from '#aws/config';
import { MAX_WEBSITE_BACKUPS, THEME_DEFAULTS } from '#contracts/schemas/websites';
import { SITE_BLOCK_TYPES } from '#contracts/website-blocks';
import { Website } from '#functions/websites/entities';
import { handler as deleteWebsite } from '../../functions/websites/delete-website.ts';
import { handler as publishWebsite } from '../../functions/websites/publish-website.ts';
import { handler as unpublishWebsite } from '../../functions/websites/unpublish-website.ts';
import { handler as updateWebsite } from '../../functions/websites/update-website.ts';
import { createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';
import { api, postToS3 } from '../support/cloud-files.ts';
import { inProcessBusForTests } from '../support/in-process-bus.ts';
import { testS3 } from '../support/s3.ts';

/**
 * The website builder's API through the local API Gateway: websites (blank and from templates), editor
 * saves with their backups and global component re-sync, soft delete and recover within the websites
 * limit, assets, backups, templates; and the events publish, unpublish, delete and saves put on the bus.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Body = Record<string, unknown>;
interface GlobalComponentBody {
  global_component_id: string;
  component_type: string;
  component_name?: string;
  component_data?: unknown;
  version?: number;
  is_active?: boolean;
}
interface ContentBody {
  components: unknown;
  styles: string;
  pages: Array<{ id: string; name: string; slug?: string; components?: Body; styles?: string }>;
  globalComponents?: GlobalComponentBody[];
  metadata?: {
    globalComponentsVersion?: number;
    lastGlobalSync?: string;
    theme?: Body;
    defaultPage?: string;
  };
  [key: string]: unknown;
}
interface WebsiteBody {
  id: string;
  website_id: string;
  agent_id: string;
  name: string;
  title: string;
  status: 'draft' | 'published';
  theme_id: string | null;
  settings: Body;
  preview_url?: string;
  last_published: string | null;
  globalComponentStats: { total: number; active: number; lastUpdated: string | null };
  created_at: string;
  deleted_at?: string;
  content?: ContentBody;
  error?: string;
}

const createWebsite = (agent: TestAgent, body: Body) =>
  api<WebsiteBody>(agent, '/websites', jsonBody('POST', body));

async function created(agent: TestAgent, body: Body = {}) {
  const result = await createWebsite(agent, { name: `Site ${randomUUID().slice(0, 6)}`, ...body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

const getWebsite = (agent: TestAgent, id: string) => api<WebsiteBody>(agent, `/websites/${id}`);
const put = (agent: TestAgent, id: string, body: Body) =>
  api<WebsiteBody & { fields?: Record<string, string> }>(agent, `/websites/${id}`, jsonBody('PUT', body));
const usage = async (agent: TestAgent) =>
  (await api<{ current: number }>(agent, '/api/feature-limits/websites')).body.current;

/** Content with one page whose heading says `label` (to tell saves apart). */
const contentSaying = (label: string, globals: GlobalComponentBody[] = []): ContentBody => ({
  components: { type: 'wrapper' },
  styles: 'h1{color:red;}',
  pages: [
    {
      id: 'home',
      name: 'Home',
      components: { type: 'wrapper', components: [{ tagName: 'h1', content: label }] },
    },
  ],
  globalComponents: globals,
});

const headerComponent = (version: number, active = true): GlobalComponentBody => ({
  global_component_id: 'hdr',
  component_type: 'header',
  component_name: 'Header',
  component_data: { tagName: 'header', content: `v${version}` },
  version,
  is_active: active,
});

const contentObjects = async (websiteId: string) =>
  (
    (
      await testS3().send(
        new ListObjectsV2Command({ Bucket: config.buckets.content, Prefix: `websites/${websiteId}/` }),
      )
    ).Contents ?? []
  ).map((object) => object.Key!);

describe('websites', () => {
  it('creates a blank draft, lists it, gets it with its content; only the caller’s own list', async () => {
    const agent = await createTestAgent();
    const site = await created(agent, { name: 'My Site', title: 'Welcome' });

    expect(site).toMatchObject({
      id: site.website_id,
      agent_id: agent.agentId,
      name: 'My Site',
      title: 'Welcome',
      status: 'draft',
      theme_id: null,
      settings: {},
      last_published: null,
      globalComponentStats: { total: 0, active: 0, lastUpdated: null },
    });
    expect(site).not.toHaveProperty('content_key');
    const got = await getWebsite(agent, site.id);
    expect(got.status).toBe(200);
    expect(got.body.content?.pages.map((page) => page.name)).toEqual(['Home']);
    expect(got.body.content?.metadata).toMatchObject({ theme: THEME_DEFAULTS, globalComponentsVersion: 1 });

    const list = await api<{ items: WebsiteBody[] }>(agent, `/websites?agent_id=${agent.agentId}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id)).toEqual([site.id]);
    expect(list.body.items[0]).not.toHaveProperty('content');
    const other = await createTestAgent();
    expect((await api(other, `/websites?agent_id=${agent.agentId}`)).status).toBe(403);
    expect((await api<{ items: unknown[] }>(other, '/websites')).body.items).toEqual([]);
    expect((await getWebsite(other, site.id)).status).toBe(404);
    expect(await usage(agent)).toBe(1);
  });

  it('creates from a built-in template: four pages, global header and footer, blocks, theme and SEO', async () => {
    const agent = await createTestAgent();
    const site = await created(agent, { name: 'Coastal Site', template_id: 'coastal' });

    const { content } = (await getWebsite(agent, site.id)).body;
    expect(content?.pages.map((page) => [page.name, page.slug])).toEqual([
      ['Home', ''],
      ['Listings', 'listings'],
      ['About', 'about'],
      ['Contact', 'contact'],
    ]);
    expect(content?.globalComponents?.map((component) => component.component_type)).toEqual([
      'header',
      'footer',
    ]);
    const json = JSON.stringify(content);
    const { propertyCard: _needsAListing, ...blocks } = SITE_BLOCK_TYPES;
    for (const type of Object.values(blocks)) expect(json).toContain(`"type":"${type}"`);
    expect(json).toContain('/media/website-templates/coastal/hero.png');
    expect(site.theme_id).toBe('coastal');
    expect(site.globalComponentStats).toMatchObject({ total: 2, active: 2 });
    expect(Object.keys((site.settings.theme ?? {}) as Body).sort()).toEqual(
      Object.keys(THEME_DEFAULTS).sort(),
    );
    expect(site.settings.globalSEO).toMatchObject({
      title: expect.any(String),
      description: expect.any(String),
    });

    const unknown = await createWebsite(agent, { name: 'X', template_id: 'no-such-template' });
    expect(unknown.status).toBe(404);
  });

  it('updates only spec §5’s fields and refuses invalid editor state, naming the field', async () => {
    const agent = await createTestAgent();
    const site = await created(agent);

    const cases: Array<[Body, RegExp]> = [
      [{ name: 'renamed' }, /has a field it does not take: name/],
      [{ agent_id: 'someone' }, /has a field it does not take: agent_id/],
      [{ content: { components: {}, pages: [] } }, /^Styles is required$/],
      [{ content: { components: {}, styles: '' } }, /^Pages is required$/],
      [{ content: { styles: '', pages: [] } }, /^Components must be an object$/],
      [{ content: { components: {}, styles: 1, pages: [] } }, /^Styles must be a string/],
      [{ status: 'live' }, /^Status must be draft or published/],
      [{}, /must change at least one field/],
    ];
    for (const [body, message] of cases) {
      const result = await put(agent, site.id, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error, JSON.stringify(body)).toMatch(message);
    }

    const saved = await put(agent, site.id, {
      title: 'New title',
      settings: { globalSEO: { title: 'SEO title' } },
      content: { ...contentSaying('hello'), pages: [{ id: 'p1', name: '' }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ title: 'New title', settings: { globalSEO: { title: 'SEO title' } } });
    const got = (await getWebsite(agent, site.id)).body;
    expect(got.content?.pages[0]?.name).toBe('Page 1');
    expect(got.name).toBe(site.name);
  });

  it('keeps the last 5 contents as backups, newest first, and restores one (backing up the current first)', async () => {
    const agent = await createTestAgent();
    const site = await created(agent);
    for (let save = 1; save <= 7; save += 1) {
      expect((await put(agent, site.id, { content: contentSaying(`save ${save}`) })).status).toBe(200);
    }
    const manual = await api<Body>(agent, `/websites/${site.id}/backups`, { method: 'POST' });
    expect(manual.status).toBe(201);
    expect(manual.body).toMatchObject({ website_id: site.id, reason: 'manual' });

    const backups = await api<{ items: Array<{ id: string; reason: string; created_at: string }> }>(
      agent,
      `/websites/${site.id}/backups`,
    );
    expect(backups.body.items).toHaveLength(MAX_WEBSITE_BACKUPS);
    expect(backups.body.items.map((backup) => backup.reason)).toEqual([
      'manual',
      'auto',
      'auto',
      'auto',
      'auto',
    ]);
    const times = backups.body.items.map((backup) => backup.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // 8 saves/backups made 1 current + 5 backups: no objects of dropped backups remain
    expect(await contentObjects(site.id)).toHaveLength(1 + MAX_WEBSITE_BACKUPS);

    // the oldest kept auto backup holds the content before save 4, i.e. save 3
    const oldest = backups.body.items.at(-1)!;
    const restored = await api<WebsiteBody>(agent, `/websites/${site.id}/backups/${oldest.id}/restore`, {
      method: 'POST',
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(JSON.stringify(restored.body.content)).toContain('save 3');
    expect(JSON.stringify((await getWebsite(agent, site.id)).body.content)).toContain('save 3');
    const after = (
      await api<{ items: Array<{ id: string; reason: string }> }>(agent, `/websites/${site.id}/backups`)
    ).body.items;
    expect(after).toHaveLength(MAX_WEBSITE_BACKUPS);
    expect(after[0]?.reason).toBe('auto');
    const newest = await api<WebsiteBody>(agent, `/websites/${site.id}/backups/${after[0]!.id}/restore`, {
      method: 'POST',
    });
    expect(JSON.stringify(newest.body.content)).toContain('save 7');
    expect(
      (await api(agent, `/websites/${site.id}/backups/${randomUUID()}/restore`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('re-syncs the global components: counts, version (highest, at least 1), last sync', async () => {
    const agent = await createTestAgent();
    const site = await created(agent);

    const first = await put(agent, site.id, {
      content: contentSaying('a', [
        headerComponent(3),
        { global_component_id: 'ftr', component_type: 'footer', is_active: false },
      ]),
    });
    expect(first.status).toBe(200);
    expect(first.body.globalComponentStats).toMatchObject({
      total: 2,
      active: 1,
      lastUpdated: expect.any(String),
    });
    expect(first.body.content?.metadata).toMatchObject({
      globalComponentsVersion: 3,
      lastGlobalSync: expect.any(String),
    });

    const globals = await api<{ globalComponents: GlobalComponentBody[]; globalComponentStats: Body }>(
      agent,
      `/websites/${site.id}/global-components`,
    );
    expect(globals.status).toBe(200);
    expect(globals.body.globalComponents).toEqual([
      expect.objectContaining({ global_component_id: 'hdr', version: 3, is_active: true }),
      expect.objectContaining({
        global_component_id: 'ftr',
        component_name: 'footer',
        version: 1,
        is_active: false,
      }),
    ]);
    expect(globals.body.globalComponentStats).toEqual(first.body.globalComponentStats);

    // the same global components again: nothing changed, lastUpdated stays
    const same = await put(agent, site.id, { content: first.body.content });
    expect(same.body.globalComponentStats).toEqual(first.body.globalComponentStats);
    const none = await put(agent, site.id, { content: contentSaying('b') });
    expect(none.body.globalComponentStats).toMatchObject({ total: 0, active: 0 });
    expect(none.body.content?.metadata?.globalComponentsVersion).toBe(1);
  });

  it('soft-deletes and recovers within the websites limit', async () => {
    const agent = await createTestAgent(); // Superagent: 1 website
    const first = await created(agent);
    const refused = await createWebsite(agent, { name: 'Second' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ reason: 'usage_limit_reached', feature: 'websites', maximum: 1 });

    const deleted = await api<WebsiteBody>(agent, `/websites/${first.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted_at).toEqual(expect.any(String));
    expect(await usage(agent)).toBe(0);
    expect((await getWebsite(agent, first.id)).status).toBe(404);
    expect((await api(agent, `/websites/${first.id}`, { method: 'DELETE' })).status).toBe(404);
    const listed = (await api<{ items: WebsiteBody[] }>(agent, '/websites')).body.items;
    expect(listed.map((item) => [item.id, Boolean(item.deleted_at)])).toEqual([[first.id, true]]);

    const second = await created(agent);
    const blocked = await api<Body>(agent, `/websites/${first.id}/recover`, { method: 'POST' });
    expect(blocked.status).toBe(402);
    expect(await usage(agent)).toBe(1);

    expect((await api(agent, `/websites/${second.id}`, { method: 'DELETE' })).status).toBe(200);
    const recovered = await api<WebsiteBody>(agent, `/websites/${first.id}/recover`, { method: 'POST' });
    expect(recovered.status).toBe(200);
    expect(recovered.body.status).toBe('draft');
    expect(recovered.body).not.toHaveProperty('deleted_at');
    expect(await usage(agent)).toBe(1);
    expect((await getWebsite(agent, first.id)).status).toBe(200);
  });

  it('uploads assets (presigned and inline), lists them and deletes one with its object', async () => {
    const agent = await createTestAgent();
    const site = await created(agent);
    const ticket = await api<{ url: string; fields: Record<string, string>; key: string }>(
      agent,
      '/api/uploads',
      jsonBody('POST', {
        purpose: 'website-asset',
        name: 'logo.png',
        size: PNG.length,
        mime_type: 'image/png',
      }),
    );
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(await postToS3({ ...ticket.body, file: {} as never, expires_at: '' }, PNG, 'logo.png')).toBe(204);

    const upload = await api<{ items: Array<{ id: string; url: string; name: string; type: string }> }>(
      agent,
      `/websites/${site.id}/assets`,
      formBody(
        { type: 'website-asset', fileKeys: JSON.stringify([ticket.body.key]), metadata: '{"alt":"Logo"}' },
        [{ field: 'files', name: 'banner.png', bytes: PNG, type: 'image/png' }],
      ),
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body.items).toHaveLength(2);
    for (const asset of upload.body.items) {
      expect(asset.url).toMatch(new RegExp(`^/media/websites/${site.id}/asset-[0-9a-f-]{36}\\.png$`));
      expect(asset.type).toBe('website-asset');
    }
    const key = upload.body.items[0]!.url.slice(1);
    const object = await testS3().send(new GetObjectCommand({ Bucket: config.buckets.files, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(PNG);
    // the upload itself was consumed
    await expect(
      testS3().send(new HeadObjectCommand({ Bucket: config.buckets.files, Key: ticket.body.key })),
    ).rejects.toThrow();

    const listed = await api<{ items: Array<{ id: string; name: string; metadata?: Body }> }>(
      agent,
      `/websites/${site.id}/assets`,
    );
    expect(listed.body.items.map((asset) => asset.id)).toEqual(upload.body.items.map((asset) => asset.id));
    expect(listed.body.items[0]?.metadata).toEqual({ alt: 'Logo' });

    const removed = await api(agent, `/websites/${site.id}/assets/${upload.body.items[0]!.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    await expect(
      testS3().send(new HeadObjectCommand({ Bucket: config.buckets.files, Key: key })),
    ).rejects.toThrow();
    expect((await api<{ items: unknown[] }>(agent, `/websites/${site.id}/assets`)).body.items).toHaveLength(
      1,
    );

    const notImage = await api<Body>(
      agent,
      `/websites/${site.id}/assets`,
      formBody({ type: 'website-asset' }, [
        { field: 'files', name: 'x.html', bytes: Buffer.from('<script>'), type: 'text/html' },
      ]),
    );
    expect(notImage.status).toBe(400);
    const empty = await api<Body>(agent, `/websites/${site.id}/assets`, formBody({ type: 'website-asset' }));
    expect(empty.status).toBe(400);
  });

  it('saves a website as a template, lists built-in and own ones, starts a website from it, deletes it', async () => {
    const agent = await createTestAgent({ role: 'Agency' });
    const site = await created(agent, { template_id: 'urban' });
    await put(agent, site.id, { content: contentSaying('my template text') });

    const saved = await api<Body>(
      agent,
      '/api/website-templates',
      jsonBody('POST', { website_id: site.id, name: 'My look' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ name: 'My look', built_in: false, agent_id: agent.agentId });

    const list = await api<{ items: Array<{ id: string; built_in: boolean; preview_image?: string }> }>(
      agent,
      '/api/website-templates',
    );
    expect(list.body.items.map((item) => item.id)).toEqual([
      'coastal',
      'urban',
      'heritage',
      'minimal',
      saved.body.id,
    ]);
    expect(
      list.body.items.slice(0, 4).every((item) => item.built_in && item.preview_image?.startsWith('/media/')),
    ).toBe(true);
    const other = await createTestAgent();
    expect((await api<{ items: unknown[] }>(other, '/api/website-templates')).body.items).toHaveLength(4);

    // later edits of the website do not change the template
    await put(agent, site.id, { content: contentSaying('changed later') });
    const fromOwn = await created(agent, { template_id: saved.body.id as string });
    const content = JSON.stringify((await getWebsite(agent, fromOwn.id)).body.content);
    expect(content).toContain('my template text');

    expect((await api(other, `/api/website-templates/${saved.body.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await api(agent, '/api/website-templates/coastal', { method: 'DELETE' })).status).toBe(404);
    expect((await api(agent, `/api/website-templates/${saved.body.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await api<{ items: unknown[] }>(agent, '/api/website-templates')).body.items).toHaveLength(4);
  });

  it('publishes and unpublishes through the API: status, last_published, preview address', async () => {
    const agent = await createTestAgent();
    const site = await created(agent);
    const published = await api<WebsiteBody>(agent, `/websites/${site.id}/publish`, { method: 'POST' });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      status: 'published',
      last_published: expect.any(String),
      preview_url: `/sites/${site.id}/`,
    });
    const unpublished = await api<WebsiteBody>(agent, `/websites/${site.id}/unpublish`, { method: 'POST' });
    expect(unpublished.body).toMatchObject({
      status: 'draft',
      last_published: published.body.last_published,
    });
  });
});

describe('website events on the bus', () => {
  // a bus in this process records what the handlers (run here too) put on it
  const bus = inProcessBusForTests();
  const received = bus.received;

  async function invoke(
    fn: typeof publishWebsite,
    agent: TestAgent,
    method: string,
    path: string,
    id: string,
    body?: Body,
  ) {
    const result = (await fn(
      {
        version: '2.0',
        routeKey: `${method} ${path}`,
        rawPath: path.replace('{id}', id),
        rawQueryString: '',
        headers: {
          authorization: `Bearer ${agent.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        pathParameters: { id },
        ...(body ? { body: JSON.stringify(body), isBase64Encoded: false } : { isBase64Encoded: false }),
        requestContext: { http: { method } } as APIGatewayProxyEventV2['requestContext'],
      },
      { functionName: 'websites', awsRequestId: randomUUID() } as unknown as Context,
    )) as APIGatewayProxyStructuredResultV2;
    await bus.drain();
    return { status: result.statusCode, body: JSON.parse(String(result.body)) as WebsiteBody };
  }

  const eventsOf = (websiteId: string) =>
    received.filter((event) => event.detail.websiteId === websiteId).map((event) => event.type);

  it('puts WebsitePublished, WebsiteUnpublished and GlobalComponentsChanged after the writes', async () => {
    const agent = await createTestAgent();
    const site = await created(agent);
    const detail = { websiteId: site.id, agentId: agent.agentId };

    expect((await invoke(publishWebsite, agent, 'POST', '/websites/{id}/publish', site.id)).status).toBe(200);
    expect(received.at(-1)).toEqual({ type: 'WebsitePublished', detail });
    expect((await invoke(unpublishWebsite, agent, 'POST', '/websites/{id}/unpublish', site.id)).status).toBe(
      200,
    );
    expect(received.at(-1)).toEqual({ type: 'WebsiteUnpublished', detail });

    // a save that changes the global components; then one that does not
    const changed = await invoke(updateWebsite, agent, 'PUT', '/websites/{id}', site.id, {
      content: contentSaying('x', [headerComponent(1)]),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(eventsOf(site.id)).toEqual(['WebsitePublished', 'WebsiteUnpublished', 'GlobalComponentsChanged']);
    await invoke(updateWebsite, agent, 'PUT', '/websites/{id}', site.id, {
      content: contentSaying('y', [headerComponent(1)]),
    });
    await invoke(updateWebsite, agent, 'PUT', '/websites/{id}', site.id, {
      content: contentSaying('z', [headerComponent(2)]),
    });
    expect(eventsOf(site.id).slice(3)).toEqual(['GlobalComponentsChanged']);

    // a status change through PUT behaves like publish / unpublish
    const viaPut = await invoke(updateWebsite, agent, 'PUT', '/websites/{id}', site.id, {
      status: 'published',
    });
    expect(viaPut.body).toMatchObject({ status: 'published', preview_url: `/sites/${site.id}/` });
    expect(viaPut.body.last_published).toEqual(expect.any(String));
    expect(eventsOf(site.id).at(-1)).toBe('WebsitePublished');

    // deleting a published website takes it offline, and its hostnames out of the sites KeyValueStore
    expect((await invoke(deleteWebsite, agent, 'DELETE', '/websites/{id}', site.id)).status).toBe(200);
    expect(eventsOf(site.id).slice(-2)).toEqual(['WebsiteUnpublished', 'WebsiteHostsChanged']);
    const stored = await Website.get({ website_id: site.id });
    expect(stored).toMatchObject({ status: 'draft', deleted_at: expect.any(String) });
  });

  it('puts nothing when a request fails', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const site = await created(agent);
    const before = received.length;
    expect((await invoke(publishWebsite, other, 'POST', '/websites/{id}/publish', site.id)).status).toBe(404);
    expect(received.length).toBe(before);
  });
});
