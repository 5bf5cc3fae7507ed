import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { callApi, jsonBody } from '../support/agents.ts';
import { launchChromium } from '../support/browser.ts';
import { cognitoCall } from '../support/cognito-api.ts';
import { latestConfirmationCode } from '../support/cognito-codes.ts';

/** Helpers shared by the browser tests (not a test file: vitest only picks up *.test.ts). */
export const DEMO_PASSWORD = 'Demo-Password-1';
export const TEST_PASSWORD = 'Test-Password-1';

export const appUrl = (path = '') => `${inject('cloud').appUrl}${path}`;

export const uniqueEmail = (prefix = 'agent') => `${prefix}-${randomUUID().slice(0, 8)}@test.local`;

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/**
 * What the browser reported against the Content-Security-Policy since the last check: the pages run under
 * the production CSP (the local cloud sends the CloudFront headers, contracts/response-headers.ts), so a
 * blocked script, style, picture, font, frame or connection is a test failure, not a console line.
 */
const cspViolations: string[] = [];
const CSP_MESSAGE = /^CSP violation:|Content Security Policy/;

/** Reports every `securitypolicyviolation` of the context's pages and frames, and Chromium's own CSP lines. */
async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'} on ${event.documentURI}` +
          (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})` : ''),
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (!CSP_MESSAGE.test(text)) return;
    const { url, lineNumber } = message.location();
    cspViolations.push(`${message.page()?.url() ?? ''}: ${text}${url ? ` (at ${url}:${lineNumber})` : ''}`);
  });
}

/** The CSP violations reported since the last call (and forgets them). */
export const takeCspViolations = (): string[] => cspViolations.splice(0);

/**
 * Launches Chromium before a file's tests and closes it after them (the demo accounts are seeded once, by
 * the e2e project's setup). Call it in the `describe` body; `openPage` opens a page in a fresh context, so tests share no state.
 * Every context of this browser reports CSP violations, and a test with any fails.
 */
export function useBrowser() {
  let running: Browser | undefined;
  beforeAll(async () => {
    const launched = await launchChromium();
    // browser.newPage() makes its context through newContext too
    const newContext = launched.newContext.bind(launched);
    launched.newContext = async (options) => {
      const context = await newContext(options);
      await watchContentSecurityPolicy(context);
      return context;
    };
    running = launched;
  });
  afterEach(() => {
    expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await running?.close();
  });
  const browser = (): Browser => {
    if (!running) throw new Error('Chromium is not running yet: use the browser inside a test');
    return running;
  };
  return {
    browser,
    openPage: (viewport?: { width: number; height: number }) => newPage(browser(), viewport),
  };
}

/**
 * What a page asked the API and Cognito, and what it was answered, from now on: the trail a failed
 * assertion about a session prints (`status METHOD path`, `failed … reason`, and the page's navigations).
 */
export function recordTrail(page: Page): () => string {
  const lines: string[] = [];
  const at = () => `${Math.round(performance.now())}ms`;
  const { cognitoEndpoint } = inject('cloud').appConfig;
  const watched = (url: string) =>
    /\/(api|cloud|websites|website-domains)\//.test(url) || url.startsWith(cognitoEndpoint);
  page.on('response', (response) => {
    if (watched(response.url()))
      lines.push(
        `${at()} ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
  });
  page.on('requestfailed', (request) => {
    if (watched(request.url())) lines.push(`${at()} failed ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) lines.push(`${at()} page ${new URL(frame.url()).pathname}`);
  });
  return () => lines.join('\n');
}

/** The sidebar of the signed-in shell (wide screens). */
export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

/** Opens the login form, fills it in and sends it. */
export async function sendLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto(appUrl('/authentication/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Fills and sends the login form, then waits for the profile route. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await sendLoginForm(page, email, password);
  await page.waitForURL('**/agents/profile');
}

/** Signs in through the login form and waits for the shell with the agent's name in the sidebar. */
export async function signInWithPassword(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await sidebar(page).getByTestId('sidebar-name').waitFor({ state: 'visible', timeout: 15_000 });
}

/** An account that signed up through Cognito's API the way the app does, without confirming it yet. */
export async function createUnconfirmedAccount(
  fullName = 'Test Agent',
): Promise<{ email: string; password: string }> {
  const { clientId } = inject('cloud').userPool;
  const email = uniqueEmail();
  const signUp = await cognitoCall('SignUp', {
    ClientId: clientId,
    Username: email,
    Password: TEST_PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: fullName },
      { Name: 'custom:account_type', Value: 'agent' },
    ],
  });
  expect(signUp.status).toBe(200);
  return { email, password: TEST_PASSWORD };
}

/**
 * A confirmed account: SignUp, then ConfirmSignUp with the code from the local cloud's log; the
 * post-confirmation trigger creates its agent record.
 */
export async function createConfirmedAccount(
  fullName = 'Test Agent',
): Promise<{ email: string; password: string }> {
  const account = await createUnconfirmedAccount(fullName);
  const confirm = await cognitoCall('ConfirmSignUp', {
    ClientId: inject('cloud').userPool.clientId,
    Username: account.email,
    ConfirmationCode: await latestConfirmationCode(account.email),
  });
  expect(confirm.status).toBe(200);
  return account;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB PNG with a diagonal gradient, made here so the test needs no fixture file. */
export function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const offset = row + 1 + x * 3;
      rows[offset] = Math.round((x / width) * 255);
      rows[offset + 1] = 120;
      rows[offset + 2] = Math.round((y / height) * 255);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A website's address on a domain of its own, its default subdomain (`{slug}-{6 of its id}.localhost` on the
 * app's port: Chromium resolves *.localhost to this machine), given through the Domain dialog's route. That is
 * where visitors write through a published site's contact form: previews on the app origin send no form.
 */
export async function siteOnItsDomain(
  token: string,
  websiteId: string,
  businessName: string,
): Promise<string> {
  const response = await callApi('/api/website-domains/setup', {
    ...jsonBody('POST', { websiteId, businessName }),
    token,
  });
  const body = (await response.json()) as { domain?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return `http://${body.domain}:${new URL(appUrl()).port}`;
}

const SHOTS = join(import.meta.dirname, '..', '..', '.test-artifacts');
export const WIDE_SCREEN = { width: 1366, height: 900 };
const PHONE_SCREEN = { width: 390, height: 844 };

/** Saves the page at 1366 px and at 390 px wide (.test-artifacts/<name>-1366.png, -390.png), and leaves it wide. */
export async function shootWideAndPhone(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-1366.png`), fullPage: true });
  await page.setViewportSize(PHONE_SCREEN);
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(WIDE_SCREEN);
}

/** The sidebar's Verified deals figure. */
export const verifiedDeals = (page: Page) =>
  sidebar(page).locator('div:has(> dt:text-is("Verified deals")) > dd');

/** Reloads until the sidebar's Verified deals figure reads `expected` (the awarder raises it on the bus). */
export async function expectVerifiedDeals(page: Page, expected: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        await sidebar(page).getByTestId('sidebar-name').waitFor();
        return verifiedDeals(page).textContent();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(expected);
}
