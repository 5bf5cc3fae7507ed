import { describe, expect, it } from 'vitest';
import {
  acceptedEncodings,
  appCacheControl,
  appSecurityHeaders,
  BEHAVIOURS,
  cloudFrontEncoding,
  contentDisposition,
  isCompressible,
  PUBLISHED_SITE_SECURITY_HEADERS,
  SITE_PREVIEW_SECURITY_HEADERS,
  securityHeaderFields,
  userFileDisposition,
} from './response-headers.ts';

const origins = {
  cognito: 'https://cognito-idp.eu-west-1.amazonaws.com',
  hostedUi: 'https://estatenet-dev.auth.eu-west-1.amazoncognito.com',
  files: 'https://estatenet-dev-files.s3.eu-west-1.amazonaws.com',
};
const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );

describe('response headers', () => {
  it('writes a policy’s headers as CloudFront sends them', () => {
    const fields = securityHeaderFields(appSecurityHeaders(origins));
    expect(Object.keys(fields).sort()).toEqual([
      'content-security-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(fields['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect(fields['x-frame-options']).toBe('DENY');
    expect(fields['x-content-type-options']).toBe('nosniff');
    expect(securityHeaderFields(PUBLISHED_SITE_SECURITY_HEADERS)['strict-transport-security']).toBe(
      'max-age=31536000',
    );
  });

  it('keeps the app’s CSP to its own origins: frames only itself and blob: documents, no plugins', () => {
    const app = directives(appSecurityHeaders(origins).contentSecurityPolicy);
    expect(app['script-src']).toEqual(["'self'"]);
    expect(app['frame-src']).toEqual(["'self'", 'blob:']);
    expect(app['object-src']).toEqual(["'none'"]);
    expect(app['frame-ancestors']).toEqual(["'none'"]);
    expect(app['connect-src']).toEqual(["'self'", origins.cognito, origins.hostedUi, origins.files]);
    expect(app['form-action']).toEqual(["'self'", origins.hostedUi]);
  });

  it('lets published pages and their previews run no script; previews are sandboxed', () => {
    const site = directives(PUBLISHED_SITE_SECURITY_HEADERS.contentSecurityPolicy);
    expect(site['script-src']).toEqual(["'none'"]);
    expect(site['form-action']).toEqual(["'self'"]);
    expect(site.sandbox).toBeUndefined();
    const preview = directives(SITE_PREVIEW_SECURITY_HEADERS.contentSecurityPolicy);
    expect(preview['script-src']).toEqual(["'none'"]);
    expect(SITE_PREVIEW_SECURITY_HEADERS.frameOption).toBe('SAMEORIGIN');
  });

  it('lets no form of a preview on the app origin send anything, anywhere; published sites keep their forms', () => {
    const preview = directives(SITE_PREVIEW_SECURITY_HEADERS.contentSecurityPolicy);
    // sandboxed without allow-forms: not even to the app's own lead route, where a page's author reads it
    expect(preview.sandbox).toEqual(['allow-popups']);
    expect(preview['form-action']).toEqual(["'self'"]);
    const site = directives(PUBLISHED_SITE_SECURITY_HEADERS.contentSecurityPolicy);
    expect(site['form-action']).toEqual(["'self'"]);
    expect(site.sandbox).toBeUndefined();
  });

  it('serves user files in place only when a browser runs nothing of them', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'application/pdf',
      'text/plain; charset=utf-8',
      'video/mp4',
      'audio/mpeg',
    ])
      expect(userFileDisposition(type), type).toBe('inline');
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/xml',
      'text/xml',
      'application/xhtml+xml',
      'text/javascript',
      'application/octet-stream',
      'text/csv',
      '',
      undefined,
    ])
      expect(userFileDisposition(type), String(type)).toBe('attachment');
    expect(userFileDisposition('Image/PNG')).toBe('inline');
    expect(contentDisposition('attachment')).toBe('attachment');
    expect(contentDisposition('inline', 'notes.txt')).toBe("inline; filename*=UTF-8''notes.txt");
    // no name can end the parameter or start another
    expect(contentDisposition('attachment', `Casa "à" venda'; x=1 (2)*.pdf`)).toBe(
      "attachment; filename*=UTF-8''Casa%20%22%C3%A0%22%20venda%27%3B%20x%3D1%20%282%29%2A.pdf",
    );
  });

  it('gives hashed build files a year and everything else a revalidation', () => {
    expect(appCacheControl('assets/index-3f2a9c1b.js')).toBe('public, max-age=31536000, immutable');
    expect(appCacheControl('index.html')).toBe('no-cache');
    expect(appCacheControl('app-config.json')).toBe('no-cache');
    expect(appCacheControl('favicon.svg')).toBe('no-cache');
  });

  it('compresses as CloudFront: listed types, 1,000 B to 10 MB, Brotli first where the cache policy allows', () => {
    expect(isCompressible('text/javascript; charset=utf-8', 1000)).toBe(true);
    expect(isCompressible('application/json', 999)).toBe(false);
    expect(isCompressible('text/html', 10_000_001)).toBe(false);
    expect(isCompressible('font/woff2', 50_000)).toBe(false);
    expect(isCompressible('image/png', 50_000)).toBe(false);
    expect(isCompressible('image/svg+xml', 5_000)).toBe(true);

    const js = { contentType: 'text/javascript', bytes: 5_000 };
    const asked = (acceptEncoding: string | undefined) => ({ acceptEncoding });
    expect(cloudFrontEncoding(BEHAVIOURS.app, asked('gzip, deflate, br, zstd'), js)).toBe('br');
    expect(cloudFrontEncoding(BEHAVIOURS.app, asked('gzip, deflate'), js)).toBe('gzip');
    expect(cloudFrontEncoding(BEHAVIOURS.app, asked('br;q=0, gzip'), js)).toBe('gzip');
    expect(cloudFrontEncoding(BEHAVIOURS.app, asked(undefined), js)).toBeUndefined();
    expect(cloudFrontEncoding(BEHAVIOURS.app, asked('identity'), js)).toBeUndefined();
    // CachingDisabled caches no compressed objects: Gzip only
    expect(cloudFrontEncoding(BEHAVIOURS.sitePreview, asked('gzip, br'), js)).toBe('gzip');
    expect(cloudFrontEncoding(BEHAVIOURS.sitePreview, asked('br'), js)).toBeUndefined();
    // the origin's own encoding is never compressed again
    expect(
      cloudFrontEncoding(BEHAVIOURS.app, asked('br'), { ...js, contentEncoding: 'gzip' }),
    ).toBeUndefined();
    expect([...acceptedEncodings('gzip;q=1.0, br;q=0.5, *;q=0')]).toEqual(['gzip', 'br']);
  });
});
