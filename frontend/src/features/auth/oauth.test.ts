// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/fakes.ts';
import { codeChallengeFor, exchangeAuthorizationCode, googleAuthorizeUrl, OAUTH_MESSAGES } from './oauth.ts';

afterEach(() => sessionStorage.clear());

describe('Sign in with Google (authorization code + PKCE)', () => {
  it('computes the S256 challenge: BASE64URL(SHA-256(verifier)) without padding', async () => {
    const verifier = 'dBjftJeZ4CVP-mJ92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const expected = createHash('sha256').update(verifier).digest('base64url');
    expect(await codeChallengeFor(verifier)).toBe(expected);
    expect(expected).not.toMatch(/[=+/]/);
  });

  it('builds the authorize URL with identity_provider=Google, state and the S256 challenge', async () => {
    const url = new URL(await googleAuthorizeUrl(testConfig, 'http://localhost:3000'));
    expect(url.origin + url.pathname).toBe('http://auth.test/local-auth/oauth2/authorize');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'web-client',
      redirect_uri: 'http://localhost:3000/authentication/callback',
      identity_provider: 'Google',
      scope: 'openid email profile aws.cognito.signin.user.admin',
      code_challenge_method: 'S256',
    });
    const stored = JSON.parse(sessionStorage.getItem('estatenet.oauth')!);
    expect(params.state).toBe(stored.state);
    expect(params.code_challenge).toBe(await codeChallengeFor(stored.verifier));
  });

  it('exchanges the code form-encoded with the verifier, once', async () => {
    const url = new URL(await googleAuthorizeUrl(testConfig, 'http://localhost:3000'));
    const { verifier } = JSON.parse(sessionStorage.getItem('estatenet.oauth')!);
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(
          JSON.stringify({ access_token: 'a', id_token: 'i', refresh_token: 'r', expires_in: 3600 }),
        ),
    );
    const callback = new URL(
      `http://localhost:3000/authentication/callback?code=abc&state=${url.searchParams.get('state')}`,
    );

    const { tokens, terms } = await exchangeAuthorizationCode(testConfig, callback, {
      fetchImpl: fetchMock as typeof fetch,
    });

    expect(tokens).toEqual({ accessToken: 'a', idToken: 'i', refreshToken: 'r' });
    expect(terms).toMatchObject({ clientId: 'web-client', keepSignedIn: false });
    const [tokenUrl, init] = fetchMock.mock.calls[0]!;
    expect(tokenUrl).toBe('http://auth.test/local-auth/oauth2/token');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      grant_type: 'authorization_code',
      client_id: 'web-client',
      code: 'abc',
      redirect_uri: 'http://localhost:3000/authentication/callback',
      code_verifier: verifier,
    });
    expect(sessionStorage.getItem('estatenet.oauth')).toBeNull();
  });

  it('signs in at the "Keep me signed in" client when it is ticked, and exchanges the code there', async () => {
    const before = Date.now();
    const url = new URL(
      await googleAuthorizeUrl(testConfig, 'http://localhost:3000', { keepSignedIn: true }),
    );
    expect(url.searchParams.get('client_id')).toBe('web-client-kept');
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ access_token: 'a', id_token: 'i', refresh_token: 'r' })),
    );
    const callback = new URL(
      `http://localhost:3000/authentication/callback?code=abc&state=${url.searchParams.get('state')}`,
    );

    const { terms } = await exchangeAuthorizationCode(testConfig, callback, {
      fetchImpl: fetchMock as typeof fetch,
    });

    expect(new URLSearchParams(String(fetchMock.mock.calls[0]![1].body)).get('client_id')).toBe(
      'web-client-kept',
    );
    expect(terms).toMatchObject({ clientId: 'web-client-kept', keepSignedIn: true });
    // a month from the moment the sign-in began
    expect(terms.endsAt - before).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000);
    expect(terms.endsAt - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
  });

  it('refuses a callback whose state this tab did not start', async () => {
    await googleAuthorizeUrl(testConfig, 'http://localhost:3000');
    const callback = new URL('http://localhost:3000/authentication/callback?code=abc&state=forged');
    await expect(exchangeAuthorizationCode(testConfig, callback)).rejects.toThrow(
      OAUTH_MESSAGES.stateMismatch,
    );
  });

  it('explains a cancelled Google sign-in', async () => {
    const callback = new URL('http://localhost:3000/authentication/callback?error=access_denied');
    await expect(exchangeAuthorizationCode(testConfig, callback)).rejects.toThrow(OAUTH_MESSAGES.cancelled);
  });
});
