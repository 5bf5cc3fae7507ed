import type { Browser, BrowserContext, Cookie, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_TOKEN_MINUTES, SESSION_DAYS } from '#contracts/session-lifetimes';
import { createTestAgent } from '../support/agents.ts';
import { cognitoCall } from '../support/cognito-api.ts';
import { appUrl, sidebar, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * "Keep me signed in" (issue 20): the login page's box picks the app client of the sign-in, password or
 * Google. Not ticked, the session lasts until the browser closes (a session cookie; at most
 * SESSION_DAYS.session, its refresh token's lifetime); ticked, SESSION_DAYS.kept across restarts (the cookie
 * lasts as long as the refresh token), and its refreshes go to the client that signed it in.
 */

const DAY_SECONDS = 24 * 3600;

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;

const tokenCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'token');

const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

/** The app's refresh of its access token with Cognito (REFRESH_TOKEN_AUTH). */
const isTokenRefresh = (request: Request) =>
  request.url().startsWith(inject('cloud').appConfig.cognitoEndpoint) &&
  (request.postData() ?? '').includes('REFRESH_TOKEN_AUTH');

/**
 * The browser closed and opened again: a new context with what the browser keeps across a restart (its
 * persistent cookies and localStorage), without its session cookies.
 */
async function restart(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  const state = await context.storageState();
  await context.close();
  return browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: { ...state, cookies: state.cookies.filter((cookie: Cookie) => cookie.expires !== -1) },
  });
}

async function signIn(page: Page, email: string, keep: boolean) {
  await page.goto(appUrl('/authentication/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  if (keep) await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/agents/profile');
  await sidebar(page).getByTestId('sidebar-name').waitFor();
}

describe('Keep me signed in', () => {
  const { browser, openPage } = useBrowser();

  beforeAll(() => {
    Object.assign(process.env, inject('cloud').env);
  });

  it('not ticked: a session cookie, tokens of the session client, and the session ends with the browser', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const page = await openPage();
    await page.goto(appUrl('/authentication/login'));
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Keep me signed in' }).isChecked())
      .toBe(false);
    await signIn(page, agent.email, false);

    const cookie = await tokenCookie(page.context());
    expect(cookie?.expires).toBe(-1);
    const access = claims(decodeURIComponent(cookie!.value));
    expect(access.client_id).toBe(inject('cloud').userPool.clientId);
    expect(Number(access.exp) - Number(access.iat)).toBe(ACCESS_TOKEN_MINUTES * 60);
    const refreshToken = await stored(page, 'estatenet.refreshToken');
    const refreshClaims = claims(refreshToken!);
    expect(Number(refreshClaims.exp) - Number(refreshClaims.iat)).toBe(SESSION_DAYS.session * DAY_SECONDS);

    // the browser is closed and opened again on the profile
    const context = await restart(browser(), page.context());
    const again = await context.newPage();
    await again.goto(appUrl('/agents/profile'));

    expect(new URL(again.url()).pathname).toBe('/authentication/login');
    await again.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // the login form stays (no way back into the ended session), and nothing of it is left
    await expect.poll(() => stored(again, 'estatenet.refreshToken')).toBeNull();
    expect(await stored(again, 'persist:auth')).toBeNull();
    expect(await stored(again, 'estatenet.session')).toBeNull();
    expect(new URL(again.url()).pathname).toBe('/authentication/login');
    // and Cognito no longer refreshes the refresh token the browser held
    await expect
      .poll(
        async () =>
          (
            await cognitoCall('InitiateAuth', {
              ClientId: inject('cloud').userPool.clientId,
              AuthFlow: 'REFRESH_TOKEN_AUTH',
              AuthParameters: { REFRESH_TOKEN: refreshToken },
            })
          ).body,
      )
      .toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    await context.close();
  });

  it('ticked: tokens of the kept client, a cookie of 30 days, a session across restarts refreshed at its client', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const page = await openPage();
    const before = Date.now() / 1000;
    await signIn(page, agent.email, true);

    const cookie = await tokenCookie(page.context());
    // a persistent cookie, until the refresh token expires
    expect(cookie!.expires).toBeGreaterThan(before + SESSION_DAYS.kept * DAY_SECONDS - 120);
    expect(cookie!.expires).toBeLessThanOrEqual(Date.now() / 1000 + SESSION_DAYS.kept * DAY_SECONDS);
    const access = claims(decodeURIComponent(cookie!.value));
    expect(access.client_id).toBe(inject('cloud').userPool.keepSignedInClientId);
    const refreshClaims = claims((await stored(page, 'estatenet.refreshToken'))!);
    expect(Number(refreshClaims.exp) - Number(refreshClaims.iat)).toBe(SESSION_DAYS.kept * DAY_SECONDS);

    // the browser is closed and opened again: still signed in
    const context = await restart(browser(), page.context());
    await context.clock.install();
    const again = await context.newPage();
    await again.goto(appUrl('/clients'));
    await sidebar(again).getByTestId('sidebar-name').waitFor();
    expect(new URL(again.url()).pathname).toBe('/clients');
    await expect.poll(() => sidebar(again).getByTestId('sidebar-name').textContent()).toBe(agent.fullName);

    // its access token is refreshed at the client that issued the refresh token
    const refresh = again.waitForRequest(isTokenRefresh);
    await again.clock.fastForward(`${ACCESS_TOKEN_MINUTES - 1}:30`);
    const request = await refresh;
    expect(JSON.parse(request.postData()!).ClientId).toBe(inject('cloud').userPool.keepSignedInClientId);
    expect((await request.response())!.status()).toBe(200);
    await expect
      .poll(async () => claims(decodeURIComponent((await tokenCookie(context))!.value)).jti)
      .not.toBe(access.jti);
    // the rewritten cookie still ends with the session, not with the new access token
    expect((await tokenCookie(context))!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * DAY_SECONDS);
    await context.close();
  });

  it('Sign in with Google honours it', async () => {
    const page = await openPage();
    await page.goto(appUrl('/authentication/login'));
    await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('client_id')).toBe(
      inject('cloud').userPool.keepSignedInClientId,
    );
    await page.getByRole('button', { name: /Priya Shah/ }).click();
    await page.waitForURL('**/agents/profile', { timeout: 15_000 });
    await sidebar(page).getByTestId('sidebar-name').waitFor();

    const cookie = await tokenCookie(page.context());
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + (SESSION_DAYS.kept - 1) * DAY_SECONDS);
    expect(claims(decodeURIComponent(cookie!.value)).client_id).toBe(
      inject('cloud').userPool.keepSignedInClientId,
    );
    expect(JSON.parse((await stored(page, 'estatenet.session'))!)).toMatchObject({
      clientId: inject('cloud').userPool.keepSignedInClientId,
      keepSignedIn: true,
    });
    await page.context().close();
  });
});
