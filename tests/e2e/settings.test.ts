import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_BRAND_COLORS } from '#contracts/values';
import { formatPriceIn, formatRatesDate } from '../../frontend/src/features/preferences/format.ts';
import { demoPhotos } from '../../local/seed-photos.ts';
import { callApi, createTestAgent, formBody } from '../support/agents.ts';
import { appUrl, sidebar, signInWithPassword, TEST_PASSWORD, useBrowser } from './helpers.ts';

/**
 * /settings in the browser (issue 10): brand colours change the app at once and after a reload; the Free
 * Plan is told branding is not available; EUR and sqft convert a property's price and size; a Live Chat
 * message reaches the support inbox and the reply reaches the agent's chat panel.
 */

/** A CSS colour as the browser computes it, for `#rrggbb`. */
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

const rootVariable = (page: Page, name: string) =>
  page.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );

const background = (selector: ReturnType<Page['getByRole']>) =>
  selector.evaluate((element) => getComputedStyle(element).backgroundColor);

const headerAddProperty = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Add Property' });

describe('settings', () => {
  const { openPage } = useBrowser();

  beforeAll(() => {
    // test agents are written through the entity layer, against this project's cloud
    Object.assign(process.env, inject('cloud').env);
  });

  it('changes both brand colours: the sidebar and buttons take them at once and after a reload', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    expect(await rootVariable(page, '--brand-2')).toBe(DEFAULT_BRAND_COLORS.color2);

    await page.goto(appUrl('/settings'));
    // a hex code that is not a colour is said, and nothing can be saved with it
    const primaryHex = page.getByLabel('Primary colour hex code');
    await primaryHex.fill('#12345');
    await page.getByText('Enter a colour as # and six hex digits, like #1AB684').waitFor();
    await expect.poll(() => primaryHex.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByRole('button', { name: 'Save colours' }).isDisabled()).toBe(true);
    await primaryHex.fill('#1ab684');
    await page
      .getByText('Enter a colour as # and six hex digits, like #1AB684')
      .waitFor({ state: 'detached' });

    await page.getByLabel('Primary colour', { exact: true }).fill('#7c3aed');
    await page.getByLabel('Secondary colour', { exact: true }).fill('#be123c');
    // the preview follows the pickers before anything is saved; the app does not yet
    const preview = page.getByTestId('brand-preview');
    expect(await background(preview.getByText('Add Property'))).toBe(rgb('#be123c'));
    expect(await rootVariable(page, '--brand-2')).toBe(DEFAULT_BRAND_COLORS.color2);

    await page.getByRole('button', { name: 'Save colours' }).click();
    await expect.poll(() => rootVariable(page, '--brand-1')).toBe('#7c3aed');
    expect(await rootVariable(page, '--brand-2')).toBe('#be123c');
    // buttons change colour with a short transition
    await expect.poll(() => background(headerAddProperty(page))).toBe(rgb('#be123c'));
    const upgradeNow = sidebar(page).getByRole('link', { name: 'Upgrade Now' });
    await expect
      .poll(() => upgradeNow.evaluate((element) => getComputedStyle(element).backgroundImage))
      .toContain(rgb('#7c3aed'));

    await page.reload();
    await sidebar(page).getByTestId('sidebar-name').waitFor();
    await expect.poll(() => rootVariable(page, '--brand-2')).toBe('#be123c');
    // buttons change colour with a short transition
    await expect.poll(() => background(headerAddProperty(page))).toBe(rgb('#be123c'));
    await page.context().close();
  });

  it('tells the Free Plan that branding is not available, with an upgrade link', async () => {
    const agent = await createTestAgent({ role: 'Superagent' });
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    await page.goto(appUrl('/settings'));

    await page.getByText('Branding is not available on your plan.').waitFor();
    await expect.poll(() => page.getByLabel('Primary colour', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Upgrade your plan' }).click();
    await page.waitForURL('**/agents/upgrade?reason=feature');
    await page.getByRole('heading', { level: 1, name: 'Unlock this feature' }).waitFor();
    await page.context().close();
  });

  it("converts a property's price to EUR and its size to sqft once they are chosen", async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const [photo] = demoPhotos(1);
    const added = await callApi('/api/addProperty', {
      ...formBody(
        { title: 'Converted loft', price: '250000', city: 'Lisbon', size: '120', measurement_metric: 'sqm' },
        [{ field: 'files', name: 'front.png', bytes: photo!.bytes, type: 'image/png' }],
      ),
      token: agent.token,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { propertyId } = (await added.json()) as { propertyId: string };
    const exchange = (await (await callApi('/api/exchange-rates', { token: agent.token })).json()) as {
      rates: Record<string, number>;
      date: string;
    };

    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    await page.goto(appUrl(`/properties/details/${propertyId}`));
    await expect.poll(() => page.getByTestId('detail-price').textContent()).toBe('$250,000');
    await page.getByText('120 sqm', { exact: true }).waitFor();

    await page.goto(appUrl('/settings'));
    // the choices show at once (optimistic); the reload below needs them saved
    const savedBy = (path: string) =>
      page.waitForResponse(
        (response) => response.url().endsWith(path) && response.request().method() === 'POST',
      );
    const currencySaved = savedBy('/api/currency-preference');
    await page.getByLabel('Display currency').selectOption('EUR');
    expect((await currencySaved).ok()).toBe(true);
    const sqft = page.getByLabel('Square feet (sqft)');
    const unitSaved = savedBy('/api/metric-preference');
    await sqft.click();
    expect((await unitSaved).ok()).toBe(true);
    await expect.poll(() => sqft.isChecked()).toBe(true);
    const euros = formatPriceIn(250_000, 'EUR', exchange.rates);
    await expect.poll(() => page.getByTestId('currency-example').textContent()).toMatch(/^€/);
    await page.getByText(`Exchange rates of ${formatRatesDate(exchange.date)}`).waitFor();

    // saved on the server: a fresh load of the detail page shows them
    await page.goto(appUrl(`/properties/details/${propertyId}`));
    // the price stays as it was entered, its value in euros beside it with the rates' date
    await expect
      .poll(() => page.getByTestId('detail-price-converted').textContent())
      .toBe(`≈ ${euros} · Rates of ${formatRatesDate(exchange.date)}`);
    await expect.poll(() => page.getByTestId('detail-price').textContent()).toBe('$250,000');
    await page.getByText('1,292 sqft', { exact: true }).waitFor();
    await page.context().close();
  });

  it("carries a Live Chat message to the support inbox and the reply back to the agent's panel", async () => {
    const agent = await createTestAgent({ role: 'Agent', fullName: `Chatty Agent ${Date.now() % 100_000}` });
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    await sidebar(page).getByRole('switch', { name: 'Live Chat' }).click();
    const panel = page.getByRole('region', { name: 'Live Chat' });
    await panel.waitFor();
    const question = `How do I add a virtual tour? ${Date.now()}`;
    await panel.getByLabel('Message to support').fill(question);
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('log', { name: 'Support conversation' }).getByText(question).waitFor();

    // EstateNet's support staff (their own sign-in, not a customer) answer from the inbox in their settings
    const staff = await openPage();
    await signInWithPassword(staff, 'support@estatenet.local');
    await staff.goto(appUrl('/settings'));
    await staff.getByRole('link', { name: 'Open the support inbox' }).click();
    await staff.waitForURL('**/settings/support-inbox');
    await staff
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(agent.fullName) })
      .click();
    const conversation = staff.getByRole('region', { name: `Conversation with ${agent.fullName}` });
    await conversation.getByText(question).waitFor();
    const answer = `Open the listing, then Edit: the tour link goes under Media. ${Date.now()}`;
    await conversation.getByLabel(`Reply to ${agent.fullName}`).fill(answer);
    await conversation.getByRole('button', { name: 'Send' }).click();
    await conversation.getByText(answer).waitFor();

    // the agent's open panel picks the reply up by itself
    await panel.getByText(answer).waitFor({ timeout: 20_000 });
    await expect.poll(() => panel.getByText('EstateNet Support').count()).toBeGreaterThan(0);

    // the toggle is the account's: a new device signs in with the chat on
    const other = await openPage();
    await signInWithPassword(other, agent.email, TEST_PASSWORD);
    await expect
      .poll(() => sidebar(other).getByRole('switch', { name: 'Live Chat' }).getAttribute('aria-checked'))
      .toBe('true');
    await Promise.all([page, staff, other].map((opened) => opened.context().close()));
  });

  it('keeps the support inbox from agents who are not support staff', async () => {
    const agent = await createTestAgent();
    const page = await openPage();
    await signInWithPassword(page, agent.email, TEST_PASSWORD);
    // Settings does not even ask for the inbox (a 404 in every non-staff agent's console): the account
    // settings say who is staff
    const inboxRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/support/inbox')) inboxRequests.push(request.url());
    });
    // asked of the API, not read from the page's traffic: the Live Chat box of the page signed in on asks
    // for the same settings, and its answer's body is gone once the page navigates
    const settings = await callApi('/api/account-settings', { token: agent.token });
    expect(await settings.json()).toMatchObject({ support_staff: false });
    await page.goto(appUrl('/settings'));
    await page.getByRole('heading', { name: 'Plan and billing' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByRole('link', { name: 'Open the support inbox' }).count()).toBe(0);
    expect(inboxRequests).toEqual([]);
    await page.goto(appUrl('/settings/support-inbox'));
    await page.getByText("The support inbox is for EstateNet's support staff.", { exact: false }).waitFor();
    await page.context().close();
  });
});
