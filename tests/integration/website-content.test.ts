import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { config } from '#aws/config';
import { WEBSITE_CONTENT_MODEL } from '#contracts/schemas/websites';
import { cssRepetition, flatDeclarations } from '#contracts/website-css';
import { Website, WebsiteBackup } from '#functions/websites/entities';
import { handler as healWebsiteStyles } from '../../events/consumers/heal-website-styles.ts';
import { builtInTemplate } from '../../functions/websites/templates/index.ts';
import { createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { api } from '../support/cloud-files.ts';
import { testS3 } from '../support/s3.ts';

/**
 * Saving website content through the local API Gateway as the editor does (docs/website-builder.md,
 * "Content"): compressed saves, the size limits, content refused with a message and nothing stored, and
 * content the old editor damaged healed — on read and by the migration.
 */

type Body = Record<string, unknown>;
interface Content {
  styles: string;
  pages: Array<{ id: string; name: string; styles?: string; components?: unknown }>;
  metadata?: { contentModel?: number };
  [key: string]: unknown;
}
interface WebsiteBody {
  id: string;
  theme_id: string | null;
  content?: Content;
  error?: string;
  fields?: Record<string, string>;
}

async function templateSite(agent: TestAgent, template = 'urban') {
  const result = await api<WebsiteBody>(
    agent,
    '/websites',
    jsonBody('POST', { name: `Site ${randomUUID().slice(0, 6)}`, template_id: template }),
  );
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

const getWebsite = (agent: TestAgent, id: string) => api<WebsiteBody>(agent, `/websites/${id}`);

/** PUT /websites/{id} with a gzip body, as the editor sends it. */
const putCompressed = (agent: TestAgent, id: string, body: Body, encoding = 'gzip') =>
  api<WebsiteBody>(agent, `/websites/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    body: gzipSync(JSON.stringify(body)),
  });

async function storedObject(key: string): Promise<Content> {
  const object = await testS3().send(new GetObjectCommand({ Bucket: config.buckets.content, Key: key }));
  return JSON.parse(await object.Body!.transformToString()) as Content;
}

async function writeObject(key: string, content: unknown) {
  await testS3().send(
    new PutObjectCommand({ Bucket: config.buckets.content, Key: key, Body: JSON.stringify(content) }),
  );
}

/** What the editor before content model 2 saved after `saves` sessions: rules repeated, var() dropped. */
function damagedByOldEditor(content: Content, saves: number): Content {
  const dropped = content.styles
    .replace('background:var(--secondary);', '')
    .replace('background:var(--primary-fill,var(--primary));', '');
  const multiplied = dropped.repeat(content.pages.length ** Math.min(saves, 3));
  const { contentModel: _model, ...metadata } = content.metadata ?? {};
  return {
    ...content,
    styles: multiplied,
    pages: content.pages.map((page) => ({ ...page, styles: multiplied })),
    metadata,
  };
}

describe('website content saves', () => {
  it('takes a gzip-compressed save and stores exactly what was sent', async () => {
    const agent = await createTestAgent();
    const site = await templateSite(agent);
    const content = { ...site.content!, styles: `${site.content!.styles}.added{color:#123456}` };
    const saved = await putCompressed(agent, site.id, { content });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const reopened = await getWebsite(agent, site.id);
    expect(reopened.body.content?.styles).toBe(content.styles);
    expect(reopened.body.content?.pages).toEqual(content.pages);
  });

  it('saves compressed a site whose JSON is larger than the 6 MB request limit', async () => {
    const agent = await createTestAgent();
    const site = await templateSite(agent);
    const words = 'Sea views, a garden and a quiet street. '.repeat(4_000);
    const pages = Array.from({ length: 50 }, (_, index) => ({
      id: `page-${index}`,
      name: `Page ${index + 1}`,
      components: { type: 'wrapper', components: [{ tagName: 'p', content: `${index} ${words}` }] },
      styles: '',
    }));
    const content = { ...site.content!, pages, metadata: { contentModel: WEBSITE_CONTENT_MODEL } };
    expect(JSON.stringify(content).length).toBeGreaterThan(6 * 1024 * 1024);
    const saved = await putCompressed(agent, site.id, { content });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    const stored = await Website.get({ website_id: site.id });
    expect(stored!.content_size).toBeGreaterThan(6 * 1024 * 1024);
  });

  it('answers a broken gzip body with 400 and another encoding with 415, storing nothing', async () => {
    const agent = await createTestAgent();
    const site = await templateSite(agent);
    const before = await Website.get({ website_id: site.id });
    const broken = await api<WebsiteBody>(agent, `/websites/${site.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: Buffer.from('not gzip at all'),
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('Malformed gzip body');
    const brotli = await putCompressed(agent, site.id, { title: 'x' }, 'br');
    expect(brotli.status).toBe(415);
    expect((await Website.get({ website_id: site.id }))!.content_key).toBe(before!.content_key);
  });

  it.each([
    [
      'a link to a javascript: address',
      { type: 'link', tagName: 'a', attributes: { href: ' javascript:alert(1)' } },
      'Page "Home" has a javascript: address in "href"; use a web address',
    ],
    [
      'an image from a data: address that is not a picture',
      { type: 'image', tagName: 'img', attributes: { src: 'data:text/html;base64,PHNjcmlwdD4=' } },
      'Page "Home" has a data: address in "src"; upload the file to Assets and use its address',
    ],
    [
      'a script in custom code',
      { tagName: 'script', content: 'alert(1)' },
      'Page "Home" holds a script; scripts cannot run on a website',
    ],
    [
      'an event handler attribute',
      { tagName: 'div', attributes: { onclick: 'steal()' } },
      'Page "Home" has an "onclick" attribute; scripts cannot run on a website',
    ],
  ])(
    'refuses %s with a clear message, and the stored site is unchanged',
    async (_what, component, message) => {
      const agent = await createTestAgent();
      const site = await templateSite(agent, 'coastal');
      const before = await Website.get({ website_id: site.id });
      const content = structuredClone(site.content!);
      const home = content.pages[0]!.components as { components: unknown[] };
      home.components.push(component);
      const refused = await putCompressed(agent, site.id, { content });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(message);
      const after = await Website.get({ website_id: site.id });
      expect(after!.content_key).toBe(before!.content_key);
      expect((await getWebsite(agent, site.id)).body.content).toEqual(site.content);
    },
  );

  it('refuses styles the old editor multiplied, naming the styles, and keeps what was stored', async () => {
    const agent = await createTestAgent();
    const site = await templateSite(agent);
    const before = await Website.get({ website_id: site.id });
    const refused = await putCompressed(agent, site.id, { content: damagedByOldEditor(site.content!, 2) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /^The website's styles repeat the same CSS rules \d+ times; reload the editor and save again$/,
    );
    expect(refused.body.fields).toEqual({ styles: 'repeat the same rules' });
    expect((await Website.get({ website_id: site.id }))!.content_key).toBe(before!.content_key);
  });
});

describe('content the old editor damaged', () => {
  it('opens healed: no repeated rule, and the template var() shorthands back', async () => {
    const agent = await createTestAgent();
    const site = await templateSite(agent, 'urban');
    const item = await Website.get({ website_id: site.id });
    await writeObject(item!.content_key, damagedByOldEditor(site.content!, 3));

    const opened = (await getWebsite(agent, site.id)).body.content!;
    expect(cssRepetition(opened.styles).repeated).toBe(0);
    expect(flatDeclarations(opened.styles)).toContain('|.site-footer|background:var(--secondary)');
    for (const page of opened.pages) expect(cssRepetition(page.styles ?? '').repeated).toBe(0);
    expect(opened.metadata?.contentModel).toBe(WEBSITE_CONTENT_MODEL);
    expect(new Set(flatDeclarations(opened.styles))).toEqual(
      new Set(flatDeclarations(builtInTemplate('urban')!.content.styles)),
    );
  });

  it('is found by the migration’s unscoped run through its agent (queries only: no function may scan)', async () => {
    const agent = await createTestAgent();
    const site = await templateSite(agent, 'urban');
    const item = (await Website.get({ website_id: site.id }))!;
    await writeObject(item.content_key, damagedByOldEditor(site.content!, 3));

    const run = await healWebsiteStyles();

    expect(run.healed).toBeGreaterThanOrEqual(1);
    const healed = await storedObject(item.content_key);
    expect(healed.metadata?.contentModel).toBe(WEBSITE_CONTENT_MODEL);
    expect(cssRepetition(healed.styles).repeated).toBe(0);
  });

  it('is healed in place by the migration, backups included; a second run changes nothing', async () => {
    const agent = await createTestAgent();
    const site = await templateSite(agent, 'coastal');
    // a save makes the first content a backup; then both objects are damaged as the old editor left them
    const saved = await putCompressed(agent, site.id, { content: site.content });
    expect(saved.status).toBe(200);
    const item = (await Website.get({ website_id: site.id }))!;
    const [backup] = await WebsiteBackup.queryAll('primary', { website_id: site.id });
    await writeObject(item.content_key, damagedByOldEditor(site.content!, 3));
    await writeObject(backup!.content_key, damagedByOldEditor(site.content!, 2));

    // scoped to this test's website: other tests' websites are theirs
    const only = { detail: { websiteIds: [site.id] } };
    const first = await healWebsiteStyles(only);
    expect(first.healed).toBeGreaterThanOrEqual(2);
    for (const key of [item.content_key, backup!.content_key]) {
      const healed = await storedObject(key);
      expect(healed.metadata?.contentModel).toBe(WEBSITE_CONTENT_MODEL);
      expect(cssRepetition(healed.styles).repeated).toBe(0);
      expect(flatDeclarations(healed.styles)).toContain(
        '|.button|background:var(--primary-fill,var(--primary))',
      );
    }
    const resized = (await Website.get({ website_id: site.id }))!;
    expect(resized.content_key).toBe(item.content_key);
    expect(resized.content_size).toBe(
      Buffer.byteLength(JSON.stringify(await storedObject(item.content_key))),
    );

    const again = await storedObject(item.content_key);
    expect((await healWebsiteStyles(only)).healed).toBe(0);
    expect(await storedObject(item.content_key)).toEqual(again);
  });
});
