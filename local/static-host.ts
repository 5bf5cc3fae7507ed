import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import {
  appCacheControl,
  BEHAVIOURS,
  type Behaviour,
  type ContentEncoding,
  cloudFrontEncoding,
  isCompressible,
  isPrecompressedKey,
  PRECOMPRESSED_CONTENT_TYPES,
  PRECOMPRESSED_SUFFIX,
  precompressedPath,
  type SecurityHeaders,
  securityHeaderFields,
} from '#contracts/response-headers';
import { GUARD_REDIRECT_STATUS, guardRedirect, STATIC_FILE } from '#contracts/route-guard';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** The build's files that are never deployed (infra/lib/app-hosting.ts excludes them). */
const NOT_DEPLOYED = /^\.vite\//;

// ── sending as CloudFront sends ────────────────────────────────────────────────────────────────────────

/** An object as an origin answers it, with the encodings made of it beforehand (if any). */
export interface OriginObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string | undefined;
  /** S3's strong ETag (`"<md5>"`) */
  etag?: string | undefined;
  lastModified?: string | undefined;
  /** the object's own Content-Encoding metadata (the build's `.br` files): sent as it is */
  contentEncoding?: ContentEncoding | undefined;
  encoded?: Partial<Record<ContentEncoding, Buffer>>;
}

