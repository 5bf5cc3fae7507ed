import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { appUrl, signInWithPassword, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * What an agent does every day with the website editor, in Chromium (issue 16): open a template site,
 * save, reload, save — ten rounds. The saves stay the same size, the footer keeps the template's dark
 * background, the published page's CSS stays the template's size; a save that fails says so with Retry
 * and loses nothing.
 */

/** Urban's footer: `background:var(--secondary)` with `--secondary:#111827`. */
const URBAN_SECONDARY = 'rgb(17, 24, 39)';
const ROUNDS = 10;
const REGENERATION = { timeout: 20_000, interval: 250 };

async function urbanSite(agent: TestAgent): Promise<string> {
  const response = await callApi('/websites', {
    ...jsonBody('POST', { name: `Urban ${randomUUID().slice(0, 6)}`, template_id: 'urban' }),
    token: agent.token,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Opens the editor on the website and waits until its canvas shows the site. */
async function openEditor(page: Page, websiteId: string) {
  await page.goto(appUrl(`/web-builder?id=${websiteId}`));
  await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
  await page.frameLocator('iframe.gjs-frame').locator('.site-footer').first().waitFor({ timeout: 30_000 });
}

/** The footer's background colour as the canvas paints it. */
const footerBackground = (page: Page) =>
  page
    .frameLocator('iframe.gjs-frame')
    .locator('.site-footer')
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** Saves and answers the bytes the save sent. */
async function save(page: Page): Promise<number> {
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && /\/websites\//.test(request.url()),
  );
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/websites\//.test(response.url()),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const request = await sent;
  const response = await answered;
  expect(response.status(), `${JSON.stringify(await request.allHeaders())} ${await response.text()}`).toBe(
    200,
  );
  await page.getByText('All changes saved').waitFor();
  // a Blob body is not readable back from Playwright's request: its declared length is what went out
  return Number((await request.allHeaders())['content-length']);
}

/** The published home page (status 0 and no HTML until it is written). */
async function publishedHome(websiteId: string): Promise<{ status: number; html: string }> {
  const response = await fetch(appUrl(`/sites/${websiteId}/`));
  const html = await response.text();
  return response.status === 200 ? { status: 200, html } : { status: 0, html: '' };
}

/** The characters of CSS a page carries. */
const cssLength = (html: string) =>
  [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, match) => sum + match[1]!.length, 0);

/** The CSS the published home page carries, in characters (0 while it is not published yet). */
const publishedCss = async (websiteId: string) => cssLength((await publishedHome(websiteId)).html);

async function publish(agent: TestAgent, websiteId: string): Promise<void> {
  const published = await callApi(`/websites/${websiteId}/publish`, { method: 'POST', token: agent.token });
  expect(published.status).toBe(200);
  const forced = await callApi(`/website-domains/force-content/${websiteId}`, {
    ...jsonBody('POST', { allPages: true }),
    token: agent.token,
  });
  expect(forced.status).toBeLessThan(300);
}

describe('website editor round trips', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    Object.assign(process.env, inject('cloud').env);
  });

  it('saves, reloads and saves a template site ten times: same size, same footer, same published CSS', async () => {
    const agent = await createTestAgent({ fullName: 'Rita Rounds' });
    const websiteId = await urbanSite(agent);
    await publish(agent, websiteId);
    let templateCss = 0;
    await expect
      .poll(async () => {
        templateCss = await publishedCss(websiteId);
        return templateCss;
      }, REGENERATION)
      .toBeGreaterThan(0);

    const page = await openPage({ width: 1440, height: 900 });
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    const sizes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await openEditor(page, websiteId);
      expect(await footerBackground(page), `round ${round + 1}`).toBe(URBAN_SECONDARY);
      sizes.push(await save(page));
    }
    // the first save may normalise the template's CSS once; every later one sends the same bytes
    expect(Math.max(...sizes.slice(1)) - Math.min(...sizes.slice(1))).toBeLessThanOrEqual(64);
    expect(Math.max(...sizes)).toBeLessThan(Math.min(...sizes) * 1.1);

    // the agent changes the hero's words and publishes: the page served is the one saved by the editor
    await openEditor(page, websiteId);
    const words = `Loft living ${randomUUID().slice(0, 6)}`;
    await page.frameLocator('iframe.gjs-frame').locator('h1').first().dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(words);
    await save(page);
    await publish(agent, websiteId);
    let republished = '';
    await expect
      .poll(async () => {
        republished = (await publishedHome(websiteId)).html;
        return republished;
      }, REGENERATION)
      .toContain(words);
    const republishedCss = cssLength(republished);
    expect(republishedCss).toBeGreaterThan(0);
    expect(republishedCss).toBeLessThanOrEqual(Math.ceil(templateCss * 1.1));
    await openEditor(page, websiteId);
    expect(await footerBackground(page)).toBe(URBAN_SECONDARY);
  }, 180_000); // ten editor loads and saves

  it('shows a failed save with Retry, keeps the changes and the leave guard, and saves on Retry', async () => {
    const agent = await createTestAgent({ fullName: 'Fay Failure' });
    const websiteId = await urbanSite(agent);
    const page = await openPage({ width: 1440, height: 900 });
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    await openEditor(page, websiteId);

    const heading = page.frameLocator('iframe.gjs-frame').locator('h1').first();
    const words = `Lisbon lofts ${randomUUID().slice(0, 6)}`;
    await heading.dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(words);

    // the connection drops during the save
    await page.route(/\/websites\/[^/]+$/, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'could not be saved' });
    await alert.waitFor();
    await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
    await expect.poll(() => heading.textContent()).toContain(words);

    // leaving asks first
    await page.getByRole('link', { name: 'Back to websites' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();

    // the connection is back: Retry saves what was typed
    await page.unroute(/\/websites\/[^/]+$/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('All changes saved').waitFor();
    await expect.poll(() => alert.count()).toBe(0);
    const stored = await callApi(`/websites/${websiteId}`, { token: agent.token });
    expect(JSON.stringify(await stored.json())).toContain(words);
  });
});
