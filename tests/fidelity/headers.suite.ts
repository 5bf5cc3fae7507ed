import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { publishEvent } from '#aws/events';
import { APP_CONFIG_PATH } from '#contracts/app-config';
import {
  APP_CACHE_CONTROL,
  appSecurityHeaders,
  PRECOMPRESSED_SUFFIX,
  PUBLISHED_SITE_SECURITY_HEADERS,
  type SecurityHeaders,
  SITE_PAGE_CACHE_CONTROL,
  SITE_PREVIEW_SECURITY_HEADERS,
  securityHeaderFields,
} from '#contracts/response-headers';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/**
 * The local cloud answers with the headers CloudFront adds and compresses as CloudFront compresses
 * (docs/cloud-fidelity.md, "Response headers"): one case per row — the app's index, a hashed build file,
 * app-config.json, a published site's page on its own domain, and its preview on the app's origin. The
 * expected headers are contracts/response-headers.ts's, the definition the CDK builds its response
 * headers policies from (infra/production.test.ts asserts the synthesized policies equal it).
 */

const DIST = join(import.meta.dirname, '..', 'fixtures', 'app-dist');
const BROWSER = 'gzip, deflate, br, zstd';
const REGENERATION = { timeout: 20_000, interval: 200 };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the bytes as sent */
  raw: Buffer;
  /** the bytes after the Content-Encoding is undone */
  body: Buffer;
}

