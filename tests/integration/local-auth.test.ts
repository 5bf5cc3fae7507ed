import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { OAUTH_CALLBACK_PATH } from '#contracts/app-config';
import { ACCESS_TOKEN_MINUTES, SESSION_DAYS } from '#contracts/session-lifetimes';
import { ensureCognitoUser } from '#local/accounts';
import { callApi } from '../support/agents.ts';

/** The Google sign-in stand-in, driven as the app drives Cognito's hosted UI: code flow with PKCE. */

const cloud = () => inject('cloud');
const oauth = (path: string) => `${cloud().appConfig.oauthDomain}${path}`;
const callback = () => `${cloud().appUrl}${OAUTH_CALLBACK_PATH}`;

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeParams(challenge: string, overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: 'code',
    client_id: cloud().userPool.clientId,
    redirect_uri: callback(),
    state: randomUUID(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    identity_provider: 'Google',
    scope: 'openid email profile',
    ...overrides,
  });
}

/** Chooses an account on the chooser (the form post the page makes) and returns the redirect. */
async function choose(params: URLSearchParams, account: Record<string, string>) {
  const response = await fetch(oauth('/oauth2/authorize'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(params), ...account }),
  });
  return response;
}

function exchange(values: Record<string, string>) {
  return fetch(oauth('/oauth2/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: cloud().userPool.clientId,
      redirect_uri: callback(),
      ...values,
    }),
  });
}

