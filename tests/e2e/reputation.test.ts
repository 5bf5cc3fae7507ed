import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import { ensureCognitoUser } from '#local/accounts';
import { drainEvents } from '../support/events.ts';
import { createConfirmedAccount, sidebar, signInWithPassword, useBrowser } from './helpers.ts';

/**
 * Reputation and notifications in the browser: the history paged 10 at a time on the own profile, a
 * notification in the header dropdown dismissed by marking it read (with the sidebar following), See all,
 * and a duplicated ConnectionAccepted event that raises the counts once.
 */

const SCREENSHOTS = join(import.meta.dirname, '..', '..', '.test-artifacts', 'screenshots');
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `reputation-${name}.png`), fullPage: true });

/** A sidebar figure by its label. */
const stat = (page: Page, label: string) => sidebar(page).locator(`div:has(> dt:text-is("${label}")) > dd`);

/** The signed-in agent's id, from the persisted auth state. */
async function signedInAgentId(page: Page): Promise<string> {
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('persist:auth') ?? '{}'));
  return JSON.parse(auth.agentId) as string;
}

async function signedInAccount(page: Page, name: string) {
  const account = await createConfirmedAccount(name);
  await signInWithPassword(page, account.email, account.password);
  return { ...account, agentId: await signedInAgentId(page) };
}

const lib = () => import('#functions/reputation/reputation');

