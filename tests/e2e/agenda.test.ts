import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '#contracts/agenda-values';
import { signIn } from '#local/accounts';
import { appUrl, createConfirmedAccount, signInWithPassword, submitLogin, useBrowser } from './helpers.ts';

/** Screenshots of the agenda for people to look at: .test-artifacts/agenda-*.png */
const SHOTS = join(import.meta.dirname, '..', '..', '.test-artifacts');

const TIME_ZONE = 'Europe/Lisbon';

/** YYYY-MM-DD of a day next month (the calendar shows it after one "Next" in the month view). */
function nextMonthDay(day: number): string {
  const today = new Date();
  const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, day));
  return month.toISOString().slice(0, 10);
}

async function createClientThroughApi(email: string, password: string, fullName: string) {
  const { accessToken } = await signIn(inject('cloud').userPool, email, password);
  const response = await fetch(appUrl('/api/clients'), {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ full_name: fullName }),
  });
  expect(response.status).toBe(201);
}

const calendar = (page: Page) => page.getByRole('region', { name: 'Calendar' });

async function showMonth(page: Page, forward = 1) {
  await calendar(page).getByRole('button', { name: 'Month' }).click();
  for (let step = 0; step < forward; step += 1)
    await calendar(page).getByRole('button', { name: 'Next' }).click();
}

/** Drags with real pointer moves: FullCalendar starts a drag only after the pointer travels a few pixels. */
async function drag(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  const source = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 10, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
  await page.mouse.up();
}

