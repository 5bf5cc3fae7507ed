import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { claimDomain, setDnsTxt } from '../support/domains.ts';
import { appUrl, signInWithPassword, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * The Domain dialog of the website editor (issue 20, item 6): a custom domain is claimed and waits for its
 * DNS TXT proof (the record to create, with copy buttons; "Waiting for DNS proof · … · lapses in 71 h"),
 * "Check now" says what it found, the record set in the DNS (the local stand-in) makes it Verified, and a
 * rival who claimed the same domain sees the claim Lapsed and is refused a new one.
 * DOMAIN_SCREENSHOTS=<dir> also saves the dialog in each state.
 */
const SCREENSHOTS = process.env.DOMAIN_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  // tall enough for the whole dialog
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.getByRole('dialog', { name: 'Domain' }).screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function coastalSite(agent: TestAgent): Promise<string> {
  const response = await callApi('/websites', {
    ...jsonBody('POST', { name: `Domains ${randomUUID().slice(0, 6)}`, template_id: 'coastal' }),
    token: agent.token,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Signs in, opens the editor on the website and its Domain dialog. */
async function openDomainDialog(page: Page, agent: TestAgent, websiteId: string) {
  await signInWithPassword(page, agent.email, TEST_PASSWORD);
  await page.goto(appUrl(`/web-builder?id=${websiteId}`));
  await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Domain', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Domain' });
  await dialog.getByLabel('Custom domain').waitFor();
  return dialog;
}

describe('the Domain dialog', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    Object.assign(process.env, inject('cloud').env);
  });

  it('shows the TXT record to create, checks it on demand, turns Verified, and shows a rival’s claim Lapsed', async () => {
    const agent = await createTestAgent({ fullName: 'Dina Domains' });
    const websiteId = await coastalSite(agent);
    const domain = `www.dina-${randomUUID().slice(0, 8)}.com`;
    // a rival claims the same domain first: it blocks nobody until it is proven
    const rival = await createTestAgent({ fullName: 'Rex Rival' });
    const rivalSite = await coastalSite(rival);
    expect((await claimDomain(rival, rivalSite, domain)).body.status).toBe('pending');

    const page = await openPage({ width: 1280, height: 900 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl() });
    const dialog = await openDomainDialog(page, agent, websiteId);
    await expect.poll(() => dialog.getByText('Current domain:').textContent()).toContain('none yet');

    await dialog.getByLabel('Custom domain').fill(domain);
    await dialog.getByRole('button', { name: 'Connect domain' }).click();

    // pending: the TXT record with its copy buttons, the CNAME, the deadline
    await expect.poll(() => dialog.getByTestId('domain-status').textContent()).toBe('Pending');
    await expect
      .poll(() => dialog.getByTestId('domain-summary').textContent())
      .toBe('Waiting for DNS proof · not checked yet · lapses in 71 h');
    await dialog.getByText(`_estatenet-verify.${domain}`).waitFor();
    const value = (await dialog.getByTestId('txt-value').textContent())!;
    expect(value).toMatch(/^estatenet-verify=[0-9a-f]{32}$/);
    await expect.poll(() => dialog.getByTestId('cname-target').textContent()).toBe('localhost');
    await dialog.getByRole('button', { name: 'Copy TXT value' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await dialog.getByRole('button', { name: 'Copy TXT name' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`_estatenet-verify.${domain}`);

    // checked before the record exists: what was found, when
    await dialog.getByRole('button', { name: 'Check now' }).click();
    await expect
      .poll(() => dialog.getByTestId('check-finding').textContent())
      .toContain(`No TXT record was found at _estatenet-verify.${domain} yet`);
    await expect
      .poll(() => dialog.getByTestId('domain-summary').textContent())
      .toBe('Waiting for DNS proof · checked just now · lapses in 71 h');
    await shot(page, 'domain-pending');

    // the record created at the DNS provider: Check now makes it Verified, and it is the site's address
    setDnsTxt(`_estatenet-verify.${domain}`, [value]);
    await dialog.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => dialog.getByTestId('domain-status').textContent()).toBe('Verified');
    await expect
      .poll(() => dialog.getByTestId('domain-summary').textContent())
      .toBe('Verified just now: it serves this website.');
    await expect.poll(() => dialog.getByText('Current domain:').textContent()).toContain(domain);
    await expect(dialog.getByRole('button', { name: 'Check now' }).count()).resolves.toBe(0);
    await shot(page, 'domain-verified');

    // the rival's claim lapsed: the dialog says why, and connecting the domain again is refused
    const rivalPage = await openPage({ width: 1280, height: 900 });
    const rivalDialog = await openDomainDialog(rivalPage, rival, rivalSite);
    await expect.poll(() => rivalDialog.getByTestId('domain-status').textContent()).toBe('Lapsed');
    await rivalDialog.getByText(`Another website proved ${domain} first`).waitFor();
    await rivalDialog.getByLabel('Custom domain').fill(domain);
    await rivalDialog.getByRole('button', { name: 'Connect domain' }).click();
    await rivalDialog
      .getByRole('alert')
      .getByText('This domain is already connected to another website')
      .waitFor();
    await shot(rivalPage, 'domain-lapsed');
  });
});
