/**
 * What each CloudFront behaviour that serves files answers with, besides the file (docs/cloud-fidelity.md,
 * "Response headers"): its security headers (a response headers policy), its Cache-Control (the object
 * metadata the deployment or the writer sets) and how it compresses (the behaviour's `compress` and cache
 * policy). Pure data: the CDK builds its ResponseHeadersPolicy objects and behaviours from it
 * (infra/lib/app-hosting.ts, infra/lib/sites-hosting.ts), and the local hosts send the same headers and
 * compress the same way (local/static-host.ts, local/sites-host.ts, local/cloud.ts).
 */

// ── security headers ───────────────────────────────────────────────────────────────────────────────────

export type FrameOption = 'DENY' | 'SAMEORIGIN';

/** A response headers policy's security headers; every one overrides what the origin sends. */
export interface SecurityHeaders {
  contentSecurityPolicy: string;
  strictTransportSecurity: { maxAgeSeconds: number; includeSubdomains: boolean; preload: boolean };
  frameOption: FrameOption;
  /** `X-Content-Type-Options: nosniff`, always */
  contentTypeOptions: 'nosniff';
  referrerPolicy: 'strict-origin-when-cross-origin';
}

/** Two years, subdomains included, eligible for the preload list: the app's own domain. */
export const APP_HSTS = { maxAgeSeconds: 2 * 365 * 24 * 60 * 60, includeSubdomains: true, preload: true };
/**
 * One year, this host only: a published site may sit on an agent's own domain, whose other subdomains are
 * not ours to pin to HTTPS (nor to put on the preload list).
 */
export const SITE_HSTS = { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: false, preload: false };

/** The origins (scheme://host[:port]) the app's pages load from and call, besides their own. */
export interface AppOrigins {
  /** Cognito's JSON API (the app config's `cognitoEndpoint`) */
  cognito: string;
  /** the OAuth domain: the hosted UI in AWS, the local stand-in on the app origin locally */
  hostedUi: string;
  /** the files bucket, where presigned uploads and downloads go */
  files: string;
}

/**
 * The app's Content-Security-Policy: scripts from our origin only; API calls to our origin, Cognito and
 * the hosted UI (token exchange); presigned uploads and downloads straight to the files bucket; nothing may
 * frame the app; forms post to our origin or the hosted UI; no plugins.
 * - Inline styles stay allowed: the website editor (GrapesJS) and the toasts set style attributes.
 * - Pictures also from any https address: an agent may put a picture address on a website page (the
 *   editor's picture picker), and the editor's canvas is a frame of the app, under this policy.
 * - File previews are frames of `blob:` documents the app makes from the downloaded file (PDF), so no
 *   other origin is ever framed.
 */