describe('agenda', () => {
  const { browser } = useBrowser();

  const openPage = async (viewport = { width: 1366, height: 900 }) => {
    const context = await browser().newContext({ viewport, timezoneId: TIME_ZONE, locale: 'en-GB' });
    return context.newPage();
  };

  it('creates a viewing for a client, drags it to another day, keeps it there after a reload, and the .ics feed lists it', async () => {
    const account = await createConfirmedAccount('Rita Almeida');
    await createClientThroughApi(account.email, account.password, 'Ana Costa');
    const page = await openPage();
    await signInWithPassword(page, account.email, account.password);
    await page.goto(appUrl('/agenda'));
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    const day = nextMonthDay(10);
    const movedTo = addDays(day, 2);

    await page.getByRole('button', { name: 'New event' }).click();
    const dialog = page.getByRole('dialog', { name: 'New event' });
    await dialog.getByLabel('Title').fill('Viewing: Rua Augusta 12');
    await dialog.getByLabel('Type').selectOption({ label: 'Viewing' });
    await expect.poll(() => dialog.getByLabel('Client').isEnabled()).toBe(true);
    await dialog.getByLabel('Client').selectOption({ label: 'Ana Costa' });
    await dialog.getByLabel('Start date').fill(day);
    await dialog.getByLabel('Start time').fill('10:00');
    await dialog.getByLabel('End time').fill('11:00');
    await dialog.getByLabel('Location').fill('Rua Augusta 12, Lisbon');
    // an end before the start is refused under the field, before any request
    await dialog.getByLabel('End date').fill(addDays(day, -1));
    await dialog.getByRole('button', { name: 'Save event' }).click();
    await dialog.getByText('End must be after start').waitFor();
    await dialog.getByLabel('End date').fill(day);
    await dialog.getByRole('button', { name: 'Save event' }).click();
    await dialog.waitFor({ state: 'detached' });

    await showMonth(page);
    const event = calendar(page).locator(`td[data-date="${day}"] .fc-event`, {
      hasText: 'Viewing: Rua Augusta 12',
    });
    await event.waitFor();
    await page.screenshot({ path: join(SHOTS, 'agenda-month.png') });
    await drag(page, event, calendar(page).locator(`td[data-date="${movedTo}"] .fc-daygrid-day-frame`));
    await page.getByText(/Viewing: Rua Augusta 12 moved to/).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    await showMonth(page);
    await calendar(page)
      .locator(`td[data-date="${movedTo}"] .fc-event`, { hasText: 'Viewing: Rua Augusta 12' })
      .waitFor();
    await expect.poll(() => calendar(page).locator(`td[data-date="${day}"] .fc-event`).count()).toBe(0);

    // the client's name shows in the list view
    await calendar(page).getByRole('button', { name: 'List' }).click();
    await page.getByRole('button', { name: 'Create calendar link' }).click();
    const link = page.getByLabel('Calendar link');
    await expect.poll(() => link.inputValue()).toMatch(/\/api\/agenda\/feed\/[\w-]{43}\.ics$/);
    const feed = await fetch(await link.inputValue());
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toContain('SUMMARY:Viewing: Rua Augusta 12');
    // 10:00 in Lisbon on the day it was moved to, in UTC
    const start = new Date(`${movedTo}T10:00:00${lisbonOffset(movedTo)}`).toISOString();
    expect(ics).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace('.000', '')}`);
    await page.context().close();
  });

  it('edits and deletes an event with a confirmation', async () => {
    const account = await createConfirmedAccount('Tomás Reis');
    const page = await openPage();
    await signInWithPassword(page, account.email, account.password);
    await page.goto(appUrl('/agenda'));
    const day = nextMonthDay(15);

    await page.getByRole('button', { name: 'New event' }).click();
    const create = page.getByRole('dialog', { name: 'New event' });
    await create.getByLabel('Title').fill('Call the notary');
    await create.getByLabel('Type').selectOption({ label: 'Call' });
    await create.getByLabel('All day').check();
    await create.getByLabel('First day').fill(day);
    await create.getByRole('button', { name: 'Save event' }).click();
    await create.waitFor({ state: 'detached' });
    await showMonth(page);
    await calendar(page).locator(`td[data-date="${day}"] .fc-event`, { hasText: 'Call the notary' }).click();

    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await expect.poll(() => edit.getByLabel('Title').inputValue()).toBe('Call the notary');
    await edit.getByLabel('Title').fill('Call the notary about the deed');
    await edit.getByRole('button', { name: 'Save event' }).click();
    await edit.waitFor({ state: 'detached' });
    const renamed = calendar(page).locator(`td[data-date="${day}"] .fc-event`, {
      hasText: 'Call the notary about the deed',
    });
    await renamed.click();
    await page
      .getByRole('dialog', { name: 'Edit event' })
      .getByRole('button', { name: 'Delete event' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this event?' });
    await confirm.getByRole('button', { name: 'Delete event' }).click();
    await confirm.waitFor({ state: 'detached' });

    await expect.poll(() => renamed.count()).toBe(0);
    await page.context().close();
  });

  it('looks right on a phone and on a desktop with the demo week', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [name, viewport] of [
      ['desktop', { width: 1440, height: 1000 }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      const page = await openPage(viewport);
      // the sidebar shows on wide screens only
      if (name === 'desktop') await signInWithPassword(page, 'demo@estatenet.local');
      else {
        await submitLogin(page, 'demo@estatenet.local');
        await page.getByRole('heading', { level: 1, name: 'Maya Collins' }).waitFor();
      }
      await page.goto(appUrl('/agenda'));
      await page.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
      await calendar(page).locator('.fc-event').first().waitFor();
      await page.screenshot({ path: join(SHOTS, `agenda-${name}.png`), fullPage: name === 'mobile' });
      if (name === 'desktop') {
        await calendar(page).locator('.fc-event').first().click();
        await page.getByRole('dialog', { name: 'Edit event' }).waitFor();
        await page.screenshot({ path: join(SHOTS, 'agenda-dialog.png') });
        // a reminder's link opens the day and the event
        const { accessToken } = await signIn(
          inject('cloud').userPool,
          'demo@estatenet.local',
          'Demo-Password-1',
        );
        const range = `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 6 * 86_400_000).toISOString())}`;
        const listed = await fetch(appUrl(`/api/agenda/events?${range}`), {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const target = (
          (await listed.json()) as {
            items: Array<{ event_id: string; title: string; start: string; all_day: boolean }>;
          }
        ).items.find((item) => !item.all_day)!;
        const date = new Date(target.start).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });
        await page.goto(appUrl(`/agenda?date=${date}&event=${target.event_id}`));
        const linked = page.getByRole('dialog', { name: 'Edit event' });
        await expect.poll(() => linked.getByLabel('Title').inputValue()).toBe(target.title);
        await page.keyboard.press('Escape');
        await linked.waitFor({ state: 'detached' });
        await expect
          .poll(() =>
            calendar(page).getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');
        await page.screenshot({ path: join(SHOTS, 'agenda-linked-day.png') });
      }
      await page.context().close();
    }
  });
});

/** Lisbon's UTC offset on a date (+00:00 in winter, +01:00 in summer). */
function lisbonOffset(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(noon);
  const hours = Number(local) - 12;
  return `${hours >= 0 ? '+' : '-'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}
