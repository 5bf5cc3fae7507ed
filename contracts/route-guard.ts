/**
 * The spec's route guard (§2): a page request without the token cookie gets a temporary redirect to the
 * login route. The local static host and the CloudFront Function both implement this one rule.
 */
export const TOKEN_COOKIE = 'token';
export const LOGIN_PATH = '/authentication/login';
/** The spec asks for a temporary redirect; 307 keeps the method and is never cached. */
export const GUARD_REDIRECT_STATUS = 307;

/** Paths served by the API, not the app (same origin). */
export const API_PATH_PREFIXES = ['/api/', '/cloud/', '/websites/', '/website-domains/'] as const;

/**
 * Where a listing's owner confirms it, without an account: the link emailed to the owner, its secret in
 * the fragment (never sent to a server, so in no access log or Referer).
 */
export const OWNER_CONFIRMATION_PATH = '/listing-owner/confirm';

/** App paths a visitor may open without a token. */
export const PUBLIC_APP_PREFIXES = ['/authentication/', '/listing-owner/'] as const;

/** Built files (hashed assets, fonts, icons) are public. */
export const STATIC_FILE = /\.[a-z0-9]{1,8}$/i;

/** App pages whose path is also the name of an API prefix (spec §2 `/cloud` beside the `/cloud/*` API). */
export const APP_PATHS_NAMED_LIKE_API = ['/cloud'] as const;

export function isApiPath(path: string): boolean {
  if ((APP_PATHS_NAMED_LIKE_API as readonly string[]).includes(path)) return false;
  return API_PATH_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

export function hasTokenCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => {
    const [name, ...value] = part.trim().split('=');
    return name === TOKEN_COOKIE && value.join('=').length > 0;
  });
}

/** The redirect target for a page request, or undefined when the request may go through. */
export function guardRedirect(path: string, cookieHeader: string | undefined): string | undefined {
  if (isApiPath(path) || STATIC_FILE.test(path)) return undefined;
  if (PUBLIC_APP_PREFIXES.some((prefix) => path.startsWith(prefix))) return undefined;
  return hasTokenCookie(cookieHeader) ? undefined : LOGIN_PATH;
}
