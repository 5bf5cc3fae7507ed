import { describe, expect, it } from 'vitest';
import {
  guardRedirect,
  hasTokenCookie,
  isApiPath,
  LOGIN_PATH,
  OWNER_CONFIRMATION_PATH,
} from './route-guard.ts';

describe('route guard', () => {
  it('redirects a page request without a cookie to the login route', () => {
    expect(guardRedirect('/agents/profile', undefined)).toBe('/authentication/login');
    expect(guardRedirect('/', '')).toBe(LOGIN_PATH);
  });

  it('lets a page request with a token cookie through', () => {
    expect(guardRedirect('/agents/profile', 'token=abc')).toBeUndefined();
    expect(guardRedirect('/cloud', 'theme=dark; token=abc; other=1')).toBeUndefined();
  });

  it('redirects when the token cookie is empty or only a look-alike', () => {
    expect(guardRedirect('/agents/profile', 'token=')).toBe(LOGIN_PATH);
    expect(guardRedirect('/agents/profile', 'xtoken=abc; tokens=abc')).toBe(LOGIN_PATH);
  });

  it('leaves API paths to the API, token or not', () => {
    for (const path of ['/api/agents', '/cloud/files', '/websites/1', '/website-domains/custom-domain']) {
      expect(isApiPath(path), path).toBe(true);
      expect(guardRedirect(path, undefined), path).toBeUndefined();
    }
  });

  it('treats the /cloud page as a page, not as the /cloud/* API', () => {
    expect(isApiPath('/cloud')).toBe(false);
    expect(guardRedirect('/cloud', undefined)).toBe(LOGIN_PATH);
    expect(isApiPath('/cloud/files')).toBe(true);
  });

  it('serves static files without a token', () => {
    expect(guardRedirect('/assets/index-abc123.js', undefined)).toBeUndefined();
    expect(guardRedirect('/favicon.ico', undefined)).toBeUndefined();
  });

  it('does not redirect the login route itself', () => {
    expect(guardRedirect('/authentication/login', undefined)).toBeUndefined();
  });

  it("lets a listing's owner open the confirmation page without an account", () => {
    expect(guardRedirect(OWNER_CONFIRMATION_PATH, undefined)).toBeUndefined();
    expect(guardRedirect('/listing-ownerx', undefined)).toBe(LOGIN_PATH);
  });

  it('treats a token whose value contains = as present', () => {
    expect(hasTokenCookie('token=a=b')).toBe(true);
  });
});
