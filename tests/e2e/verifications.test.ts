import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import { demoDeedPdf } from '../../local/seed-verifications.ts';
import { createTestAgent, type TestAgent } from '../support/agents.ts';
import { latestOwnerLink } from '../support/owner-links.ts';
import { createListing } from '../support/verifications.ts';
import { appUrl, sidebar, signInWithPassword, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * Reputation that is earned, in the browser (issue 20): an agent uploads a listing's deed, EstateNet's
 * support staff reject it with a reason and then approve the new upload in their review queue, and the
 * agent sees each state and the points; the owner opens the emailed link in a browser of their own, with no
 * account, and confirms the listing.
 */

const SHOTS = join(import.meta.dirname, '..', '..', '.test-artifacts');
const { PROPERTY_ADDED, PROPERTY_DEED_VERIFIED, OWNER_ACKNOWLEDGEMENT } = REPUTATION_ACTIVITIES;

/** A sidebar figure as the agent reads it ("Reputation points", "Verified deals"). */
const sidebarFigure = (page: Page, label: string) =>
  sidebar(page)
    .locator('dl > div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();

const verificationCard = (page: Page) => page.getByRole('region', { name: 'Verification' });
const deedStep = (page: Page) => verificationCard(page).getByRole('region', { name: 'Title deed' });
const ownerStep = (page: Page) =>
  verificationCard(page).getByRole('region', { name: "Owner's confirmation" });

async function openListing(page: Page, propertyId: string) {
  await page.goto(appUrl(`/properties/details/${propertyId}`));
  await verificationCard(page).waitFor();
}

async function uploadDeed(page: Page, name: string, title: string) {
  await deedStep(page)
    .getByLabel('Deed document')
    .setInputFiles({
      name,
      mimeType: 'application/pdf',
      buffer: demoDeedPdf(title, 'Rua Augusta 10, Lisbon'),
    });
  await deedStep(page).getByText('Pending review', { exact: true }).waitFor({ timeout: 15_000 });
}

/** Support staff open the queue from Settings and decide this listing's deed. */
async function staffDecides(
  staff: Page,
  title: string,
  decide: (card: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await staff.goto(appUrl('/settings'));
  const open = staff.getByRole('link', { name: 'Open the deed reviews' });
  await open.waitFor();
  await staff.getByRole('heading', { name: 'Deed reviews' }).scrollIntoViewIfNeeded();
  await staff.screenshot({ path: join(SHOTS, 'settings-deed-reviews-card.png') });
  await open.click();
  await staff.waitForURL('**/settings/deed-reviews');
  const card = staff.getByRole('article', { name: title });
  await card.waitFor();
  await decide(card);
  await card.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('listing verifications', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    // test agents and their listings are written through the API and the entity layer of this project's cloud
    Object.assign(process.env, inject('cloud').env);
  });

  it('takes a deed through review and an owner through the emailed link, awarding each once', async () => {
    const agent: TestAgent = await createTestAgent({
      role: 'Agent',
      fullName: `Deed Agent ${Date.now() % 100_000}`,
    });
    const title = `Verified loft ${Date.now() % 100_000}`;
    const propertyId = await createListing(agent, {
      title,
      street_address: 'Rua Augusta 10',
      area: 'Baixa',
      city: 'Lisbon',
    });
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    await openListing(page, propertyId);
    await deedStep(page).getByText('Not requested', { exact: true }).waitFor();
    await ownerStep(page).getByText('Not requested', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'verification-not-requested.png'), fullPage: true });

    // 1. the deed: uploaded, rejected with a reason, uploaded again, approved
    await uploadDeed(page, 'deed-page-1.pdf', title);
    await verificationCard(page).screenshot({ path: join(SHOTS, 'verification-pending.png') });

    const staff = await openPage();
    await signInWithPassword(staff, 'support@estatenet.local');
    const reason = 'Page 2 with the land registry stamp is missing.';
    await staffDecides(staff, title, async (card) => {
      await staff.screenshot({ path: join(SHOTS, 'deed-review-queue.png'), fullPage: true });
      await card.getByRole('button', { name: 'Reject' }).click();
      await card.getByLabel('Reason').fill(reason);
      await card.screenshot({ path: join(SHOTS, 'deed-review-reject.png') });
      await card.getByRole('button', { name: 'Reject the deed' }).click();
    });

    await openListing(page, propertyId);
    await deedStep(page).getByText('Rejected', { exact: true }).waitFor();
    await deedStep(page).getByText(reason).waitFor();
    await verificationCard(page).screenshot({ path: join(SHOTS, 'verification-rejected.png') });
    await deedStep(page).getByRole('button', { name: 'Upload the deed again' }).waitFor();
    await uploadDeed(page, 'whole-deed.pdf', title);

    await staffDecides(staff, title, (card) => card.getByRole('button', { name: 'Approve' }).click());

    await openListing(page, propertyId);
    await deedStep(page).getByText('Approved', { exact: true }).waitFor();
    await page.getByText('Deed verified', { exact: true }).first().waitFor();
    const afterDeed = PROPERTY_ADDED.points + PROPERTY_DEED_VERIFIED.points;
    await expect
      .poll(
        async () => {
          await page.reload();
          return [
            await sidebarFigure(page, 'Reputation points'),
            await sidebarFigure(page, 'Verified deals'),
          ];
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toEqual([String(afterDeed), '1']);

    // 2. the owner: the agent sends the link, the owner answers in a browser of their own
    const ownerEmail = `owner-${Date.now()}@example.com`;
    await ownerStep(page).getByLabel("Owner's email").fill(ownerEmail);
    await ownerStep(page).getByRole('button', { name: 'Send the link' }).click();
    await ownerStep(page).getByText('Email sent', { exact: true }).waitFor();
    await verificationCard(page).screenshot({ path: join(SHOTS, 'verification-owner-sent.png') });
    const { link } = await latestOwnerLink(ownerEmail);

    const owner = await openPage();
    await owner.goto(link);
    await owner.getByRole('heading', { name: 'Is this listing of your property right?' }).waitFor();
    await owner.getByText(title, { exact: true }).waitFor();
    await owner.getByText('Rua Augusta 10, Baixa, Lisbon').waitFor();
    await owner.getByText(agent.fullName, { exact: true }).waitFor();
    await owner.screenshot({ path: join(SHOTS, 'owner-confirmation.png'), fullPage: true });
    await owner.getByRole('button', { name: 'Confirm' }).click();
    await owner.getByRole('heading', { name: 'Thank you: the listing is confirmed' }).waitFor();
    await owner.screenshot({ path: join(SHOTS, 'owner-confirmed.png'), fullPage: true });
    // single use: the same link now says so
    await owner.reload();
    await owner.getByRole('heading', { name: 'This link was already used' }).waitFor();

    await expect
      .poll(
        async () => {
          await page.reload();
          return sidebarFigure(page, 'Reputation points');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(String(afterDeed + OWNER_ACKNOWLEDGEMENT.points));
    await ownerStep(page).getByText('Confirmed', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'verification-verified.png'), fullPage: true });

    // the edit form shows the flags read-only, with their states
    await page.goto(appUrl(`/properties/edit/${propertyId}`));
    await page.getByRole('heading', { name: 'Verification' }).waitFor();
    await page.getByText('Approved', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Deed verified' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Verification' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'property-form-verification.png') });
    await Promise.all([page, staff, owner].map((opened) => opened.context().close()));
  });

  it('keeps the deed reviews from agents who are not support staff', async () => {
    const agent = await createTestAgent();
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    await page.goto(appUrl('/settings'));
    await page.getByRole('heading', { name: 'Plan and billing' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Open the deed reviews' }).count()).toBe(0);
    await page.goto(appUrl('/settings/deed-reviews'));
    await page.getByText("Deed reviews are for EstateNet's support staff.", { exact: false }).waitFor();
    await page.context().close();
  });
});
