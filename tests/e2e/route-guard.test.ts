import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './helpers.ts';

describe('route guard in the browser', () => {
  const { browser } = useBrowser();

  it('sends a visitor without a token cookie from /clients to the login form', async () => {
    const page = await browser().newPage();
    await page.goto(appUrl('/clients'));

    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    // the form is rendered by the app once its lazy route has loaded
    await page.getByLabel('Email').waitFor({ state: 'visible', timeout: 10_000 });
    await page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible' });
    await expect.poll(() => page.title()).toContain('EstateNet');
  });
});
