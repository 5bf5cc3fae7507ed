import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { encodeKeyPath } from '#aws/sigv4';
import { userFileDisposition } from '#contracts/response-headers';
import { originFetch } from './origin-access.ts';

/** App paths under this prefix are objects under the same prefix in the files bucket. */
export const MEDIA_PREFIX = '/media/';

/** Response headers of the object that the proxy passes on (CloudFront passes the same from S3). */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'content-disposition',
];
/** Request headers that make a conditional or partial GET (video seeking, revalidation). */
const FORWARDED_HEADERS = ['range', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since'];

/**
 * `media/<rest>` from `/media/<rest>`, or undefined for a path that could leave the prefix. S3 keys are
 * literal, but s3rver keeps objects as files, so `.`/`..` segments (also encoded ones) never get through.
 */
export function mediaKey(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith(MEDIA_PREFIX) || decoded.includes('\\') || decoded.includes('\0')) return undefined;
  const segments = decoded.slice(1).split('/');
  if (
    segments.length < 2 ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  )
    return undefined;
  return segments.join('/');
}

/**
 * What the `/media/*` behaviours' viewer-response function does to an object's answer
 * (infra/lib/media-response-function.ts): a type a browser would run something of (anything but the
 * pictures, PDF, plain text, video and audio of contracts/response-headers.ts) is sent as an attachment.
 */
export function mediaResponseHeaders(headers: Record<string, string>): Record<string, string> {
  if (userFileDisposition(headers['content-type']) === 'inline') return headers;
  return { ...headers, 'content-disposition': 'attachment' };
}

/**
 * The local stand-in for the app distribution's `/media/*` behaviour: GET and HEAD of `/media/<rest>`
 * answer with the files bucket's object `media/<rest>` from the local S3 (read with a signed request, as
 * CloudFront's origin access control reads it) (its content type, ETag and ranges), `nosniff`, and as an
 * attachment unless its type is one a browser runs nothing of (`mediaResponseHeaders`);
 * 404 when there is none. Only the `media/` prefix is reachable; cloud files stay private.
 */
export function createMediaProxy(s3Endpoint: string, bucket: string) {
  return async function serveMedia(request: IncomingMessage, response: ServerResponse, url: URL) {
    request.resume();
    const notFound = () => {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : 'Not found');
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' });
      return response.end();
    }
    const key = mediaKey(url.pathname);
    if (!key) return notFound();
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const objectUrl = `${s3Endpoint}/${bucket}/${encodeKeyPath(key)}`;
    let upstream: Response;
    try {
      // signed, as CloudFront's origin access control signs its reads of the private bucket
      upstream = await originFetch(objectUrl, { method: request.method, headers });
    } catch {
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('The local S3 emulator is not reachable');
    }
    if (upstream.status === 404 || upstream.status === 403) {
      await upstream.body?.cancel();
      return notFound();
    }
    const passed: Record<string, string> = { 'x-content-type-options': 'nosniff' };
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) passed[name] = value;
    }
    passed['cache-control'] ??= 'public, max-age=300';
    // fetch decodes a stored Content-Encoding, so the stored length no longer applies
    if (upstream.headers.get('content-encoding')) delete passed['content-length'];
    response.writeHead(upstream.status, mediaResponseHeaders(passed));
    if (!upstream.body || request.method === 'HEAD') {
      await upstream.body?.cancel();
      return response.end();
    }
    await pipeline(
      Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream),
      response,
    ).catch(() => response.destroy());
  };
}
