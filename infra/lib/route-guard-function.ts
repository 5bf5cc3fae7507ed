import {
  HASHED_ASSETS_PREFIX,
  PRECOMPRESSED_CONTENT_TYPES,
  PRECOMPRESSED_SUFFIX,
} from '../../contracts/response-headers.ts';
import {
  API_PATH_PREFIXES,
  APP_PATHS_NAMED_LIKE_API,
  GUARD_REDIRECT_STATUS,
  LOGIN_PATH,
  PUBLIC_APP_PREFIXES,
  STATIC_FILE,
  TOKEN_COOKIE,
} from '../../contracts/route-guard.ts';

export { GUARD_REDIRECT_STATUS };

/**
 * Source of the CloudFront Function (cloudfront-js-2.0) on the app's viewer requests. It applies the
 * route guard of contracts/route-guard.ts (constants injected from there) and then serves the SPA:
 * every page path is rewritten to /index.html. Doing the SPA fallback here rather than with the
 * distribution's error responses keeps API 403/404 answers intact, since error responses apply to every
 * behaviour. A hashed JS or CSS file is sent as the build's Brotli (`<file>.br`) to a viewer that takes
 * Brotli, as contracts/response-headers.ts's `precompressedPath` says.
 */
export function routeGuardFunctionSource(): string {
  return `var TOKEN_COOKIE = ${JSON.stringify(TOKEN_COOKIE)};
var LOGIN_PATH = ${JSON.stringify(LOGIN_PATH)};
var API_PATH_PREFIXES = ${JSON.stringify(API_PATH_PREFIXES)};
var APP_PATHS_NAMED_LIKE_API = ${JSON.stringify(APP_PATHS_NAMED_LIKE_API)};
var PUBLIC_APP_PREFIXES = ${JSON.stringify(PUBLIC_APP_PREFIXES)};
var STATIC_FILE = ${STATIC_FILE.toString()};
var HASHED_ASSETS_PATH = ${JSON.stringify(`/${HASHED_ASSETS_PREFIX}`)};
var PRECOMPRESSED_EXTENSIONS = ${JSON.stringify(Object.keys(PRECOMPRESSED_CONTENT_TYPES))};
var PRECOMPRESSED_SUFFIX = ${JSON.stringify(PRECOMPRESSED_SUFFIX)};

function isApiPath(path) {
  if (APP_PATHS_NAMED_LIKE_API.indexOf(path) !== -1) return false;
  return API_PATH_PREFIXES.some(function (prefix) {
    return path === prefix.replace(/\\/$/, '') || path.startsWith(prefix);
  });
}

function hasTokenCookie(cookies) {
  var cookie = cookies && cookies[TOKEN_COOKIE];
  if (!cookie) return false;
  var values = cookie.multiValue || [cookie];
  return values.some(function (entry) {
    return typeof entry.value === 'string' && entry.value.length > 0;
  });
}

function isPrecompressedPath(path) {
  if (path.indexOf(HASHED_ASSETS_PATH) !== 0) return false;
  if (path.slice(HASHED_ASSETS_PATH.length).indexOf('/') !== -1) return false;
  return PRECOMPRESSED_EXTENSIONS.some(function (extension) {
    return path.endsWith(extension);
  });
}

// Brotli named in Accept-Encoding, and not refused with q=0
function takesBrotli(headers) {
  var header = headers && headers['accept-encoding'];
  if (!header || typeof header.value !== 'string') return false;
  return header.value.split(',').some(function (part) {
    var pieces = part.split(';').map(function (piece) {
      return piece.trim().toLowerCase();
    });
    if (pieces[0] !== 'br') return false;
    return !pieces.slice(1).some(function (parameter) {
      return parameter.indexOf('q=') === 0 && Number(parameter.slice(2)) === 0;
    });
  });
}

function handler(event) {
  var request = event.request;
  var path = request.uri;
  if (isApiPath(path)) return request;
  if (STATIC_FILE.test(path)) {
    if (isPrecompressedPath(path) && takesBrotli(request.headers)) request.uri = path + PRECOMPRESSED_SUFFIX;
    return request;
  }
  var isPublic = PUBLIC_APP_PREFIXES.some(function (prefix) {
    return path.startsWith(prefix);
  });
  if (!isPublic && !hasTokenCookie(request.cookies)) {
    return {
      statusCode: ${GUARD_REDIRECT_STATUS},
      statusDescription: 'Temporary Redirect',
      headers: { location: { value: LOGIN_PATH }, 'cache-control': { value: 'no-store' } },
    };
  }
  request.uri = '/index.html';
  return request;
}
`;
}