/** A GET (or HEAD) on the local cloud's app port, with the Host, Accept-Encoding and other headers given. */
function get(
  path: string,
  options: { host?: string; acceptEncoding?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<Answer> {
  const origin = new URL(inject('cloud').appUrl);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        hostname: origin.hostname,
        port: origin.port,
        path,
        method: options.method ?? 'GET',
        headers: {
          ...(options.host ? { host: options.host } : {}),
          ...(options.acceptEncoding === undefined ? {} : { 'accept-encoding': options.acceptEncoding }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const body =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, body });
        });
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** The app's headers with this cloud's origins, as local/cloud.ts derives them from its config. */
function appHeaders(): SecurityHeaders {
  const cloud = inject('cloud');
  return appSecurityHeaders({
    cognito: new URL(cloud.appConfig.cognitoEndpoint).origin,
    hostedUi: new URL(cloud.appConfig.oauthDomain).origin,
    files: new URL(cloud.env.AWS_ENDPOINT_URL_S3!).origin,
  });
}

/** Every security header of the behaviour, exactly as the definition writes it. */
function expectSecurityHeaders(answer: Answer, headers: SecurityHeaders) {
  for (const [name, value] of Object.entries(securityHeaderFields(headers)))
    expect(answer.headers[name], name).toBe(value);
}

describe('response headers of the app distribution', () => {
  it('app index: the app’s security headers, revalidated on every load, sent as it is under 1,000 bytes', async () => {
    const index = readFileSync(join(DIST, 'index.html'));
    expect(index.length).toBeLessThan(1000);
    for (const path of ['/authentication/login', '/index.html']) {
      const answer = await get(path, { acceptEncoding: BROWSER });
      expect(answer.status, path).toBe(200);
      expectSecurityHeaders(answer, appHeaders());
      expect(answer.headers['cache-control']).toBe(APP_CACHE_CONTROL.document);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      // CloudFront compresses 1,000 bytes to 10 MB only
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.raw.equals(index)).toBe(true);
    }
    // the app's CSP, read from the definition: our origin, this cloud's Cognito, hosted UI and bucket
    const csp = (await get('/authentication/login')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`connect-src 'self' ${new URL(inject('cloud').appConfig.cognitoEndpoint).origin}`);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('hashed asset: immutable for a year; Brotli, else Gzip, else as it is; weak ETag when compressed', async () => {
    const path = '/assets/icon-4e5d6c7b.svg';
    const file = readFileSync(join(DIST, 'assets', 'icon-4e5d6c7b.svg'));
    expect(file.length).toBeGreaterThanOrEqual(1000);

    const brotli = await get(path, { acceptEncoding: BROWSER });
    expect(brotli.status).toBe(200);
    expectSecurityHeaders(brotli, appHeaders());
    expect(brotli.headers['cache-control']).toBe(APP_CACHE_CONTROL.hashedAsset);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.body.equals(file)).toBe(true);
    expect(brotli.raw.length).toBeLessThan(file.length);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.raw.length);
    expect(brotli.headers.etag).toMatch(/^W\/"[0-9a-f]{32}"$/);

    // Chrome offers no Brotli over plain HTTP; nor do viewers that ask for gzip only
    const gzip = await get(path, { acceptEncoding: 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(file)).toBe(true);

    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await get(path, { acceptEncoding: acceptEncoding ?? '' });
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.raw.equals(file), acceptEncoding).toBe(true);
      expect(plain.headers.etag, acceptEncoding).toMatch(/^"[0-9a-f]{32}"$/);
      expect(plain.headers.vary).toBe('Accept-Encoding');
    }

    // a revalidation with the ETag CloudFront sent: 304, nothing sent again
    const again = await get(path, {
      acceptEncoding: BROWSER,
      headers: { 'if-none-match': brotli.headers.etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expectSecurityHeaders(again, appHeaders());
  });

  it('hashed asset under 1,000 bytes or of a type CloudFront does not compress: sent as it is', async () => {
    for (const name of ['tiny-9a8b7c6d.svg', 'font-5c4b3a29.woff2']) {
      const file = readFileSync(join(DIST, 'assets', name));
      const answer = await get(`/assets/${name}`, { acceptEncoding: BROWSER });
      expect(answer.status, name).toBe(200);
      expect(answer.headers['content-encoding'], name).toBeUndefined();
      expect(answer.headers.vary, name).toBeUndefined();
      expect(answer.raw.equals(file), name).toBe(true);
      expect(answer.headers['cache-control'], name).toBe(APP_CACHE_CONTROL.hashedAsset);
      expectSecurityHeaders(answer, appHeaders());
    }
  });

  it("hashed JS and CSS: the build's Brotli to a viewer that takes it, as deployed; else the file", async () => {
    for (const name of ['fixture-3f2a9c1b.js', 'tiny-8d7e6f5a.js']) {
      const file = readFileSync(join(DIST, 'assets', name));
      const stored = readFileSync(join(DIST, 'assets', `${name}${PRECOMPRESSED_SUFFIX}`));
      // the object `<file>.br` as S3 answers it: its own bytes, type and encoding metadata, its MD5 ETag
      // unchanged (CloudFront compresses no object that has a Content-Encoding), whatever its size
      for (const acceptEncoding of [BROWSER, 'br', 'gzip, br;q=0.5']) {
        const brotli = await get(`/assets/${name}`, { acceptEncoding });
        expect(brotli.status, name).toBe(200);
        expect(brotli.headers['content-encoding'], name).toBe('br');
        expect(brotli.headers['content-type'], name).toBe('text/javascript; charset=utf-8');
        expect(brotli.raw.equals(stored), name).toBe(true);
        expect(brotli.body.equals(file), name).toBe(true);
        expect(brotli.headers.etag, name).toBe(`"${createHash('md5').update(stored).digest('hex')}"`);
        expect(brotli.headers['cache-control'], name).toBe(APP_CACHE_CONTROL.hashedAsset);
        expectSecurityHeaders(brotli, appHeaders());
      }
      // a viewer that does not take Brotli gets the file, compressed by the edge as any other
      for (const acceptEncoding of ['gzip, deflate', 'gzip, br;q=0', '']) {
        const other = await get(`/assets/${name}`, { acceptEncoding });
        expect(other.status, name).toBe(200);
        expect(other.headers['content-encoding'], `${name} ${acceptEncoding}`).toBe(
          acceptEncoding.startsWith('gzip') && file.length >= 1000 ? 'gzip' : undefined,
        );
        expect(other.body.equals(file), name).toBe(true);
      }
    }
  });

  it('a missing file: what S3 answers CloudFront without ListBucket (403 AccessDenied), with the headers', async () => {
    const answer = await get('/assets/missing-00000000.js', { acceptEncoding: BROWSER });
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toBe('application/xml');
    expect(answer.body.toString()).toMatch(
      /<Error><Code>AccessDenied<\/Code><Message>Access Denied<\/Message>/,
    );
    expectSecurityHeaders(answer, appHeaders());
    // a page path is the app (the route guard function's rewrite), never a 403
    expect((await get('/authentication/forgot-password')).status).toBe(200);
  });

  it('app-config.json: the deployed object — JSON, revalidated on every load, the app’s headers', async () => {
    const answer = await get(APP_CONFIG_PATH, { acceptEncoding: BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['cache-control']).toBe(APP_CACHE_CONTROL.document);
    expectSecurityHeaders(answer, appHeaders());
    expect(JSON.parse(answer.body.toString())).toEqual(inject('cloud').appConfig);
    // a few hundred bytes: under CloudFront's 1,000
    expect(answer.body.length).toBeLessThan(1000);
    expect(answer.headers['content-encoding']).toBeUndefined();
    // the default behaviour allows GET and HEAD only
    expect((await get(APP_CONFIG_PATH, { method: 'POST' })).status).toBe(403);
  });
});

describe('response headers of published sites', () => {
  let agent: TestAgent;
  let websiteId: string;
  const domain = `www.fidelity-${randomUUID().slice(0, 8)}.example`;

  beforeAll(async () => {
    agent = await createTestAgent();
    const made = await callApi('/websites', {
      ...jsonBody('POST', { name: `Fidelity ${randomUUID().slice(0, 6)}`, template_id: 'coastal' }),
      token: agent.token,
    });
    expect(made.status).toBe(201);
    websiteId = ((await made.json()) as { id: string }).id;
    // the claim the domain routes write (functions/website-domains/website-domains.ts reads it)
    const { DomainClaim } = await import('#functions/website-domains/entities');
    await DomainClaim.create({ domain, website_id: websiteId, kind: 'custom', agent_id: agent.agentId });
    const published = await callApi(`/websites/${websiteId}/publish`, { method: 'POST', token: agent.token });
    expect(published.status).toBe(200);
    // what the editor's Publish sends next: every page regenerated
    await publishEvent('WebsiteContentForced', { websiteId, agentId: agent.agentId });
    const deadline = Date.now() + REGENERATION.timeout;
    while ((await get('/', { host: domain })).status !== 200) {
      if (Date.now() > deadline) throw new Error(`the website of ${domain} was not published in time`);
      await new Promise((resolve) => setTimeout(resolve, REGENERATION.interval));
    }
  });

  it('published site page: the sites’ headers, the regenerator’s Cache-Control, Brotli as CloudFront sends it', async () => {
    const answer = await get('/', { host: domain, acceptEncoding: BROWSER });
    expect(answer.status).toBe(200);
    expectSecurityHeaders(answer, PUBLISHED_SITE_SECURITY_HEADERS);
    expect(answer.headers['content-security-policy']).toContain("script-src 'none'");
    expect(answer.headers['content-security-policy']).not.toContain('sandbox');
    // a site may be on an agent's own domain: HSTS for this host only
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(answer.headers['cache-control']).toBe(SITE_PAGE_CACHE_CONTROL);
    expect(answer.body.length).toBeGreaterThan(1000);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.body.toString()).toContain('<!doctype html>');

    const gzip = await get('/', { host: domain, acceptEncoding: 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(answer.body)).toBe(true);
    const plain = await get('/', { host: domain });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.equals(answer.body)).toBe(true);
    // the site's media and its contact form's API answer with the sites' headers too
    const api = await get('/api/properties', { host: domain });
    expectSecurityHeaders(api, PUBLISHED_SITE_SECURITY_HEADERS);
  });

  it('preview page on the app origin: sandboxed, the object’s Cache-Control, Gzip only (CachingDisabled)', async () => {
    const answer = await get(`/sites/${websiteId}/`, { acceptEncoding: BROWSER });
    expect(answer.status).toBe(200);
    expectSecurityHeaders(answer, SITE_PREVIEW_SECURITY_HEADERS);
    // sandboxed without allow-forms: a page on the app's address sends no form (issue 20)
    expect(answer.headers['content-security-policy']).toMatch(/^sandbox allow-popups; /);
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['cache-control']).toBe(SITE_PAGE_CACHE_CONTROL);
    // the behaviour's cache policy caches no compressed objects: CloudFront sends Gzip, never Brotli
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.toString()).toContain(`href="/sites/${websiteId}/`);
    // the app's own answers next to it keep the app's headers
    expectSecurityHeaders(await get('/authentication/login'), appHeaders());
  });
});
