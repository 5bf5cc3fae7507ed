import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { GUARD_REDIRECT_STATUS, guardRedirect } from '#contracts/route-guard';

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

/**
 * The local stand-in for CloudFront + S3: serves the built app with the SPA fallback and the spec's
 * route guard (a page without the token cookie → temporary redirect to the login route).
 */
export function createStaticHost(distDirectory: string) {
  return function serveApp(request: IncomingMessage, response: ServerResponse, url: URL) {
    const redirect = guardRedirect(url.pathname, request.headers.cookie);
    if (redirect) {
      response.writeHead(GUARD_REDIRECT_STATUS, { location: redirect, 'cache-control': 'no-store' });
      return response.end();
    }
    const requested = normalize(join(distDirectory, decodeURIComponent(url.pathname)));
    const isInside = requested.startsWith(distDirectory);
    const file =
      isInside && existsSync(requested) && statSync(requested).isFile()
        ? requested
        : join(distDirectory, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('The app is not built yet: run `npm run build` (npm start builds it for you).');
    }
    const isHashedAsset = file.includes(`${join(distDirectory, 'assets')}`);
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (request.method === 'HEAD') return response.end();
    createReadStream(file).pipe(response);
  };
}