export function appContentSecurityPolicy(origins: AppOrigins): string {
  const { cognito, hostedUi, files } = origins;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${files}`,
    "font-src 'self' data:",
    `connect-src 'self' ${cognito} ${hostedUi} ${files}`,
    `media-src 'self' blob: ${files}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${hostedUi}`,
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** The app distribution's pages, built files, app config, API answers and media. */
export function appSecurityHeaders(origins: AppOrigins): SecurityHeaders {
  return {
    contentSecurityPolicy: appContentSecurityPolicy(origins),
    strictTransportSecurity: APP_HSTS,
    frameOption: 'DENY',
    contentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
  };
}

/**
 * A published page's Content-Security-Policy. The page regenerator writes no script (functions/
 * websites/site-render.ts drops them); this says so to the browser too. Styles are the page's own (inline), fonts
 * ours, pictures the site's `/media/` or any https address (as in the editor); the contact form posts to
 * the site itself; a page may be framed by its own origin only.
 */
export const SITE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The sites distribution: every website's pages on its own domain, their media and the contact form. */
export const PUBLISHED_SITE_SECURITY_HEADERS: SecurityHeaders = {
  contentSecurityPolicy: SITE_CONTENT_SECURITY_POLICY,
  strictTransportSecurity: SITE_HSTS,
  frameOption: 'SAMEORIGIN',
  contentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
};

/**
 * Published pages previewed on the app's origin (`/sites/{websiteId}/…`). The agent's content there is
 * sandboxed — an opaque origin, so it cannot reach the app's cookies or storage — and its forms send
 * nothing (no `allow-forms`): a page on the app's address could otherwise ask a visitor for an email and
 * password and post them to its author's own lead inbox (`form-action 'self'` only stops other hosts).
 * Contact forms take messages on the website's own domains (the sites distribution, PUBLISHED_SITE_…).
 * Links that open a new tab still work; otherwise the published page's own policy.
 */
export const SITE_PREVIEW_CSP = `sandbox allow-popups; ${SITE_CONTENT_SECURITY_POLICY}`;

export const SITE_PREVIEW_SECURITY_HEADERS: SecurityHeaders = {
  contentSecurityPolicy: SITE_PREVIEW_CSP,
  strictTransportSecurity: APP_HSTS,
  // the editor may show a preview in a frame of the app
  frameOption: 'SAMEORIGIN',
  contentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
};

/** The header fields a response headers policy adds, as CloudFront writes them (names in lower case). */
export function securityHeaderFields(headers: SecurityHeaders): Record<string, string> {
  const hsts = headers.strictTransportSecurity;
  return {
    'content-security-policy': headers.contentSecurityPolicy,
    'strict-transport-security': [
      `max-age=${hsts.maxAgeSeconds}`,
      ...(hsts.includeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.preload ? ['preload'] : []),
    ].join('; '),
    'x-frame-options': headers.frameOption,
    'x-content-type-options': headers.contentTypeOptions,
    'referrer-policy': headers.referrerPolicy,
  };
}

// ── user files ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The user files (cloud files, website assets, property media) served `inline`: the types the app's
 * previewers show in place and a browser renders without running anything of the file — pictures, PDF,
 * plain text, video and audio. SVG (a picture that can hold script), HTML, XML and every other type are
 * served as attachments: opening one downloads it, so nothing of it ever runs on one of our origins. The
 * type is the one the file's bytes show (functions/platform/file-signatures.ts), never the uploader's word.
 */
export const INLINE_USER_FILE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
  'text/plain',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/wav',
  'audio/ogg',
  'audio/flac',
  'audio/webm',
]);

export type UserFileDisposition = 'inline' | 'attachment';

/** The media type of a Content-Type value, lower-cased, without its parameters (`; charset=…`). */
export const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** How a user file of this Content-Type is served: in place only when the browser runs nothing of it. */
export function userFileDisposition(contentType: string | undefined): UserFileDisposition {
  return INLINE_USER_FILE_TYPES.has(mediaTypeOf(contentType)) ? 'inline' : 'attachment';
}

/**
 * A Content-Disposition value with the file's name as RFC 6266/8187 spell it (`filename*=UTF-8''…`, every
 * byte outside the attribute characters percent-encoded, so no name can end the header's parameter).
 */
export function contentDisposition(disposition: UserFileDisposition, fileName?: string): string {
  if (!fileName) return disposition;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename*=UTF-8''${encoded}`;
}

// ── cache control ──────────────────────────────────────────────────────────────────────────────────────

/** The folder of the build's content-hashed files (Vite's `assets/`). */
export const HASHED_ASSETS_PREFIX = 'assets/';

/** The Cache-Control the app bucket's objects carry (the deployment's object metadata). */
export const APP_CACHE_CONTROL = {
  /** content-hashed files: a new build gets new names, so a year and never revalidated */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** index.html, app-config.json, the icon: revalidated on every load, so a deploy shows at once */
  document: 'no-cache',
} as const;

/** The Cache-Control of the app bucket's object `key` (`index.html`, `assets/index-3f2a.js`). */
export function appCacheControl(key: string): string {
  return key.startsWith(HASHED_ASSETS_PREFIX) ? APP_CACHE_CONTROL.hashedAsset : APP_CACHE_CONTROL.document;
}

/** What the page regenerator writes with every page and file of a website: revalidated on each visit. */
export const SITE_PAGE_CACHE_CONTROL = 'no-cache';

// ── behaviours and compression ─────────────────────────────────────────────────────────────────────────

/** The managed cache policies the behaviours use. */
export type CachePolicyName = 'CachingOptimized' | 'CachingDisabled';

export interface Behaviour {
  /** CloudFront's path pattern (`*` for the default behaviour) */
  pathPattern: string;
  cachePolicy: CachePolicyName;
  /** CloudFront compresses (edge compression) */
  compress: boolean;
}

/**
 * The behaviours the local hosts stand in for. With `compress` CloudFront sends Brotli when the viewer
 * takes it and the cache policy caches Brotli objects, else Gzip when the viewer takes that; a cache policy
 * that caches no compressed objects (CachingDisabled) gets Gzip only.
 */
export const BEHAVIOURS = {
  /** the app distribution's default: the built app and /app-config.json from the app bucket */
  app: { pathPattern: '*', cachePolicy: 'CachingOptimized', compress: true },
  /** the app distribution's published-page previews, from the sites bucket */
  sitePreview: { pathPattern: '/sites/*', cachePolicy: 'CachingDisabled', compress: true },
  /** the sites distribution's default: every website's pages */
  publishedSite: { pathPattern: '*', cachePolicy: 'CachingOptimized', compress: true },
} as const satisfies Record<string, Behaviour>;

