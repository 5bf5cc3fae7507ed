// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearTokenCookie, readTokenCookie, tokenCookieAttributes, writeTokenCookie } from './tokenCookie.ts';

afterEach(() => clearTokenCookie());

describe('token cookie', () => {
  it('is Secure, SameSite=Lax and site-wide in production', () => {
    expect(tokenCookieAttributes({ hostname: 'app.estatenet.example', protocol: 'https:' })).toBe(
      '; Path=/; SameSite=Lax; Secure',
    );
  });

  it('drops Secure on plain-http localhost so local development can sign in', () => {
    expect(tokenCookieAttributes({ hostname: 'localhost', protocol: 'http:' })).toBe(
      '; Path=/; SameSite=Lax',
    );
    expect(tokenCookieAttributes({ hostname: '127.0.0.1', protocol: 'http:' })).toBe(
      '; Path=/; SameSite=Lax',
    );
  });

  it('round-trips a token with characters that need encoding', () => {
    writeTokenCookie('a.b=c;d');
    expect(readTokenCookie()).toBe('a.b=c;d');
  });

  it('reads nothing once cleared', () => {
    writeTokenCookie('jwt');
    clearTokenCookie();
    expect(readTokenCookie()).toBeUndefined();
  });
});
