import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';

describe('route guard in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor without a token cookie from /clients to the login form', async () => {
    const page = await browser.newPage();
    await page.goto(`${inject('cloud').appUrl}/clients`);

    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    // the form is rendered by the app once its lazy route has loaded
    await page.getByLabel('Email').waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible' });
    expect(await page.title()).toContain('EstateNet');
  });
});
