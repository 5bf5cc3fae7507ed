import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeKeyPath } from '#aws/sigv4';
import {
  BEHAVIOURS,
  PUBLISHED_SITE_SECURITY_HEADERS,
  SITE_PREVIEW_SECURITY_HEADERS,
  securityHeaderFields,
} from '#contracts/response-headers';
import { originFetch } from './origin-access.ts';
import { sendObject } from './static-host.ts';

/**
 * The local stand-in for the sites distribution (docs/website-builder.md, "Serving"): published pages
 * from the sites bucket, as the regenerator wrote them (`{websiteId}/index.html`,
 * `{websiteId}/{slug}/index.html`, `{websiteId}/listings/{slug}/index.html`, `sitemap.xml`, `robots.txt`,
 * `favicon.svg`); `/favicon.ico` is a redirect to the site's `favicon.svg`.
 *
 * - On the app's own origin: `/sites/{websiteId}/`, `/sites/{websiteId}/{slug}`, `…/sitemap.xml`,
 *   `…/robots.txt`, with the previews' headers (a sandboxing CSP, so a page — the agent's content —
 *   cannot reach the app's storage nor send a form) and compressed as that behaviour compresses (Gzip only: it caches
 *   nothing); their site-root links (`/about`) are pointed under `/sites/{websiteId}` so the site can be
 *   browsed there.
 * - For any other Host, the website whose domain (default subdomain or custom) that host is: `/` → home,
 *   `/{slug}` → that page, with the sites distribution's headers and compression. In AWS CloudFront maps
 *   the hostname (issue 11).
 * Headers and compression come from contracts/response-headers.ts, as the CDK's do; the Cache-Control is
 * the object's own (the regenerator writes it).
 */

export const SITES_PREFIX = '/sites/';

const WEBSITE_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A page's folder: one slug (`about`) or a listing page's `listings/{slug}`. */
const PAGE_FOLDER = /^[a-z0-9-]{1,200}(\/[a-z0-9-]{1,200}){0,2}$/;
/** The files the regenerator writes beside the pages. */
const SITE_FILES = new Set(['sitemap.xml', 'robots.txt', 'favicon.svg']);
/** Browsers and crawlers ask every site for it: it answers the site's generated icon. */
export const FAVICON_ICO = 'favicon.ico';
export const FAVICON_SVG = 'favicon.svg';

/**
 * The object key a site path (below the site root, e.g. `/`, `/about`, `/listings/villa-3f2a9c1b`,
 * `/sitemap.xml`) is kept under.
 */
export function siteObjectKey(websiteId: string, path: string): string | undefined {
  if (!WEBSITE_ID.test(websiteId)) return undefined;
  const rest = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (rest === '' || rest === 'index.html') return `${websiteId}/index.html`;
  if (SITE_FILES.has(rest)) return `${websiteId}/${rest}`;
  const folder = rest.replace(/\/index\.html$/, '');
  return PAGE_FOLDER.test(folder) ? `${websiteId}/${folder}/index.html` : undefined;
}

/** `/favicon.ico` below the site root: answered by a redirect to the site's favicon.svg (as in AWS). */
const isFaviconIco = (path: string) => path.replace(/^\/+/, '') === FAVICON_ICO;

/**
 * Site-root links of a page served under `/sites/{websiteId}`: `href="/about"` → `/sites/{id}/about`
 * (the app's own paths, `/media/` and `/api/`, stay as they are), and the contact form's `page` field,
 * so the leads endpoint sends the visitor back to the page where it is.
 */
