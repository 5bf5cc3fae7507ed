import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestAgency } from '../support/agents.ts';
import { appUrl, sidebar, signInWithPassword, submitLogin, TEST_PASSWORD, useBrowser } from './helpers.ts';

describe('the shell by role', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    // the test agency is written through the entity layer, against this run's cloud
    Object.assign(process.env, inject('cloud').env);
  });

  it('an agency admin with seats left sees Team and the invite button, and no Upgrade Now', async () => {
    const agency = await createTestAgency({ members: 1 });
    const page = await openPage();
    await signInWithPassword(page, agency.admin.email, TEST_PASSWORD);

    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Team' }).isVisible()).toBe(true);
    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Upgrade Now' }).count()).toBe(0);
    const invite = page.getByRole('banner').getByRole('link', { name: /Invite agents/ });
    await invite.getByText('2 seats left').waitFor();
    await invite.click();
    await page.waitForURL('**/agents/invite');
    await expect.poll(() => sidebar(page).getByText('Agency', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('the demo agency admin, whose pending invitation holds the last seat, has no invite button', async () => {
    const page = await openPage();
    await signInWithPassword(page, 'demo@estatenet.local');

    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Upgrade Now' }).count()).toBe(0);
    await sidebar(page).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL('**/team');
    // two members and one pending invitation of three seats: the header says what /team says
    await page
      .getByTestId('seat-summary')
      .getByText('2 of 3 seats taken · 1 invitation pending · 0 left')
      .waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('link', { name: /Invite agents/ })
          .count(),
      )
      .toBe(0);
    await page.goto(appUrl('/agents/invite'));
    await page
      .getByTestId('seat-summary')
      .getByText('2 of 3 seats taken · 1 invitation pending · 0 left')
      .waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('link', { name: /Invite agents/ })
          .count(),
      )
      .toBe(0);
    await page.context().close();
  });

  it('a free agent sees Upgrade Now, and neither Team nor the invite button', async () => {
    const page = await openPage();
    await signInWithPassword(page, 'amir@estatenet.local');

    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Upgrade Now' }).isVisible()).toBe(true);
    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Team' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: /Invite agents/ }).count()).toBe(0);
    await expect.poll(() => sidebar(page).getByText('Free Plan', { exact: true }).isVisible()).toBe(true);

    await sidebar(page).getByRole('link', { name: 'Upgrade Now' }).click();
    await page.getByRole('heading', { name: 'Upgrade your EstateNet plan' }).waitFor();
    await page.context().close();
  });

  it('on a phone the sidebar is a drawer and the bottom bar has Add Property, Saved and Mail', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await submitLogin(page, 'amir@estatenet.local');

    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await bar.waitFor();
    for (const name of ['Add Property', 'Mail'])
      await expect.poll(() => bar.getByRole('button', { name }).isVisible()).toBe(true);
    await expect.poll(() => bar.getByRole('link', { name: 'Saved' }).isVisible()).toBe(true);
    await expect.poll(() => sidebar(page).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Cloud' }).click();
    await page.waitForURL('**/cloud');
    await expect.poll(() => drawer.count()).toBe(0);
    await page.context().close();
  });
});