/** The compression levels of the local edge; CloudFront does not publish its own. */
export function encode(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/** What S3 answers for an object's ETag: the MD5 of its bytes, quoted. */
export const s3Etag = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Sends an object the way a CloudFront behaviour does: Brotli/Gzip as the behaviour and the viewer's
 * Accept-Encoding allow (contracts/response-headers.ts), `Vary: Accept-Encoding` for an object it
 * compresses, the strong ETag made weak on a compressed answer, 304 for a matching If-None-Match, and the
 * behaviour's security headers over whatever the origin sent.
 */
export function sendObject(
  request: IncomingMessage,
  response: ServerResponse,
  behaviour: Behaviour,
  securityHeaders: Record<string, string>,
  object: OriginObject,
  status = 200,
): void {
  const encoding = cloudFrontEncoding(
    behaviour,
    { acceptEncoding: request.headers['accept-encoding'] },
    { contentType: object.contentType, bytes: object.body.length, contentEncoding: object.contentEncoding },
  );
  const headers: Record<string, string> = { 'content-type': object.contentType };
  if (object.cacheControl) headers['cache-control'] = object.cacheControl;
  if (object.lastModified) headers['last-modified'] = object.lastModified;
  if (object.etag) headers.etag = encoding && object.etag.startsWith('"') ? `W/${object.etag}` : object.etag;
  if (behaviour.compress && !object.contentEncoding && isCompressible(object.contentType, object.body.length))
    headers.vary = 'Accept-Encoding';
  Object.assign(headers, securityHeaders);
  if (status === 200 && matchesEtag(request.headers['if-none-match'], object.etag)) {
    const { 'content-type': _type, ...notModified } = headers;
    response.writeHead(304, notModified);
    return void response.end();
  }
  const body = encoding ? (object.encoded?.[encoding] ?? encode(object.body, encoding)) : object.body;
  const contentEncoding = encoding ?? object.contentEncoding;
  if (contentEncoding) headers['content-encoding'] = contentEncoding;
  headers['content-length'] = String(body.length);
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** Sets a behaviour's security headers on an answer another handler writes (media, API). */
export function setSecurityHeaders(response: ServerResponse, headers: SecurityHeaders): void {
  for (const [name, value] of Object.entries(securityHeaderFields(headers))) response.setHeader(name, value);
}

/** S3's answer for a key that does not exist when the reader may not list the bucket (CloudFront OAC). */
export function s3AccessDenied(): OriginObject {
  const id = createHash('md5').update(String(Math.random())).digest('hex').slice(0, 16).toUpperCase();
  return {
    body: Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>${id}</RequestId><HostId>${id}</HostId></Error>`,
    ),
    contentType: 'application/xml',
  };
}

// ── the app distribution's default behaviour ───────────────────────────────────────────────────────────

interface BuiltFile extends OriginObject {
  mtimeMs: number;
  size: number;
}

export interface StaticHostOptions {
  /** the built app (`frontend/dist`) */
  distDirectory: string;
  /** the app's security headers (contracts/response-headers.ts) with this cloud's origins */
  securityHeaders: SecurityHeaders;
  /** `/app-config.json`: deployed next to the app in AWS, made by the local cloud at start here */
  appConfig?: { path: string; json: string };
}

/**
 * The local stand-in for the app distribution's default behaviour (CloudFront + the app bucket), as
 * infra/lib/app-hosting.ts configures it: the route guard function (a page without the token cookie →
 * temporary redirect to the login route; any other page path → index.html; a file path as it is), the
 * objects with the Cache-Control the deployment gives them, compressed as CloudFront compresses
 * (every compressible file is compressed once, at start or when the build changes it, not per request),
 * a missing file answered as S3 answers CloudFront (403 AccessDenied), GET and HEAD only, and the app's
 * security headers on every answer.
 */
export function createStaticHost(options: StaticHostOptions) {
  const distDirectory = resolve(options.distDirectory);
  const behaviour = BEHAVIOURS.app;
  const securityHeaders = securityHeaderFields(options.securityHeaders);
  const files = new Map<string, BuiltFile>();

  const encodings = (body: Buffer, contentType: string): Partial<Record<ContentEncoding, Buffer>> => {
    if (!isCompressible(contentType, body.length)) return {};
    return {
      gzip: encode(body, 'gzip'),
      ...(behaviour.cachePolicy === 'CachingOptimized' ? { br: encode(body, 'br') } : {}),
    };
  };

  /** The object of a key, read (and compressed) again only when the file changed. */
  const objectOf = (key: string): BuiltFile | undefined => {
    if (NOT_DEPLOYED.test(key)) return undefined;
    const path = join(distDirectory, ...key.split('/'));
    if (!path.startsWith(distDirectory + sep)) return undefined;
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(path);
    } catch {
      files.delete(key);
      return undefined;
    }
    if (!stats.isFile()) return undefined;
    const known = files.get(key);
    if (known && known.mtimeMs === stats.mtimeMs && known.size === stats.size) return known;
    const body = readFileSync(path);
    // the build's Brotli of a file: deployed with the file's Content-Type and `Content-Encoding: br`
    const original = key.endsWith(PRECOMPRESSED_SUFFIX) ? key.slice(0, -PRECOMPRESSED_SUFFIX.length) : '';
    const precompressed = isPrecompressedKey(original);
    const contentType = precompressed
      ? PRECOMPRESSED_CONTENT_TYPES[extname(original) as keyof typeof PRECOMPRESSED_CONTENT_TYPES]
      : (CONTENT_TYPES[extname(path)] ?? 'application/octet-stream');
    const file: BuiltFile = {
      body,
      contentType,
      cacheControl: appCacheControl(key),
      etag: s3Etag(body),
      lastModified: stats.mtime.toUTCString(),
      ...(precompressed ? { contentEncoding: 'br' as const } : { encoded: encodings(body, contentType) }),
      mtimeMs: stats.mtimeMs,
      size: stats.size,
    };
    files.set(key, file);
    return file;
  };

  // every built file compressed once, now
  const visit = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) visit(path);
      else objectOf(relative(distDirectory, path).split(sep).join('/'));
    }
  };
  if (existsSync(distDirectory)) visit(distDirectory);

  const config = options.appConfig && {
    key: options.appConfig.path.replace(/^\//, ''),
    object: ((body: Buffer) => ({
      body,
      contentType: 'application/json',
      cacheControl: appCacheControl(options.appConfig!.path.replace(/^\//, '')),
      etag: s3Etag(body),
      lastModified: new Date().toUTCString(),
      encoded: encodings(body, 'application/json'),
    }))(Buffer.from(options.appConfig.json)),
  };

  return function serveApp(request: IncomingMessage, response: ServerResponse, url: URL) {
    request.resume();
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // what CloudFront answers for a method the behaviour does not allow
      response.writeHead(403, { 'content-type': 'text/html', ...securityHeaders });
      return response.end(request.method === 'HEAD' ? undefined : '<h1>403 Forbidden</h1>');
    }
    // the route guard function (infra/lib/route-guard-function.ts)
    const redirect = guardRedirect(url.pathname, request.headers.cookie);
    if (redirect) {
      response.writeHead(GUARD_REDIRECT_STATUS, {
        location: redirect,
        'cache-control': 'no-store',
        ...securityHeaders,
      });
      return response.end();
    }
    if (!STATIC_FILE.test(url.pathname)) {
      const index = objectOf('index.html');
      if (!index) {
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        return response.end('The app is not built yet: run `npm run build` (npm start builds it for you).');
      }
      return sendObject(request, response, behaviour, securityHeaders, index);
    }
    let key: string;
    try {
      key = decodeURIComponent(url.pathname).replace(/^\//, '');
    } catch {
      return sendObject(request, response, behaviour, securityHeaders, s3AccessDenied(), 403);
    }
    // the route guard function's choice of the build's Brotli (infra/lib/route-guard-function.ts)
    const sent = precompressedPath(`/${key}`, request.headers['accept-encoding'])?.slice(1) ?? key;
    const object = config && key === config.key ? config.object : objectOf(sent);
    if (!object) return sendObject(request, response, behaviour, securityHeaders, s3AccessDenied(), 403);
    sendObject(request, response, behaviour, securityHeaders, object);
  };
}
