import { describe, expect, it } from 'vitest';
import { latestConfirmationCode } from '../support/cognito-codes.ts';
import {
  appUrl,
  createUnconfirmedAccount,
  sendLoginForm,
  sidebar,
  TEST_PASSWORD,
  uniqueEmail,
  useBrowser,
} from './helpers.ts';

describe('sign up, sign out', () => {
  const { openPage } = useBrowser();

  it('signs up a new agent, confirms the email and lands signed in on the Free Plan', async () => {
    const page = await openPage();
    const email = uniqueEmail('signup');
    await page.goto(appUrl('/authentication/login'));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/authentication/register');

    await page.getByRole('radio', { name: 'Agent' }).check();
    await page.getByLabel('Full name').fill('Nadia Okafor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/authentication/confirm?**');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByLabel('Confirmation code').fill(await latestConfirmationCode(email));
    await page.getByRole('button', { name: 'Confirm account' }).click();

    await page.waitForURL('**/agents/profile');
    await expect.poll(() => sidebar(page).getByTestId('sidebar-name').textContent()).toBe('Nadia Okafor');
    await expect.poll(() => sidebar(page).getByText('Free Plan', { exact: true }).isVisible()).toBe(true);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value).toBeTruthy();

    // move inside the app, so Back after logout would return to an app page
    await sidebar(page).getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL('**/clients');
    await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor();

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/authentication/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('estatenet.refreshToken'))).toBeNull();

    await page.goBack();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/authentication/login');
    await expect.poll(() => sidebar(page).count()).toBe(0);
    await expect.poll(() => page.getByText('Nadia Okafor').count()).toBe(0);
    await page.context().close();
  });

  it('sends an unconfirmed account to the confirmation screen, and confirming signs it in', async () => {
    const account = await createUnconfirmedAccount('Tomas Berg');
    const firstCode = await latestConfirmationCode(account.email);
    const page = await openPage();
    await sendLoginForm(page, account.email, account.password);

    await page.waitForURL('**/authentication/confirm?**');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('Confirm your email address to finish signing up.');

    await page.getByLabel('Confirmation code').fill('000000');
    await page.getByRole('button', { name: 'Confirm account' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe("That code isn't right. Check the code in your email and try again.");

    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByText(`We sent a new code to ${account.email}.`).waitFor();
    const code = await latestConfirmationCode(account.email, { after: firstCode });
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm account' }).click();
    await page.waitForURL('**/agents/profile');
    await expect.poll(() => sidebar(page).getByTestId('sidebar-name').textContent()).toBe('Tomas Berg');
    await page.context().close();
  });

  it('says what a strong password needs', async () => {
    const page = await openPage();
    await page.goto(appUrl('/authentication/register'));
    await page.getByLabel('Full name').fill('Weak Password');
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page
      .getByText(
        'Password must be at least 8 characters and include upper- and lower-case letters and a number',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/authentication/register');
    await page.context().close();
  });

  it('asks for the agency name of an agency account and tells an existing email apart', async () => {
    const page = await openPage();
    await page.goto(appUrl('/authentication/register'));
    await page.getByRole('radio', { name: 'Agency' }).check();
    await page.getByLabel('Full name').fill('Existing Person');
    await page.getByLabel('Email').fill('demo@estatenet.local');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText("Enter your agency's name").waitFor();

    await page.getByLabel('Agency name').fill('Existing Homes');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('An account with this email already exists');
    await page.context().close();
  });
});