/** authorize → choose → code, as the browser goes through it */
async function codeFor(account: Record<string, string>, overrides: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const params = authorizeParams(challenge, overrides);
  const chosen = await choose(params, account);
  expect(chosen.status).toBe(302);
  const location = new URL(chosen.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(callback());
  expect(location.searchParams.get('state')).toBe(params.get('state'));
  return { code: location.searchParams.get('code')!, verifier };
}

interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
}

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('the local Google sign-in stand-in', () => {
  it('advertises itself as the OAuth domain in /app-config.json', () => {
    expect(cloud().appConfig.oauthDomain).toBe(`${cloud().appUrl}/local-auth`);
  });

  it('shows a self-contained "Choose an account" page with the demo Google accounts', async () => {
    const response = await fetch(`${oauth('/oauth2/authorize')}?${authorizeParams(pkce().challenge)}`, {
      redirect: 'manual',
    });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<h1>Choose an account</h1>');
    expect(html).toContain('to continue to <strong>EstateNet</strong>');
    expect(html).toContain('google.demo@estatenet.local');
    expect(html).toMatch(
      /<button[^>]*formmethod="get"[^>]*name="screen" value="add"[^>]*>[\s\S]*?Use another account/,
    );
    // nothing is loaded from anywhere else
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('signs a Google user in: the code and PKCE verifier give real tokens the API accepts', async () => {
    const { code, verifier } = await codeFor({ email: 'google.demo@estatenet.local' });

    const response = await exchange({ code, code_verifier: verifier });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = (await response.json()) as TokenResponse;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_MINUTES * 60 });
    const access = claims(tokens.access_token);
    expect(access).toMatchObject({ token_use: 'access', client_id: cloud().userPool.clientId });
    expect(claims(tokens.id_token)).toMatchObject({
      email: 'google.demo@estatenet.local',
      name: 'Demo Google User',
    });
    // the post-confirmation trigger created the agent on the first sign-in
    const agent = await callApi(`/api/agents/${access.sub}`, { token: tokens.access_token });
    expect(agent.status).toBe(200);
    expect(await agent.json()).toMatchObject({ role: 'Superagent', full_name: 'Demo Google User' });
  });

  it('signs in at the "Keep me signed in" client too, with that client’s tokens', async () => {
    const { keepSignedInClientId } = cloud().userPool;
    const { code, verifier } = await codeFor(
      { email: 'google.demo@estatenet.local' },
      { client_id: keepSignedInClientId },
    );

    // the code is bound to the client it was issued to
    const elsewhere = await exchange({ code, code_verifier: verifier });
    expect(elsewhere.status).toBe(400);
    const again = await codeFor(
      { email: 'google.demo@estatenet.local' },
      { client_id: keepSignedInClientId },
    );
    const response = await exchange({
      code: again.code,
      code_verifier: again.verifier,
      client_id: keepSignedInClientId,
    });

    expect(response.status).toBe(200);
    const tokens = (await response.json()) as TokenResponse;
    expect(claims(tokens.access_token)).toMatchObject({ client_id: keepSignedInClientId });
    const refresh = claims(tokens.refresh_token) as { exp: number; iat: number };
    expect(refresh.exp - refresh.iat).toBe(SESSION_DAYS.kept * 24 * 3600);
    expect(tokens.expires_in).toBe(ACCESS_TOKEN_MINUTES * 60);
  });

  it('signs the same Google user in again as the same account, without provisioning again', async () => {
    const first = await codeFor({ email: 'priya.shah@estatenet.local' });
    const firstTokens = (await (
      await exchange({ code: first.code, code_verifier: first.verifier })
    ).json()) as TokenResponse;
    const second = await codeFor({ email: 'priya.shah@estatenet.local' });
    const secondTokens = (await (
      await exchange({ code: second.code, code_verifier: second.verifier })
    ).json()) as TokenResponse;

    expect(claims(secondTokens.access_token).sub).toBe(claims(firstTokens.access_token).sub);
    const priya = await callApi(`/api/agents/${claims(firstTokens.access_token).sub}`, {
      token: secondTokens.access_token,
    });
    expect(priya.status).toBe(200);
    const created = readFileSync(cloud().logFile, 'utf8').match(
      /first Google sign-in of priya\.shah@estatenet\.local: account created/g,
    );
    expect(created).toHaveLength(1);
  });

  it('adds another account with a name and an email', async () => {
    const email = `new-google-${randomUUID()}@gmail.test`;
    const form = await fetch(
      `${oauth('/oauth2/authorize')}?${authorizeParams(pkce().challenge, { screen: 'add' })}`,
    );
    const html = await form.text();
    expect(html).toContain('Name<input name="name"');
    expect(html).toContain('Email<input name="email" type="email"');

    const { code, verifier } = await codeFor({ new_account: '1', name: 'Jonas Weber', email });
    const tokens = (await (await exchange({ code, code_verifier: verifier })).json()) as TokenResponse;

    expect(claims(tokens.id_token)).toMatchObject({ email, name: 'Jonas Weber' });
    // and the chooser remembers it
    const chooser = await (
      await fetch(`${oauth('/oauth2/authorize')}?${authorizeParams(pkce().challenge)}`)
    ).text();
    expect(chooser).toContain(email);
  });

  it('asks again for a new account without a valid name or email', async () => {
    const params = authorizeParams(pkce().challenge);

    const response = await choose(params, { new_account: '1', name: 'No Email', email: 'not-an-email' });

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert">Enter a valid email address.');
  });

  it('refuses a Google account whose email already has a password account', async () => {
    const email = `password-user-${randomUUID()}@test.local`;
    await ensureCognitoUser(cloud().userPool, { email, password: 'Test-Password-1', fullName: 'Pat Word' });

    const response = await choose(authorizeParams(pkce().challenge), {
      new_account: '1',
      name: 'Pat',
      email,
    });

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('already has an EstateNet account with a password');
  });

  it('answers invalid_grant to a wrong verifier, a reused code, or another redirect URI', async () => {
    const wrongVerifier = await codeFor({ email: 'google.demo@estatenet.local' });
    const wrong = await exchange({ code: wrongVerifier.code, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'invalid_grant' });
    // a code is spent by any attempt
    const retried = await exchange({ code: wrongVerifier.code, code_verifier: wrongVerifier.verifier });
    expect(await retried.json()).toEqual({ error: 'invalid_grant' });

    const used = await codeFor({ email: 'google.demo@estatenet.local' });
    expect((await exchange({ code: used.code, code_verifier: used.verifier })).status).toBe(200);
    const reused = await exchange({ code: used.code, code_verifier: used.verifier });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant' });

    const elsewhere = await codeFor({ email: 'google.demo@estatenet.local' });
    const otherRedirect = await exchange({
      code: elsewhere.code,
      code_verifier: elsewhere.verifier,
      redirect_uri: `${cloud().appUrl}/somewhere-else`,
    });
    expect(await otherRedirect.json()).toEqual({ error: 'invalid_grant' });
    expect((await exchange({ code: 'made-up', code_verifier: pkce().verifier })).status).toBe(400);
  });

  it('answers the token endpoint’s other errors like Cognito', async () => {
    const unsupported = await exchange({ grant_type: 'password', code: 'x', code_verifier: pkce().verifier });
    expect(await unsupported.json()).toEqual({ error: 'unsupported_grant_type' });
    const badClient = await exchange({ client_id: 'nope', code: 'x', code_verifier: pkce().verifier });
    expect(await badClient.json()).toEqual({ error: 'invalid_client' });
    const json = await fetch(oauth('/oauth2/token'), { method: 'POST', body: '{}' });
    expect(json.status).toBe(400);
  });

  it('refreshes tokens with the refresh_token grant', async () => {
    const { code, verifier } = await codeFor({ email: 'google.demo@estatenet.local' });
    const tokens = (await (await exchange({ code, code_verifier: verifier })).json()) as TokenResponse;

    const refreshed = await exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });

    expect(refreshed.status).toBe(200);
    const body = (await refreshed.json()) as TokenResponse;
    expect(claims(body.access_token).sub).toBe(claims(tokens.access_token).sub);
    expect(body.refresh_token).toBeUndefined();
  });

  it('never sends the browser to an unregistered redirect URI or for an unknown client', async () => {
    const { challenge } = pkce();
    const cases: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/callback' },
      { client_id: 'unknown-client' },
    ];
    for (const overrides of cases) {
      const response = await fetch(`${oauth('/oauth2/authorize')}?${authorizeParams(challenge, overrides)}`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('Sign-in error');
    }
  });

  it('sends other request errors back to the app, with the state', async () => {
    const params = authorizeParams(pkce().challenge, { code_challenge_method: 'plain' });

    const response = await fetch(`${oauth('/oauth2/authorize')}?${params}`, { redirect: 'manual' });

    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe(params.get('state'));
    expect(location.searchParams.get('code')).toBeNull();
    const missingChallenge = authorizeParams('', {});
    const noPkce = await fetch(`${oauth('/oauth2/authorize')}?${missingChallenge}`, { redirect: 'manual' });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('signs out through /logout to a registered sign-out URL only', async () => {
    const { clientId } = cloud().userPool;
    const good = await fetch(
      `${oauth('/logout')}?${new URLSearchParams({ client_id: clientId, logout_uri: `${cloud().appUrl}/authentication/login` })}`,
      { redirect: 'manual' },
    );
    expect(good.status).toBe(302);
    expect(good.headers.get('location')).toBe(`${cloud().appUrl}/authentication/login`);
    const bad = await fetch(
      `${oauth('/logout')}?${new URLSearchParams({ client_id: clientId, logout_uri: 'https://evil.example/' })}`,
      { redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
  });
});
