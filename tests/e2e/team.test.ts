import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createTestAgency, createTestAgent, jsonBody } from '../support/agents.ts';
import { latestConfirmationCode } from '../support/cognito-codes.ts';
import { appUrl, sidebar, signInWithPassword, TEST_PASSWORD, uniqueEmail, useBrowser } from './helpers.ts';

/**
 * Invites and the team in the browser (issue 5): an agency at its seat cap cannot invite; the header and
 * /team show the same seats left as invitations are sent and revoked; an invitee signs up through the link
 * and appears on /team; removing the member frees the seat. With TEAM_SCREENSHOTS=<dir>
 * the screens are also saved there (desktop and phone widths).
 */
const SCREENSHOTS = process.env.TEAM_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

const inviteButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Invite agents/ });

describe('invites and the team', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    // the test agencies are written through the entity layer, against this run's cloud
    Object.assign(process.env, inject('cloud').env);
  });

  it('an agency at its seat cap cannot invite: no invite button, a closed form, and the server refuses', async () => {
    const agency = await createTestAgency({ members: 3, name: 'Full House Realty' });
    const page = await openPage();
    await signInWithPassword(page, agency.admin.email, TEST_PASSWORD);

    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Team' }).isVisible()).toBe(true);
    await expect.poll(() => inviteButton(page).count()).toBe(0);
    await page.goto(appUrl('/agents/invite'));
    await page.getByTestId('seat-summary').getByText('3 of 3 seats taken · 0 left').waitFor();
    await expect.poll(() => page.getByLabel('Email address').isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Send invite' }).isDisabled()).toBe(true);
    await page.getByText('Every seat is taken or invited.').waitFor();
    await shot(page, 'invite-full-desktop');

    const refused = await callApi('/api/team/invites', {
      ...jsonBody('POST', { email: uniqueEmail('fourth') }),
      token: agency.admin.token,
    });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ feature: 'seats', current: 3, maximum: 3 });
    await page.context().close();
  });

  it('the header and /team show the same seats left: an invitation holds one, revoking frees it', async () => {
    const agency = await createTestAgency({ members: 1, name: `Dune Estates ${Date.now() % 10_000}` });
    const page = await openPage();
    await signInWithPassword(page, agency.admin.email, TEST_PASSWORD);
    const seatSummary = page.getByTestId('seat-summary');
    const sendInvite = async (email: string) => {
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Send invite' }).click();
      await page.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor();
    };

    await page.goto(appUrl('/team'));
    await seatSummary.getByText('1 of 3 seats taken · 2 left').waitFor();
    await inviteButton(page).getByText('2 seats left').waitFor();

    // each invitation takes a seat on every screen at once, without a reload
    await inviteButton(page).click();
    await page.waitForURL('**/agents/invite');
    await sendInvite(uniqueEmail('first-held'));
    await seatSummary.getByText('1 of 3 seats taken · 1 invitation pending · 1 left').waitFor();
    await inviteButton(page).getByText('1 seat left').waitFor();
    const lastSeat = uniqueEmail('last-held');
    await sendInvite(lastSeat);
    await seatSummary.getByText('1 of 3 seats taken · 2 invitations pending · 0 left').waitFor();
    await inviteButton(page).waitFor({ state: 'detached' });

    await sidebar(page).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL('**/team');
    await seatSummary.getByText('1 of 3 seats taken · 2 invitations pending · 0 left').waitFor();
    await expect.poll(() => inviteButton(page).count()).toBe(0);

    // revoking gives the seat back to /team and the header together
    // it asks first: keeping the invitation changes nothing
    await page.getByRole('button', { name: `Revoke the invitation to ${lastSeat}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke the invitation to ${lastSeat}?` });
    await confirm.getByRole('button', { name: 'Keep invitation' }).click();
    await confirm.waitFor({ state: 'detached' });
    await seatSummary.getByText('1 of 3 seats taken · 2 invitations pending · 0 left').waitFor();
    await page.getByRole('button', { name: `Revoke the invitation to ${lastSeat}` }).click();
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await confirm.waitFor({ state: 'detached' });
    await seatSummary.getByText('1 of 3 seats taken · 1 invitation pending · 1 left').waitFor();
    await inviteButton(page).getByText('1 seat left').waitFor();

    // and the server agrees after a reload
    await page.reload();
    await seatSummary.getByText('1 of 3 seats taken · 1 invitation pending · 1 left').waitFor();
    await inviteButton(page).getByText('1 seat left').waitFor();
    await page.context().close();
  });

  it('an agent already signed in opens the invitation from its notifications, accepts, and lands on the team', async () => {
    const agency = await createTestAgency({ name: `Harbour Lights ${Date.now() % 10_000}` });
    const agent = await createTestAgent({ fullName: 'Omar Signed-In' });
    const created = await callApi('/api/team/invites', {
      ...jsonBody('POST', { email: agent.email }),
      token: agency.admin.token,
    });
    expect(created.status).toBe(201);
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);

    // an agent already on EstateNet finds the invitation among its notifications, and opens it from there
    await page.goto(appUrl('/notifications'));
    await page.getByRole('link', { name: /invited you to join Harbour Lights/ }).click();
    await page.getByRole('heading', { name: /^Join Harbour Lights/ }).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();

    await page.waitForURL('**/team', { timeout: 20_000 });
    await page.getByRole('listitem', { name: 'Omar Signed-In' }).waitFor();
    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Team' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('invite → the invitee signs up through the link → on the team; remove → gone, the seat back', async () => {
    const agency = await createTestAgency({ name: `Seaside Homes ${Date.now() % 10_000}` });
    const agencyName = (
      await (await callApi(`/api/agencies/${agency.agencyId}`, { token: agency.admin.token })).json()
    ).name as string;
    const admin = await openPage();
    await signInWithPassword(admin, agency.admin.email, TEST_PASSWORD);

    // the admin invites from the header button
    await inviteButton(admin).getByText('3 seats left').waitFor();
    await inviteButton(admin).click();
    await admin.waitForURL('**/agents/invite');
    await admin.getByRole('heading', { name: 'Invite agents' }).waitFor();
    const email = uniqueEmail('invitee');
    await admin.getByLabel('Email address').fill(email);
    await admin.getByRole('button', { name: 'Send invite' }).click();
    const linkField = admin.getByLabel('Invite link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/authentication\/register\?invite=[A-Za-z0-9_-]{43}$/);
    await admin.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor();
    await admin
      .getByTestId('seat-summary')
      .getByText('0 of 3 seats taken · 1 invitation pending · 2 left')
      .waitFor();
    await inviteButton(admin).getByText('2 seats left').waitFor();
    await shot(admin, 'invite-sent-desktop');

    // the invitee opens the link in another browser, signs up and confirms
    const invitee = await openPage();
    await invitee.goto(link);
    await invitee.getByRole('heading', { name: `Join ${agencyName}` }).waitFor();
    await expect.poll(() => invitee.getByLabel('Email').inputValue()).toBe(email);
    await expect.poll(() => invitee.getByRole('radio', { name: 'Agency' }).isVisible()).toBe(false);
    await shot(invitee, 'signup-invite-desktop');
    await invitee.getByLabel('Full name').fill('Rita Invitee');
    await invitee.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await invitee.waitForURL('**/authentication/confirm?**');
    await invitee.getByLabel('Confirmation code').fill(await latestConfirmationCode(email));
    await invitee.getByRole('button', { name: 'Confirm account' }).click();

    // signed in, the invitation is accepted and the new agent lands on its team
    await invitee.waitForURL('**/team', { timeout: 20_000 });
    await invitee.getByRole('heading', { level: 1, name: agencyName }).waitFor();
    await invitee.getByRole('listitem', { name: 'Rita Invitee' }).waitFor();
    await expect.poll(() => sidebar(invitee).getByText('Agency', { exact: true }).isVisible()).toBe(true);

    // the link opened again, signed out: no dead end, the way to sign in
    const again = await openPage();
    await again.goto(link);
    await again
      .getByRole('alert')
      .getByText('This invitation has already been accepted. Sign in to open your team.')
      .waitFor();
    await again.getByRole('alert').getByRole('link', { name: 'Sign in' }).click();
    await again.waitForURL('**/authentication/login');
    await again.context().close();

    // the admin sees the new member, then removes it
    await admin.goto(appUrl('/team'));
    const member = admin.getByRole('listitem', { name: 'Rita Invitee' });
    await member.waitFor();
    await expect.poll(() => member.getByText('Agent', { exact: true }).isVisible()).toBe(true);
    await admin.getByTestId('seat-summary').getByText('1 of 3 seats taken · 2 left').waitFor();
    await shot(admin, 'team-desktop');
    await member.getByRole('button', { name: 'Remove Rita Invitee' }).click();
    const dialog = admin.getByRole('dialog', { name: `Remove Rita Invitee from ${agencyName}?` });
    await dialog.waitFor();
    await shot(admin, 'team-remove-dialog-desktop');
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await dialog.waitFor({ state: 'detached' });
    await member.waitFor({ state: 'detached' });
    await admin.getByTestId('seat-summary').getByText('0 of 3 seats taken · 3 left').waitFor();
    await inviteButton(admin).getByText('3 seats left').waitFor();

    if (SCREENSHOTS) {
      const phone = await openPage({ width: 390, height: 844 });
      await signInWithPassword(phone, agency.admin.email, TEST_PASSWORD).catch(async () => {
        await phone.waitForURL('**/agents/profile');
      });
      await phone.goto(appUrl('/team'));
      await phone.getByRole('heading', { level: 1, name: agencyName }).waitFor();
      await shot(phone, 'team-mobile');
      await phone.goto(appUrl('/agents/invite'));
      await phone.getByRole('heading', { name: 'Invite agents' }).waitFor();
      await shot(phone, 'invite-mobile');
      await phone.goto(link.replace(/^https?:\/\/[^/]+/, appUrl('')));
      await phone.context().close();
    }
    await invitee.context().close();
    await admin.context().close();
  });
});
