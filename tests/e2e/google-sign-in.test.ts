import { describe, expect, it } from 'vitest';
import { appUrl, sidebar, useBrowser } from './helpers.ts';

describe('Sign in with Google', () => {
  const { openPage } = useBrowser();

  it('goes through the account chooser and comes back signed in', async () => {
    const page = await openPage();
    await page.goto(appUrl('/authentication/login'));
    await page.getByRole('button', { name: 'Sign in with Google' }).click();

    await page.getByRole('heading', { name: 'Choose an account' }).waitFor({ timeout: 10_000 });
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('identity_provider')).toBe('Google');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    await page.getByRole('button', { name: /Demo Google User/ }).click();

    await page.waitForURL('**/agents/profile', { timeout: 15_000 });
    await expect
      .poll(() => sidebar(page).getByTestId('sidebar-name').textContent(), { timeout: 15_000 })
      .toBe('Demo Google User');
    await expect.poll(() => sidebar(page).getByText('Free Plan', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('estatenet.refreshToken'))).toBeTruthy();
    await page.context().close();
  });
});