export function underSitesPath(html: string, websiteId: string): string {
  return html
    .replace(/(<input type="hidden" name="page" value=")\/([^"]*)"/g, `$1/sites/${websiteId}/$2"`)
    .replace(/(\shref=")\/(?!\/|media\/|api\/|sites\/)([^"]*)"/g, (_, attribute: string, rest: string) => {
      return `${attribute}/sites/${websiteId}/${rest}"`;
    });
}

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;color:#212529;background:#f8f9fa;text-align:center}h1{font-size:2rem;margin:0 0 8px}p{margin:0;color:#6c757d}</style>
</head><body><main><h1>Page not found</h1><p>This website has no page at this address, or it is not published.</p></main></body></html>
`;

export interface SitesHostOptions {
  s3Endpoint: string;
  bucket: string;
  /** the app's own port: hosts `localhost:<port>` and `127.0.0.1:<port>` are the app, any other a site */
  appPort: number;
  /** the website of a hostname, or undefined (functions/website-domains/website-domains.ts) */
  websiteIdForHost: (host: string) => Promise<string | undefined>;
}

/** Whether a Host header names the app itself rather than a website's domain. */
export function isAppHost(host: string | undefined, appPort: number): boolean {
  if (!host) return true;
  const value = host.trim().toLowerCase();
  return [`localhost:${appPort}`, `127.0.0.1:${appPort}`, `[::1]:${appPort}`].includes(value);
}

export function createSitesHost(options: SitesHostOptions) {
  const preview = {
    behaviour: BEHAVIOURS.sitePreview,
    headers: securityHeaderFields(SITE_PREVIEW_SECURITY_HEADERS),
  };
  const published = {
    behaviour: BEHAVIOURS.publishedSite,
    headers: securityHeaderFields(PUBLISHED_SITE_SECURITY_HEADERS),
  };

  async function serveObject(
    request: IncomingMessage,
    response: ServerResponse,
    key: string | undefined,
    appOrigin: { websiteId: string } | undefined,
  ) {
    const { behaviour, headers } = appOrigin ? preview : published;
    const upstream = key
      ? // signed, as CloudFront's origin access control reads the private sites bucket
        await originFetch(`${options.s3Endpoint}/${options.bucket}/${encodeKeyPath(key)}`)
      : undefined;
    if (!upstream?.ok) {
      await upstream?.body?.cancel();
      const page = {
        body: Buffer.from(NOT_FOUND_PAGE),
        contentType: 'text/html; charset=utf-8',
        cacheControl: 'no-store',
      };
      return sendObject(request, response, behaviour, headers, page, 404);
    }
    let body = Buffer.from(await upstream.arrayBuffer());
    const contentType = upstream.headers.get('content-type') ?? 'text/html; charset=utf-8';
    if (appOrigin && contentType.startsWith('text/html'))
      body = Buffer.from(underSitesPath(body.toString('utf8'), appOrigin.websiteId));
    sendObject(request, response, behaviour, headers, {
      body,
      contentType,
      cacheControl: upstream.headers.get('cache-control') ?? undefined,
      etag: upstream.headers.get('etag') ?? undefined,
      lastModified: upstream.headers.get('last-modified') ?? undefined,
    });
  }

  /** What the sites distribution's function answers for `/favicon.ico` (infra/lib/site-router-function.ts). */
  const redirect = (response: ServerResponse, location: string, headers: Record<string, string>) => {
    response.writeHead(301, { location, 'cache-control': 'max-age=86400', ...headers });
    response.end();
  };

  const methodAllowed = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' || request.method === 'HEAD') return true;
    response.writeHead(405, { allow: 'GET, HEAD' });
    response.end();
    return false;
  };

  return {
    /** `/sites/…` on the app's origin; answers false for any other path. */
    async serveAppPath(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
      if (!url.pathname.startsWith(SITES_PREFIX)) return false;
      request.resume();
      if (!methodAllowed(request, response)) return true;
      const [websiteId = '', ...rest] = url.pathname.slice(SITES_PREFIX.length).split('/');
      if (rest.length === 0 && WEBSITE_ID.test(websiteId)) {
        // the site root needs its slash for the pages' relative addresses
        response.writeHead(308, {
          location: `${SITES_PREFIX}${websiteId}/${url.search}`,
          ...preview.headers,
        });
        response.end();
        return true;
      }
      if (WEBSITE_ID.test(websiteId) && isFaviconIco(rest.join('/'))) {
        redirect(response, `${SITES_PREFIX}${websiteId}/${FAVICON_SVG}`, preview.headers);
        return true;
      }
      await serveObject(request, response, siteObjectKey(websiteId, `/${rest.join('/')}`), { websiteId });
      return true;
    },

    /** A request for another Host: the site of that domain; false when no website has that domain. */
    async serveDomain(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
      const host = request.headers.host;
      if (isAppHost(host, options.appPort)) return false;
      const websiteId = await options.websiteIdForHost(host!);
      if (!websiteId) return false;
      request.resume();
      if (!methodAllowed(request, response)) return true;
      if (isFaviconIco(url.pathname)) {
        redirect(response, `/${FAVICON_SVG}`, published.headers);
        return true;
      }
      await serveObject(request, response, siteObjectKey(websiteId, url.pathname), undefined);
      return true;
    },
  };
}
