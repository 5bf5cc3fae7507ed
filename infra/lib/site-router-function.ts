/** Paths of the sites bucket that are served as they are, for every host (the shared 404 page). */
export const SITE_ERRORS_PREFIX = '/_errors/';
/** The page published sites show for an unknown host or a missing page. */
export const SITE_NOT_FOUND_PATH = `${SITE_ERRORS_PREFIX}404.html`;
export const SITE_NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Page not found</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem">' +
  '<h1>Page not found</h1><p>There is no page at this address.</p></body></html>';

/**
 * Body of the CloudFront Function (cloudfront-js-2.0) on the sites distribution's viewer requests. It
 * reads the website id of the request's Host from the KeyValueStore (`kvs`, key = lower-case hostname,
 * value = websiteId; written when a website gets a subdomain or a custom domain) and rewrites the URI to
 * where the page regenerator writes the page: `/` → `/{websiteId}/index.html`, `/{slug}` (and a listing's
 * `/listings/{slug}`) → `/{websiteId}/{…}/index.html`, files (`/sitemap.xml`, `/robots.txt`,
 * `/favicon.svg`) → `/{websiteId}/…`; `/favicon.ico` is redirected to `/favicon.svg`.
 * An unknown host, or a path that tries to leave the website's folder, gets the 404 page.
 */
export function siteRouterBody(): string {
  return `${sitePathsSource()}
async function handler(event) {
  var request = event.request;
  if (request.uri.startsWith(ERRORS_PREFIX)) return request;
  var hostHeader = request.headers.host;
  var host = (hostHeader ? hostHeader.value : '').toLowerCase().replace(/:\\d+$/, '').replace(/\\.$/, '');
  if (host === '') return notFound();
  var websiteId;
  try {
    websiteId = await kvs.get(host);
  } catch (error) {
    return notFound();
  }
  if (typeof websiteId !== 'string' || !WEBSITE_ID.test(websiteId)) return notFound();
  if (request.uri === '/favicon.ico') return redirect('/favicon.svg');
  var uri = sitePath(websiteId, request.uri);
  if (!uri) return notFound();
  request.uri = uri;
  return request;
}
`;
}

/** Where the app origin shows published pages (the editor's preview links): `/sites/{websiteId}/…`. */
export const SITE_PREVIEW_PREFIX = '/sites/';
/**
 * The pages are the agent's content on the app's own origin: the sandbox keeps them from the app's
 * cookies and storage (contracts/response-headers.ts; the local cloud sends the same header).
 */
export { SITE_PREVIEW_CSP } from '../../contracts/response-headers.ts';

/**
 * Source of the CloudFront Function (cloudfront-js-2.0) on the app distribution's `/sites/*` behaviour:
 * `/sites/{websiteId}/{slug}` → the same objects the sites distribution serves for that website's host.
 */
export function sitePreviewFunctionSource(): string {
  return `${sitePathsSource()}
var PREVIEW = /^\\/sites\\/([^\\/]+)(\\/.*)?$/;

function handler(event) {
  var request = event.request;
  var match = PREVIEW.exec(request.uri);
  if (!match || !WEBSITE_ID.test(match[1])) return notFound();
  if (match[2] === '/favicon.ico') return redirect('/sites/' + match[1] + '/favicon.svg');
  var uri = sitePath(match[1], match[2] || '/');
  if (!uri) return notFound();
  request.uri = uri;
  return request;
}
`;
}

/** What both functions share: the 404 answer and the page path → object key rule. */
function sitePathsSource(): string {
  return `var ERRORS_PREFIX = ${JSON.stringify(SITE_ERRORS_PREFIX)};
var NOT_FOUND_HTML = ${JSON.stringify(SITE_NOT_FOUND_HTML)};
var WEBSITE_ID = /^[A-Za-z0-9_-]{1,128}$/;
var FILE = /\\.[a-z0-9]{1,8}$/i;

function notFound() {
  return {
    statusCode: 404,
    statusDescription: 'Not Found',
    headers: {
      'content-type': { value: 'text/html; charset=utf-8' },
      'cache-control': { value: 'no-store' },
    },
    body: { encoding: 'text', data: NOT_FOUND_HTML },
  };
}

// every site's icon is the favicon.svg the regenerator writes; browsers and crawlers still ask /favicon.ico
function redirect(location) {
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: {
      location: { value: location },
      'cache-control': { value: 'max-age=86400' },
    },
  };
}

function sitePath(websiteId, uri) {
  var segments = uri.split('/').filter(function (segment) { return segment !== ''; });
  for (var i = 0; i < segments.length; i++) {
    if (segments[i] === '.' || segments[i] === '..' || segments[i].indexOf('%') !== -1) return undefined;
  }
  if (segments.length === 0 || (segments.length === 1 && segments[0] === 'index.html')) {
    return '/' + websiteId + '/index.html';
  }
  var path = '/' + segments.join('/');
  if (FILE.test(path)) return '/' + websiteId + path;
  return '/' + websiteId + path + '/index.html';
}
`;
}

/** The function's source, bound to one KeyValueStore (its id is a deploy-time token). */
export function siteRouterFunctionSource(keyValueStoreId: string): string {
  return `import cf from 'cloudfront';\nvar kvs = cf.kvs(${JSON.stringify(keyValueStoreId)});\n${siteRouterBody()}`;
}
