import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { appUrl, ensureDemoAccounts, newPage, uniqueEmail } from './helpers.ts';

async function trySignIn(page: Page, email: string, password: string) {
  await page.goto(appUrl('/authentication/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return page.getByRole('alert').textContent();
}

describe('sign-in errors', () => {
  let browser: Browser;
  beforeAll(async () => {
    await ensureDemoAccounts();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a wrong password reads "Incorrect email or password"', async () => {
    const page = await newPage(browser);
    expect(await trySignIn(page, 'amir@estatenet.local', 'Wrong-Password-9')).toBe(
      'Incorrect email or password',
    );
    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    await page.context().close();
  });

  it('an unknown email reads the same, so sign-in does not reveal who has an account', async () => {
    const page = await newPage(browser);
    expect(await trySignIn(page, uniqueEmail('nobody'), 'Some-Password-1')).toBe(
      'Incorrect email or password',
    );
    await page.context().close();
  });

  it('a password reset for an unknown email says no account exists', async () => {
    const page = await newPage(browser);
    await page.goto(appUrl('/authentication/login'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset code' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('No account exists for this email');
    await page.context().close();
  });
});
