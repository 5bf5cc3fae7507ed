import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, sendLoginForm, uniqueEmail, useBrowser } from './helpers.ts';

async function trySignIn(page: Page, email: string, password: string) {
  await sendLoginForm(page, email, password);
  return page.getByRole('alert').textContent();
}

describe('sign-in errors', () => {
  const { openPage } = useBrowser();

  it('a wrong password reads "Incorrect email or password"', async () => {
    const page = await openPage();
    expect(await trySignIn(page, 'amir@estatenet.local', 'Wrong-Password-9')).toBe(
      'Incorrect email or password',
    );
    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    await page.context().close();
  });

  it('an unknown email reads the same, so sign-in does not reveal who has an account', async () => {
    const page = await openPage();
    expect(await trySignIn(page, uniqueEmail('nobody'), 'Some-Password-1')).toBe(
      'Incorrect email or password',
    );
    await page.context().close();
  });

  it('a password reset for an unknown email says no account exists', async () => {
    const page = await openPage();
    await page.goto(appUrl('/authentication/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('No account exists for this email');
    await page.context().close();
  });
});
