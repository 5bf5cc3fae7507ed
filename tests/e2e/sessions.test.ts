import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCESS_TOKEN_MINUTES } from '#contracts/session-lifetimes';
import { createTestAgent, type TestAgent } from '../support/agents.ts';
import { cognitoCall } from '../support/cognito-api.ts';
import { appUrl, recordTrail, sidebar, submitLogin, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * Sessions that end (issue 20): a page opened right after signing in or after a token refresh keeps the
 * session; Log out revokes the refresh token with Cognito and leaves nothing of the session in the browser;
 * "Sign out everywhere" ends every browser's session at its next token refresh.
 */

const REFRESH_TOKEN_KEY = 'estatenet.refreshToken';
/** How often a race is run: a fresh browser context each time. */
const ATTEMPTS = 5;

const tokenCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;

const storedRefreshToken = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), REFRESH_TOKEN_KEY);

const refreshWith = (refreshToken: string) =>
  cognitoCall<{ __type?: string; message?: string }>('InitiateAuth', {
    ClientId: inject('cloud').userPool.clientId,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });

/** The signed-in shell on `path`, with its agent: the session survived the page load. */
async function expectSignedInOn(page: Page, path: string, agent: TestAgent, trail: () => string) {
  const name = sidebar(page).getByTestId('sidebar-name');
  // whichever the app settles on: its shell, or the login form of a session it lost
  await name.or(page.getByRole('heading', { name: 'Welcome back' })).waitFor();
  const held = async () =>
    `cookie ${(await tokenCookie(page.context())) ? 'held' : 'gone'}, stored session ${
      (await page.evaluate(() => localStorage.getItem('persist:auth'))) ? 'held' : 'gone'
    }, refresh token ${(await storedRefreshToken(page)) ? 'held' : 'gone'}`;
  if (new URL(page.url()).pathname !== path)
    expect.fail(
      `landed on ${page.url()} (${await held()}); what the page was asked and answered:\n${trail()}`,
    );
  await expect.poll(() => name.textContent()).toBe(agent.fullName);
  expect(await tokenCookie(page.context())).toBeTruthy();
  expect(await storedRefreshToken(page)).toBeTruthy();
}

/** The app's refresh of its access token with Cognito (REFRESH_TOKEN_AUTH). */
const isTokenRefresh = (request: Request) =>
  request.url().startsWith(inject('cloud').appConfig.cognitoEndpoint) &&
  (request.postData() ?? '').includes('REFRESH_TOKEN_AUTH');