export type ContentEncoding = 'br' | 'gzip';

/** CloudFront compresses objects of this size only (bytes, inclusive). */
export const COMPRESSIBLE_BYTES = { min: 1_000, max: 10_000_000 } as const;

/** The Content-Types CloudFront compresses (its documented list; parameters such as charset aside). */
export const COMPRESSIBLE_TYPES: ReadonlySet<string> = new Set([
  'application/dash+xml',
  'application/eot',
  'application/font',
  'application/font-sfnt',
  'application/javascript',
  'application/json',
  'application/opentype',
  'application/otf',
  'application/pkcs7-mime',
  'application/protobuf',
  'application/rss+xml',
  'application/truetype',
  'application/ttf',
  'application/vnd.apple.mpegurl',
  'application/vnd.ms-fontobject',
  'application/xhtml+xml',
  'application/xml',
  'application/x-font-opentype',
  'application/x-font-truetype',
  'application/x-font-ttf',
  'application/x-httpd-cgi',
  'application/x-javascript',
  'application/x-mpegurl',
  'application/x-opentype',
  'application/x-otf',
  'application/x-perl',
  'application/x-ttf',
  'font/eot',
  'font/opentype',
  'font/otf',
  'font/ttf',
  'image/svg+xml',
  'text/css',
  'text/csv',
  'text/html',
  'text/javascript',
  'text/js',
  'text/plain',
  'text/richtext',
  'text/tab-separated-values',
  'text/xml',
  'text/x-component',
  'text/x-java-source',
  'text/x-script',
  'vnd.apple.mpegurl',
]);

/** Whether CloudFront would compress an object of this type and size at all (for some viewer). */
export function isCompressible(contentType: string | undefined, bytes: number): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return COMPRESSIBLE_TYPES.has(type) && bytes >= COMPRESSIBLE_BYTES.min && bytes <= COMPRESSIBLE_BYTES.max;
}

/** The encodings an Accept-Encoding header takes (a coding with `q=0` is refused). */
export function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (coding && !(q && Number(q.slice(2)) === 0)) accepted.add(coding);
  }
  return accepted;
}

/**
 * How CloudFront sends an object through a behaviour: Brotli, Gzip or as it is (undefined), from the
 * viewer's Accept-Encoding, the object's Content-Type and size (it must be known: Content-Length), and
 * the behaviour's compression. An object the origin already encoded is never compressed again.
 */
export function cloudFrontEncoding(
  behaviour: Behaviour,
  request: { acceptEncoding: string | undefined },
  object: { contentType: string | undefined; bytes: number; contentEncoding?: string | undefined },
): ContentEncoding | undefined {
  if (!behaviour.compress || object.contentEncoding) return undefined;
  if (!isCompressible(object.contentType, object.bytes)) return undefined;
  const accepted = acceptedEncodings(request.acceptEncoding);
  if (behaviour.cachePolicy === 'CachingOptimized' && accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : undefined;
}

// ── the build's own Brotli ─────────────────────────────────────────────────────────────────────────────

/**
 * The hashed files the build also writes Brotli-compressed at quality 11 (`<file>.br`, every one of them,
 * whatever its size), deployed with `Content-Encoding: br` and the original's Content-Type. CloudFront's
 * own Brotli is a fast level it does not publish; quality 11 makes the JavaScript and CSS a phone downloads
 * before its first paint ~9% smaller (docs/decisions.md, "Page load: the build's own Brotli").
 */
export const PRECOMPRESSED_CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
} as const;
export const PRECOMPRESSED_SUFFIX = '.br';
const PRECOMPRESSED_EXTENSIONS = Object.keys(PRECOMPRESSED_CONTENT_TYPES);

/** Whether the build writes a `.br` of this app bucket key (`assets/index-3f2a.js`). */
export function isPrecompressedKey(key: string): boolean {
  return (
    key.startsWith(HASHED_ASSETS_PREFIX) &&
    !key.slice(HASHED_ASSETS_PREFIX.length).includes('/') &&
    PRECOMPRESSED_EXTENSIONS.some((extension) => key.endsWith(extension))
  );
}

/**
 * The object the app's route guard function sends for a request path (`/assets/index-3f2a.js`): its
 * build-compressed `.br` when the viewer takes Brotli, else undefined (the object itself, which
 * CloudFront compresses as for any other). infra/lib/route-guard-function.ts does the same at the edge.
 */
export function precompressedPath(path: string, acceptEncoding: string | undefined): string | undefined {
  if (!isPrecompressedKey(path.replace(/^\//, ''))) return undefined;
  return acceptedEncodings(acceptEncoding).has('br') ? `${path}${PRECOMPRESSED_SUFFIX}` : undefined;
}
