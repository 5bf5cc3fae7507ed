import { TOKEN_COOKIE } from '#contracts/route-guard';

/**
 * The login token is mirrored in the `token` cookie because the route guard (CloudFront Function and the
 * local static host) only sees cookies. Secure everywhere except plain-http localhost development.
 */
export function tokenCookieAttributes({
  hostname,
  protocol,
}: Pick<Location, 'hostname' | 'protocol'>): string {
  const isLocalhost = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
  const secure = protocol === 'https:' || !isLocalhost ? '; Secure' : '';
  return `; Path=/; SameSite=Lax${secure}`;
}

/** Writes the cookie; without `maxAgeSeconds` it is a session cookie. */
export function writeTokenCookie(token: string, maxAgeSeconds?: number): void {
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the synchronous cookie API works in every browser we support
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}${maxAge}${tokenCookieAttributes(window.location)}`;
}

export function clearTokenCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeTokenCookie
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${tokenCookieAttributes(window.location)}`;
}

export function readTokenCookie(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) {
      const token = decodeURIComponent(value.join('='));
      return token || undefined;
    }
  }
  return undefined;
}
