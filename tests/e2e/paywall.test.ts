import { describe, expect, it } from 'vitest';
import { signInWithPassword, useBrowser } from './helpers.ts';

describe('paywall', () => {
  const { openPage } = useBrowser();

  it('an expired subscription opens "Subscription Expired" on Add Property', async () => {
    const page = await openPage();
    await signInWithPassword(page, 'nora@estatenet.local');
    const addProperty = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Add Property' });

    await addProperty.click();
    const dialog = page.getByRole('dialog', { name: 'Subscription Expired' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/agents/profile');

    await addProperty.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Renew Subscription' }).click();
    await page.waitForURL('**/agents/upgrade?reason=expired');
    await page.getByText('Your subscription has expired. Renew a plan to get your features back.').waitFor();
    await page.context().close();
  });

  it('an active free agent goes straight to add a property', async () => {
    const page = await openPage();
    await signInWithPassword(page, 'amir@estatenet.local');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Add Property' })
      .click();
    await page.waitForURL('**/properties/add-property');
    await page.getByRole('heading', { level: 1, name: 'Add a property' }).waitFor();
    await page.context().close();
  });
});