describe('reputation and notifications', () => {
  const { openPage } = useBrowser();
  beforeAll(() => {
    // the awards below run in this process, against the e2e cloud's emulators
    Object.assign(process.env, inject('cloud').env);
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  it('pages through 25 awards 10 at a time on the own profile', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    const { agentId } = await signedInAccount(page, 'Hana History');
    const { awardReputation } = await lib();
    for (let n = 1; n <= 25; n += 1) {
      await awardReputation({
        agentId,
        activityType: 'PROPERTY_ADDED',
        relatedEntityId: `e2e-property-${n}`,
        description: `Listed property number ${n}`,
      });
    }

    await page.reload();
    const history = page.getByRole('list', { name: 'Reputation history' });
    const pages = page.getByRole('navigation', { name: 'Reputation history pages' });
    const descriptions = () => history.getByRole('listitem').locator('p.truncate').allTextContents();
    await history.waitFor();
    await expect.poll(() => history.getByRole('listitem').count()).toBe(10);
    expect((await descriptions())[0]).toBe('Listed property number 25');
    await expect.poll(() => pages.textContent()).toContain('Page 1 of 3');
    await expect.poll(() => pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await screenshot(page, 'profile-history');

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pages.textContent()).toContain('Page 2 of 3');
    await expect.poll(async () => (await descriptions())[0]).toBe('Listed property number 15');
    await expect.poll(() => history.getByRole('listitem').count()).toBe(10);

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pages.textContent()).toContain('Page 3 of 3');
    await expect
      .poll(() => descriptions())
      .toEqual(Array.from({ length: 5 }, (_, n) => `Listed property number ${5 - n}`));
    await expect.poll(() => pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    // the achievements these awards unlocked, and the sidebar's figures
    const achievements = page.getByRole('list', { name: 'Achievements' });
    for (const name of ['First Listing', 'Portfolio Builder', 'Rising Star'])
      await achievements.getByRole('listitem', { name: `${name} (unlocked)` }).waitFor();
    await expect
      .poll(() => stat(page, 'Reputation points').textContent())
      .toBe(String(25 * REPUTATION_ACTIVITIES.PROPERTY_ADDED.points));
    await expect.poll(() => stat(page, 'Properties').textContent()).toBe('25');
    await page.context().close();
  });

  it('shows a new award in the dropdown, dismisses it, and the sidebar follows', async () => {
    const page = await openPage();
    const { agentId } = await signedInAccount(page, 'Nico Notified');
    const bell = page.getByRole('button', { name: 'Notifications' });
    // the dropdown has loaded once before the award, as it would have in a session
    await bell.click();
    await page.getByText("You're all caught up").waitFor();
    // Escape closes the menu once focus is inside it: press until it is closed (a busy machine moves focus late)
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape');
        return page.getByRole('menu').isVisible();
      })
      .toBe(false);

    const { awardReputation } = await lib();
    await awardReputation({
      agentId,
      activityType: 'PROPERTY_ADDED',
      relatedEntityId: 'e2e-notified-property',
      description: 'Listed a sunny flat',
    });

    // opening the dropdown refreshes it (the 30 s poll would too)
    const points = REPUTATION_ACTIVITIES.PROPERTY_ADDED.points;
    const message = `+${points} reputation points: Listed a sunny flat`;
    await bell.click();
    const menu = page.getByRole('menu');
    const row = menu.getByRole('listitem', { name: message });
    await row.waitFor();
    await menu.getByRole('listitem', { name: /^Achievement unlocked: First Listing/ }).waitFor();
    await expect.poll(() => page.getByTestId('notifications-count').textContent()).toBe('2');
    // a new award refreshes the agent record: the sidebar shows the points without a reload
    await expect
      .poll(() => stat(page, 'Reputation points').textContent(), { timeout: 10_000 })
      .toBe(String(points));
    await screenshot(page, 'dropdown');

    // the row leaves at once (optimistic); the reload below needs the server to have it read
    const markedRead = page.waitForResponse(
      (response) =>
        /\/api\/notifications\/[^/]+\/read$/.test(response.url()) && response.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: 'Mark as read' }).click();
    expect((await markedRead).ok()).toBe(true);
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('notifications-count').textContent()).toBe('1');
    await page.keyboard.press('Escape');
    await page.reload();
    await bell.click();
    await page
      .getByRole('menu')
      .getByRole('listitem', { name: /^Achievement unlocked/ })
      .waitFor();
    await expect.poll(() => page.getByRole('menu').getByRole('listitem', { name: message }).count()).toBe(0);

    // See all: the full page, where the rest is marked read
    await page.getByRole('menuitem', { name: 'See all' }).click();
    await page.waitForURL('**/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('listitem', { name: /^Achievement unlocked: First Listing/ }).waitFor();
    await screenshot(page, 'page');
    await page
      .getByRole('listitem', { name: /^Achievement unlocked/ })
      .getByRole('button', { name: 'Mark as read' })
      .click();
    await page.getByText("You're all caught up").waitFor();
    await expect.poll(() => page.getByTestId('notifications-count').count()).toBe(0);
    await page.context().close();
  });

  it('raises the connection counts once for a duplicated ConnectionAccepted event', async () => {
    const page = await openPage();
    const receiver = await signedInAccount(page, 'Dora Duplicate');
    const requester = await createConfirmedAccount('Remy Requester');
    // the agent id is the Cognito user's sub (the user exists: this only looks it up)
    const requesterId = await ensureCognitoUser(inject('cloud').userPool, {
      ...requester,
      fullName: 'Remy Requester',
    });
    const [{ Agent }, { publishEvent }] = await Promise.all([
      import('#platform/accounts/entities'),
      import('#aws/events'),
    ]);
    const detail = {
      connectionId: `e2e-connection-${receiver.agentId}`,
      requesterId,
      receiverId: receiver.agentId,
    };

    await Promise.all([
      publishEvent('ConnectionAccepted', detail),
      publishEvent('ConnectionAccepted', detail),
    ]);
    await publishEvent('ConnectionAccepted', detail);
    // every delivery has landed (the bus is drained): still one connection, one award each
    await drainEvents();

    await page.reload();
    await expect.poll(() => stat(page, 'Connections').textContent()).toBe('1');
    await expect
      .poll(() => stat(page, 'Reputation points').textContent())
      .toBe(String(REPUTATION_ACTIVITIES.CONNECTION_ACCEPTED.points));
    const requesterNow = await Agent.get({ agent_id: requesterId }, { consistent: true });
    expect(requesterNow).toMatchObject({ connections: 1 });
    await page.context().close();
  });
});
