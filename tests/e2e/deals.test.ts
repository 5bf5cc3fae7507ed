import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createTestAgent, formBody, jsonBody } from '../support/agents.ts';
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
 * A deal between two agents (issue 22), through the screens: A proposes a buyer for B's listing from the
 * listing's page, B accepts it from the Deals board, A records a viewing, both confirm the close, and each
 * agent's verified deals go up by one (the awarder runs on the DealClosed event, so that is polled).
 * Screenshots of the board, the dialog and the deal page, wide and phone-sized: .test-artifacts/deals-*.png
 */
const shoot = (page: Page, name: string) => shootWideAndPhone(page, `deals-${name}`);

describe('a deal between two agents', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    Object.assign(process.env, inject('cloud').env);
  });

  it('A proposes a buyer for B’s listing, B accepts, both confirm the close, and each gets a verified deal', async () => {
    const suffix = randomUUID().slice(0, 6);
    const [alma, bruno] = await Promise.all([
      createTestAgent({ fullName: `Alma Proposer ${suffix}` }),
      createTestAgent({ fullName: `Bruno Lister ${suffix}` }),
    ]);
    const clientName = `Sophie Laurent ${suffix}`;
    const title = `Sea-view flat in Cascais ${suffix}`;
    const client = await callApi('/api/clients', {
      ...jsonBody('POST', {
        full_name: clientName,
        type: 'buyer',
        budget_min: 400_000,
        budget_max: 500_000,
        currency: 'EUR',
      }),
      token: alma.token,
    });
    expect(client.status, await client.clone().text()).toBe(201);
    const listing = await callApi('/api/addProperty', {
      ...formBody({
        title,
        price: '450000',
        currency: 'EUR',
        city: 'Cascais',
        status: 'for_sale',
        collaborator_commission: '2.5',
        bedrooms_count: '2',
      }),
      token: bruno.token,
    });
    expect(listing.status, await listing.clone().text()).toBe(201);
    const { propertyId } = (await listing.json()) as { propertyId: string };

    const [almaPage, brunoPage] = await Promise.all([openPage(WIDE_SCREEN), openPage(WIDE_SCREEN)]);
    await Promise.all([
      signInWithPassword(almaPage, alma.email, TEST_PASSWORD),
      signInWithPassword(brunoPage, bruno.email, TEST_PASSWORD),
    ]);
    expect(await verifiedDeals(almaPage).textContent()).toBe('0');
    expect(await verifiedDeals(brunoPage).textContent()).toBe('0');

    // A proposes the buyer from B's listing, sharing the budget
    await almaPage.goto(appUrl(`/properties/details/${propertyId}`));
    await almaPage.getByRole('button', { name: 'Collaborate on this listing' }).click();
    const dialog = almaPage.getByRole('dialog', { name: 'Collaborate on this listing' });
    await dialog.getByText('2.5%').waitFor();
    const picker = dialog.getByRole('combobox', { name: 'Client' });
    await picker.locator('option', { hasText: clientName }).waitFor({ state: 'attached' });
    await picker.selectOption({ label: clientName });
    await dialog.getByRole('checkbox', { name: 'Budget' }).check();
    await dialog.getByLabel('Message (optional)').fill('She wants to move before summer.');
    await shoot(almaPage, 'dialog');
    await dialog.getByRole('button', { name: 'Propose deal' }).click();
    await almaPage.waitForURL(/\/deals\/[^/]+$/);
    const dealUrl = almaPage.url();
    await almaPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await almaPage
      .getByText(`Waiting for Bruno Lister ${suffix} to accept or decline the proposal.`)
      .waitFor();

    // B finds it on the board, in Proposed, with the budget A shared
    await brunoPage.goto(appUrl('/deals'));
    const proposed = brunoPage.getByRole('region', { name: /^Proposed/ });
    const card = proposed.getByRole('article', { name: `${title} with ${clientName}` });
    await card.waitFor();
    expect(await card.textContent()).toContain('Proposed to you');
    expect(await card.textContent()).toContain(`Alma Proposer ${suffix}`);
    await shoot(brunoPage, 'board');
    await card.getByRole('link', { name: title }).click();
    await brunoPage.waitForURL(dealUrl);
    await brunoPage.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await brunoPage.getByText('Budget', { exact: true }).count()).toBe(1);
    await expect.poll(() => brunoPage.getByText('Email', { exact: true }).count()).toBe(0);
    await brunoPage.getByRole('button', { name: 'Accept' }).click();
    await brunoPage.getByText(`Bruno Lister ${suffix} accepted the proposal`).waitFor();

    // A schedules the viewing from the deal: in A's agenda, and on the timeline both agents see
    await almaPage.reload();
    await almaPage.getByRole('button', { name: 'Schedule' }).click();
    const eventDialog = almaPage.getByRole('dialog', { name: 'New event' });
    await expect.poll(() => eventDialog.getByLabel('Title').inputValue()).toBe(`Viewing: ${title}`);
    const dealChoice = eventDialog.getByRole('combobox', { name: 'Deal' });
    await expect
      .poll(() => dealChoice.locator('option:checked').textContent())
      .toBe(`${title} · ${clientName}`);
    await eventDialog.getByLabel('Location').fill('Rua do Mar 3, Cascais');
    await shoot(almaPage, 'schedule');
    await eventDialog.getByRole('button', { name: 'Save event' }).click();
    await almaPage.getByText(`Alma Proposer ${suffix} scheduled an event`).waitFor();
    await brunoPage.reload();
    await brunoPage.getByText(`Alma Proposer ${suffix} scheduled an event`).waitFor();
    await brunoPage.getByText('Rua do Mar 3, Cascais').waitFor();
    await shoot(brunoPage, 'scheduled');

    // A records a viewing and confirms the close
    await almaPage.reload();
    await almaPage.getByRole('button', { name: 'Record a viewing' }).click();
    await almaPage.getByText(`Alma Proposer ${suffix} recorded a viewing`).waitFor();
    await almaPage.getByRole('button', { name: 'Confirm close' }).click();
    await almaPage.getByText(`Waiting for Bruno Lister ${suffix} to confirm.`, { exact: false }).waitFor();

    // B confirms too: the deal closes
    await brunoPage.reload();
    await brunoPage.getByText(`Alma Proposer ${suffix} confirmed — confirm to close.`).waitFor();
    await brunoPage.getByRole('button', { name: 'Confirm close' }).click();
    await brunoPage.getByText('The deal closed', { exact: true }).waitFor();
    const stages = brunoPage.getByRole('list', { name: 'Deal stages' });
    expect(await stages.locator('[aria-current="step"]').textContent()).toContain('Closed');
    expect(await brunoPage.getByLabel('Add a note').isDisabled()).toBe(true);
    await shoot(brunoPage, 'closed-deal');

    await almaPage.reload();
    await almaPage.getByText('This deal closed. Both agents confirmed it.').waitFor();
    await shoot(almaPage, 'deal');

    await Promise.all([expectVerifiedDeals(almaPage, '1'), expectVerifiedDeals(brunoPage, '1')]);

    // the list view holds the closed deal, which the board (open stages only) does not
    await almaPage.goto(appUrl('/deals'));
    await almaPage.getByRole('button', { name: 'List' }).click();
    const listed = almaPage
      .getByRole('list', { name: 'All deals' })
      .getByRole('article', { name: `${title} with ${clientName}` });
    expect(await listed.textContent()).toContain('You proposed');
    expect(await listed.textContent()).toContain('Closed');
    await shoot(almaPage, 'list');
  });
});