describe('sessions', () => {
  const { browser, openPage } = useBrowser();

  beforeAll(() => {
    // test agents are written through the entity layer, against this project's cloud
    Object.assign(process.env, inject('cloud').env);
  });

  it('keeps the session when another page is loaded straight after signing in', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const page = await openPage();
      const trail = recordTrail(page);
      await submitLogin(page, agent.email, TEST_PASSWORD);
      // no wait beyond the sign-in's own navigation: the profile is still loading its agent and agency, and
      // leaving it aborts those reads (an aborted body once ended the session on its way out)
      await page.goto(appUrl('/clients'));
      await expectSignedInOn(page, '/clients', agent, trail);
      await page.context().close();
    }
  });

  it('keeps the session when the next page finds the cookie before the stored session (written across pages later)', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const page = await openPage();
    const trail = recordTrail(page);
    await submitLogin(page, agent.email, TEST_PASSWORD);
    await sidebar(page).getByTestId('sidebar-name').waitFor();
    // what a page opened under load met: the sign-in's cookie, and localStorage without its stored session
    await page.evaluate(() => localStorage.removeItem('persist:auth'));
    await page.goto(appUrl('/clients'));
    await expectSignedInOn(page, '/clients', agent, trail);
  });

  it('keeps the session when another page is loaded while or straight after the token is refreshed', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    for (let attempt = 1; attempt <= 2 * ATTEMPTS; attempt++) {
      const page = await openPage();
      const trail = recordTrail(page);
      await submitLogin(page, agent.email, TEST_PASSWORD);
      await sidebar(page).getByTestId('sidebar-name').waitFor();
      // an access token the API no longer takes (as an expired one): the next load refreshes it
      const stale = await page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as Record<string, string>;
        const token = JSON.parse(stored.token ?? '""') as string;
        const refused = `${token.slice(0, -8)}AAAAAAAA`;
        localStorage.setItem('persist:auth', JSON.stringify({ ...stored, token: JSON.stringify(refused) }));
        return refused;
      });
      // every other time the next page is opened while the refresh is on its way, else once it is answered
      const whileRefreshing = attempt % 2 === 1;
      const refresh = whileRefreshing
        ? page.waitForRequest(isTokenRefresh)
        : page.waitForResponse((response) => isTokenRefresh(response.request()));
      await page.reload({ waitUntil: 'commit' });
      await refresh;
      await page.goto(appUrl('/clients'));
      await expectSignedInOn(page, '/clients', agent, trail);
      if (!whileRefreshing)
        expect(await page.evaluate(() => localStorage.getItem('persist:auth'))).not.toContain(stale);
      await page.context().close();
    }
  });

  it('Log out revokes the refresh token and clears the session from the browser', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const page = await openPage();
    await submitLogin(page, agent.email, TEST_PASSWORD);
    await sidebar(page).getByTestId('sidebar-name').waitFor();
    const refreshToken = await storedRefreshToken(page);
    expect(refreshToken).toBeTruthy();
    expect((await refreshWith(refreshToken!)).status).toBe(200);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/authentication/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    // nothing of the session is left: cookie, refresh token, persisted state
    expect(await tokenCookie(page.context())).toBeUndefined();
    expect(await storedRefreshToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('persist:auth'))).toBeNull();
    // Cognito refuses the token that was in the browser: a copy of it gets no new tokens
    await expect
      .poll(async () => (await refreshWith(refreshToken!)).body)
      .toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });

    // and a page of the app is the login form again
    await page.goto(appUrl('/clients'));
    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    await page.context().close();
  });

  it('"Sign out everywhere" ends the session of every browser at its next token refresh', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    // the other browser's clock is the test's, so its next token refresh can be brought forward
    const other = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    await other.clock.install();
    const otherPage = await other.newPage();
    await submitLogin(otherPage, agent.email, TEST_PASSWORD);
    await sidebar(otherPage).getByTestId('sidebar-name').waitFor();
    const otherRefreshToken = await storedRefreshToken(otherPage);

    const page = await openPage();
    await submitLogin(page, agent.email, TEST_PASSWORD);
    await page.goto(appUrl('/settings'));
    await page.getByRole('heading', { level: 3, name: 'Sign out everywhere' }).waitFor();
    const refreshToken = await storedRefreshToken(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();

    await page.waitForURL('**/authentication/login');
    await page.getByText("You've been signed out on all your devices.").waitFor();
    expect(await tokenCookie(page.context())).toBeUndefined();
    expect(await storedRefreshToken(page)).toBeNull();
    for (const token of [refreshToken!, otherRefreshToken!])
      expect((await refreshWith(token)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });

    // the other browser is still on its page until its access token is due for a refresh (two minutes
    // before its ACCESS_TOKEN_MINUTES are up)
    expect(new URL(otherPage.url()).pathname).toBe('/agents/profile');
    const refused = otherPage.waitForResponse((response) => isTokenRefresh(response.request()));
    await otherPage.clock.fastForward(`${ACCESS_TOKEN_MINUTES - 1}:30`);
    expect((await refused).status()).toBe(400);
    await otherPage.waitForURL('**/authentication/login');
    await otherPage.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await tokenCookie(other)).toBeUndefined();
    expect(await storedRefreshToken(otherPage)).toBeNull();
    await otherPage.reload();
    expect(new URL(otherPage.url()).pathname).toBe('/authentication/login');

    await other.close();
    await page.context().close();
  });
});
