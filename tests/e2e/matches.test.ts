import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createTestAgent, formBody, type TestAgent } from '../support/agents.ts';
import {
  appUrl,
  expectVerifiedDeals,
  shootWideAndPhone,
  signInWithPassword,
  TEST_PASSWORD,
  useBrowser,
  verifiedDeals,
  WIDE_SCREEN,
} from './helpers.ts';

/**
 * Matching (issue 22), through the screens: A adds a buyer with a budget, an area and a bedroom count; B
 * lists a flat that fits; A is notified, opens the client's Matches tab from the notification, proposes a
 * deal from the match; B accepts, both confirm the close, and each agent's verified deals go up by one.
 * Then a saved search: A saves a property search, B lists what it looks for, and A's notification opens
 * the search with its match. The matcher runs on the bus, so what it writes is waited for, never slept on.
 * Screenshots, wide and phone-sized: .test-artifacts/matches-*.png
 */
const shoot = (page: Page, name: string) => shootWideAndPhone(page, `matches-${name}`);

/**
 * Opens the header's notifications until one named `message` is there (the matcher writes it once the
 * listing's event has run; opening the dropdown reads the notifications again), and leaves it open.
 */
async function openNotification(page: Page, message: RegExp) {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const row = page.getByRole('menu').getByRole('listitem', { name: message });
  await expect
    .poll(
      async () => {
        if (await page.getByRole('menu').isVisible()) await page.keyboard.press('Escape');
        // opening the dropdown reads the notifications again: count once that read is answered
        const read = page.waitForResponse((response) => response.url().includes('/reputation/notifications'));
        await bell.click();
        await read;
        await page.getByRole('menu').waitFor();
        return row.count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(1);
  return row;
}

async function addListing(agent: TestAgent, fields: Record<string, string>): Promise<string> {
  const response = await callApi('/api/addProperty', {
    ...formBody({ status: 'for_sale', collaborator_commission: '2.5', ...fields }),
    token: agent.token,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { propertyId: string }).propertyId;
}

describe('matching clients and searches to the network’s listings', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    Object.assign(process.env, inject('cloud').env);
  });

  it('A’s client matches B’s new listing: notified, proposed from the Matches tab, accepted, closed by both', async () => {
    const suffix = randomUUID().slice(0, 6);
    const [alma, bruno] = await Promise.all([
      createTestAgent({ fullName: `Alma Matcher ${suffix}` }),
      createTestAgent({ fullName: `Bruno Lister ${suffix}` }),
    ]);
    // a town no other test lists in: only this test's listing can match the client
    const town = `Matchtown ${suffix}`;
    const clientName = `Sophie Laurent ${suffix}`;
    const title = `Garden flat in ${town}`;

    const [almaPage, brunoPage] = await Promise.all([openPage(WIDE_SCREEN), openPage(WIDE_SCREEN)]);
    await Promise.all([
      signInWithPassword(almaPage, alma.email, TEST_PASSWORD),
      signInWithPassword(brunoPage, bruno.email, TEST_PASSWORD),
    ]);
    expect(await verifiedDeals(almaPage).textContent()).toBe('0');

    // A adds a buyer: budget, area and at least two bedrooms
    await almaPage.goto(appUrl('/clients'));
    await almaPage.getByRole('button', { name: 'Add client' }).first().click();
    const form = almaPage.getByRole('dialog', { name: 'Add a client' });
    await form.getByLabel('Full name').fill(clientName);
    await form.getByLabel('Budget from').fill('250000');
    await form.getByLabel('Budget to').fill('400000');
    await form.getByLabel('Preferred areas').fill(town);
    await form.getByLabel('Bedrooms (at least)').fill('2');
    await form.getByRole('button', { name: 'Add client' }).click();
    await form.waitFor({ state: 'detached' });

    // nothing on the network matches yet: the tab says so
    await almaPage.getByRole('button', { name: `Open ${clientName}` }).click();
    const drawer = almaPage.getByRole('dialog', { name: clientName });
    expect(await drawer.locator('dt:text-is("Bedrooms (at least)") + dd').textContent()).toBe('2');
    await drawer.getByRole('tab', { name: 'Matches' }).click();
    await drawer.getByRole('heading', { name: 'No matches yet' }).waitFor();
    expect(new URL(almaPage.url()).searchParams.get('tab')).toBe('matches');
    await shoot(almaPage, 'tab-empty');
    await almaPage.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // B lists a flat that fits
    const propertyId = await addListing(bruno, {
      title,
      price: '320000',
      currency: 'USD',
      city: town,
      bedrooms_count: '3',
    });

    // A is notified, and the notification opens the client's Matches tab
    const row = await openNotification(almaPage, new RegExp(`match(es)? ${clientName}$`));
    await shoot(almaPage, 'notification');
    await row.getByRole('link').click();
    await almaPage.waitForURL(/\/clients\?client=[^&]+&tab=matches$/);
    const opened = almaPage.getByRole('dialog', { name: clientName });
    const matchesTab = opened.getByRole('tab', { name: 'Matches' });
    await expect.poll(() => matchesTab.getAttribute('aria-selected')).toBe('true');
    const card = opened
      .getByRole('list', { name: `Matches for ${clientName}` })
      .getByRole('article', { name: title });
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toMatch(/\d+% match/);
    expect(text).toContain('$320,000');
    expect(text).toContain('3 beds');
    expect(text).toContain(`Bruno Lister ${suffix}`);
    expect(await card.getByRole('link', { name: title }).getAttribute('href')).toBe(
      `/properties/details/${propertyId}`,
    );
    await shoot(almaPage, 'tab');

    // one click proposes the deal: the client is already chosen
    await card.getByRole('button', { name: 'Propose deal' }).click();
    const dialog = almaPage.getByRole('dialog', { name: 'Collaborate on this listing' });
    const picker = dialog.getByRole('combobox', { name: 'Client' });
    await picker.locator('option', { hasText: clientName }).waitFor({ state: 'attached' });
    await expect.poll(() => picker.locator('option:checked').textContent()).toBe(clientName);
    await dialog.getByRole('button', { name: 'Propose deal' }).click();
    await almaPage.waitForURL(/\/deals\/[^/]+$/);
    const dealUrl = almaPage.url();
    await almaPage.getByRole('heading', { level: 1, name: title }).waitFor();

    // back on the match, the open deal is named
    await almaPage.goBack();
    await almaPage
      .getByRole('dialog', { name: clientName })
      .getByRole('article', { name: title })
      .getByRole('link', { name: 'View deal' })
      .waitFor();

    // B accepts; both confirm the close
    await brunoPage.goto(dealUrl);
    await brunoPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await brunoPage.getByRole('button', { name: 'Accept' }).click();
    await brunoPage.getByText(`Bruno Lister ${suffix} accepted the proposal`).waitFor();
    await almaPage.goto(dealUrl);
    await almaPage.getByRole('button', { name: 'Confirm close' }).click();
    await almaPage.getByText(`Waiting for Bruno Lister ${suffix} to confirm.`, { exact: false }).waitFor();
    await brunoPage.reload();
    await brunoPage.getByRole('button', { name: 'Confirm close' }).click();
    await brunoPage.getByText('The deal closed', { exact: true }).waitFor();

    await Promise.all([expectVerifiedDeals(almaPage, '1'), expectVerifiedDeals(brunoPage, '1')]);
  });

  it('a saved search gets a match: saved from the property list, notified, opened with its match', async () => {
    const suffix = randomUUID().slice(0, 6);
    const [alma, bruno] = await Promise.all([
      createTestAgent({ fullName: `Alma Searcher ${suffix}` }),
      createTestAgent({ fullName: `Bruno Lister ${suffix}` }),
    ]);
    const town = `Searchtown ${suffix}`;
    const searchName = `Flats in ${town}`;
    const title = `Sunny flat in ${town}`;
    const page = await openPage(WIDE_SCREEN);
    await signInWithPassword(page, alma.email, TEST_PASSWORD);

    await page.goto(appUrl('/properties/property-list'));
    const filters = page.getByRole('search', { name: 'Search properties' });
    await filters.getByLabel('City').fill(town);
    await filters.getByLabel(/^Max price/).fill('500000');
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/city=/);
    await shoot(page, 'search-bar');
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByText(`For sale · ${town} · up to $500,000`).waitFor();
    await dialog.getByLabel('Name').fill(searchName);
    await shoot(page, 'save-dialog');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addListing(bruno, { title, price: '300000', currency: 'USD', city: town, bedrooms_count: '1' });

    const row = await openNotification(page, new RegExp(`match(es)? ${searchName}$`));
    await row.getByRole('link').click();
    await page.waitForURL(/\/properties\/saved\?tab=searches&search=/);
    const search = page.getByRole('region', { name: searchName });
    await search
      .getByRole('list', { name: `Matches for ${searchName}` })
      .getByRole('article', { name: title })
      .waitFor();
    expect(await search.textContent()).toContain(`For sale · ${town} · up to $500,000`);
    await shoot(page, 'saved-searches');

    // deleted, it is gone from the list
    await search.getByRole('button', { name: `Delete ${searchName}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${searchName}?` })
      .getByRole('button', { name: 'Delete search' })
      .click();
    await page.getByRole('heading', { name: 'No saved searches yet' }).waitFor();
  });
});
