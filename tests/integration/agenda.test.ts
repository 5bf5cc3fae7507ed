import ICAL from 'ical.js';
import { describe, expect, inject, it } from 'vitest';
import { fieldMessage } from '#contracts/field-labels';
import { signIn } from '#local/accounts';
import type { LocalCloud } from '#local/cloud';
import { DEMO_PASSWORD, seedDemoData } from '#local/seed';
import { seedAgendaDemo } from '#local/seed-agenda';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';

/** The agenda API through the local API Gateway: events, their reminders and the secret .ics feed. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
/** A whole hour `hours` from now, so ranges and reminders are easy to reason about. */
const inHours = (hours: number) => Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR;

interface EventView {
  event_id: string;
  title: string;
  type: string;
  all_day: boolean;
  start: string;
  end: string;
  client_id?: string;
  property_id?: string;
  reminder_minutes?: number;
  reminder_at?: string;
  sequence: number;
}

async function createEvent(agent: TestAgent, body: Record<string, unknown>) {
  const response = await callApi('/api/agenda/events', { ...jsonBody('POST', body), token: agent.token });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json as EventView;
}

const patchEvent = (agent: TestAgent, id: string, body: Record<string, unknown>) =>
  callApi(`/api/agenda/events/${id}`, { ...jsonBody('PATCH', body), token: agent.token });

async function listEvents(agent: TestAgent, from: number, to: number) {
  const response = await callApi(
    `/api/agenda/events?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}`,
    { token: agent.token },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: EventView[] }).items;
}

/** The reminders the agent sees now, through the notifications list. */
async function visibleReminders(agent: TestAgent) {
  const response = await callApi(`/api/agents/${agent.agentId}/reputation/notifications`, {
    token: agent.token,
  });
  const { items } = (await response.json()) as { items: Array<{ message: string; kind?: string }> };
  return items.filter((item) => item.kind === 'reminder');
}

async function storedReminders(agent: TestAgent) {
  const { Notification } = await import('#functions/notifications/entities');
  const stored = await Notification.queryAll('primary', { agent_id: agent.agentId }, { consistent: true });
  return stored.filter((item) => item.kind === 'reminder');
}

async function feedOf(agent: TestAgent) {
  const response = await callApi(`/api/agents/${agent.agentId}/agenda/feed`, {
    method: 'POST',
    token: agent.token,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { enabled: boolean; path: string };
}

describe('agenda events', () => {
  it('creates an event and lists it in every range it overlaps, and only there', async () => {
    const agent = await createTestAgent();
    const start = inHours(48);
    const created = await createEvent(agent, {
      title: 'Viewing at Rua Augusta 12',
      type: 'viewing',
      start: iso(start),
      end: iso(start + 90 * 60 * 1000),
      location: 'Rua Augusta 12, Lisbon',
      time_zone: 'Europe/Lisbon',
    });

    expect(created).toMatchObject({
      title: 'Viewing at Rua Augusta 12',
      type: 'viewing',
      all_day: false,
      start: iso(start),
      sequence: 0,
    });
    expect(created).not.toHaveProperty('starts_at');
    const ids = async (from: number, to: number) =>
      (await listEvents(agent, from, to)).map((event) => event.event_id);
    expect(await ids(start - DAY, start + DAY)).toEqual([created.event_id]);
    // overlapping the end, or the middle only
    expect(await ids(start + HOUR, start + 2 * HOUR)).toEqual([created.event_id]);
    expect(await ids(start - HOUR, start)).toEqual([]);
    expect(await ids(start + 90 * 60 * 1000, start + DAY)).toEqual([]);
  });

  it('lists an event that began before the range and is still going on', async () => {
    const agent = await createTestAgent();
    const start = inHours(24);
    const created = await createEvent(agent, {
      title: 'Open house weekend',
      all_day: true,
      start: iso(start).slice(0, 10),
      end: new Date(start + 3 * DAY).toISOString().slice(0, 10),
    });

    const listed = await listEvents(agent, start + 2 * DAY, start + 2 * DAY + HOUR);

    expect(listed.map((event) => event.event_id)).toEqual([created.event_id]);
  });

  it('lists events in start order and pages through them', async () => {
    const agent = await createTestAgent();
    const start = inHours(24);
    for (const hour of [5, 1, 3, 2, 4]) {
      await createEvent(agent, {
        title: `Call ${hour}`,
        type: 'call',
        start: iso(start + hour * HOUR),
        end: iso(start + hour * HOUR + 15 * 60 * 1000),
      });
    }
    const query = `from=${encodeURIComponent(iso(start))}&to=${encodeURIComponent(iso(start + DAY))}`;

    const first = await (await callApi(`/api/agenda/events?${query}&limit=3`, { token: agent.token })).json();
    const second = await (
      await callApi(`/api/agenda/events?${query}&limit=3&cursor=${first.cursor}`, { token: agent.token })
    ).json();

    expect([...first.items, ...second.items].map((event: EventView) => event.title)).toEqual([
      'Call 1',
      'Call 2',
      'Call 3',
      'Call 4',
      'Call 5',
    ]);
    expect(second.cursor).toBeUndefined();
  });

  it('keeps an all-day event on its date in the agent’s time zone', async () => {
    const agent = await createTestAgent();
    const created = await createEvent(agent, {
      title: 'Deposit deadline',
      type: 'deadline',
      all_day: true,
      start: '2031-03-14',
      time_zone: 'Pacific/Auckland',
    });

    expect(created).toMatchObject({ all_day: true, start: '2031-03-14', end: '2031-03-15' });
    // the day in Auckland (UTC+13 in March) runs from 13 March 11:00 UTC
    expect(
      await listEvents(agent, Date.parse('2031-03-13T11:00:00Z'), Date.parse('2031-03-13T12:00:00Z')),
    ).toHaveLength(1);
    expect(
      await listEvents(agent, Date.parse('2031-03-13T00:00:00Z'), Date.parse('2031-03-13T10:59:00Z')),
    ).toHaveLength(0);
  });

  it('reschedules by start alone and keeps the duration, counting revisions', async () => {
    const agent = await createTestAgent();
    const start = inHours(30);
    const created = await createEvent(agent, {
      title: 'Notary',
      start: iso(start),
      end: iso(start + 45 * 60 * 1000),
    });

    const response = await patchEvent(agent, created.event_id, { start: iso(start + DAY) });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      start: iso(start + DAY),
      end: iso(start + DAY + 45 * 60 * 1000),
      sequence: 1,
    });
    expect(await listEvents(agent, start - HOUR, start + HOUR)).toEqual([]);
    expect(
      (await listEvents(agent, start + DAY - HOUR, start + DAY + HOUR)).map((event) => event.title),
    ).toEqual(['Notary']);
  });

  it('clears optional fields with null and refuses an end before the start, naming the field', async () => {
    const agent = await createTestAgent();
    const start = inHours(10);
    const created = await createEvent(agent, {
      title: 'Call the bank',
      type: 'call',
      start: iso(start),
      end: iso(start + HOUR),
      location: 'Phone',
      notes: 'Ask about the mortgage offer',
    });

    const cleared = await (
      await patchEvent(agent, created.event_id, { location: null, type: 'meeting' })
    ).json();
    const refused = await patchEvent(agent, created.event_id, { end: iso(start - HOUR) });

    expect(cleared).toMatchObject({ type: 'meeting', notes: 'Ask about the mortgage offer' });
    expect(cleared).not.toHaveProperty('location');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'End must be after start',
      fields: { end: 'must be after start' },
      code: 'validation_failed',
    });
  });

  it.each([
    [
      { title: 'x', start: '2030-01-01T10:00:00Z', end: '2030-01-01T09:00:00Z' },
      'end',
      'must be after start',
    ],
    [{ title: 'x', start: '2030-01-01T10:00:00Z' }, 'end', 'is required unless the event is all-day'],
    [{ title: '', start: '2030-01-01T10:00:00Z', end: '2030-01-01T11:00:00Z' }, 'title', 'is required'],
    [
      { title: 'x', type: 'lunch', start: '2030-01-01T10:00:00Z', end: '2030-01-01T11:00:00Z' },
      'type',
      'must be one of viewing, meeting, call, deadline',
    ],
    [
      { title: 'x', start: '2030-01-01T10:00:00Z', end: '2030-01-01T11:00:00Z', reminder_minutes: -5 },
      'reminder_minutes',
      'must be 0 or more',
    ],
  ])('refuses a new event %j with a message naming the field', async (body, field, message) => {
    const agent = await createTestAgent();

    const response = await callApi('/api/agenda/events', { ...jsonBody('POST', body), token: agent.token });

    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(answer.fields[field]).toBe(message);
    // the sentence names the field as the event form labels it
    expect(answer.error).toBe(fieldMessage(field, message));
  });

  it('deletes an event; another agent’s events are answered as missing and left alone', async () => {
    const owner = await createTestAgent();
    const other = await createTestAgent();
    const start = inHours(20);
    const created = await createEvent(owner, {
      title: 'Private viewing',
      start: iso(start),
      end: iso(start + HOUR),
    });

    const foreignPatch = await patchEvent(other, created.event_id, { title: 'Hijacked' });
    const foreignDelete = await callApi(`/api/agenda/events/${created.event_id}`, {
      method: 'DELETE',
      token: other.token,
    });
    const foreignList = await listEvents(other, start - DAY, start + DAY);

    expect([foreignPatch.status, foreignDelete.status]).toEqual([404, 404]);
    expect(foreignList).toEqual([]);
    expect((await listEvents(owner, start - DAY, start + DAY))[0]?.title).toBe('Private viewing');

    const deleted = await callApi(`/api/agenda/events/${created.event_id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    const again = await callApi(`/api/agenda/events/${created.event_id}`, {
      method: 'DELETE',
      token: owner.token,
    });

    expect(deleted.status).toBe(200);
    expect(again.status).toBe(404);
    expect(await listEvents(owner, start - DAY, start + DAY)).toEqual([]);
  });

  it('links a client and a listing of the agent’s own, refuses someone else’s, and notes the event on the client', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const client = await (
      await callApi('/api/clients', { ...jsonBody('POST', { full_name: 'Ana Costa' }), token: agent.token })
    ).json();
    const foreignClient = await (
      await callApi('/api/clients', { ...jsonBody('POST', { full_name: 'Rui Lopes' }), token: other.token })
    ).json();
    const listing = async (owner: TestAgent) =>
      (
        await (
          await callApi('/api/addProperty', {
            ...formBody({ title: `Listing of ${owner.agentId}`, price: '250000', city: 'Lisbon' }),
            token: owner.token,
          })
        ).json()
      ).propertyId as string;
    const [property, foreignProperty] = await Promise.all([listing(agent), listing(other)]);
    const start = inHours(26);

    const linked = await createEvent(agent, {
      title: 'Viewing with Ana',
      type: 'viewing',
      start: iso(start),
      end: iso(start + HOUR),
      client_id: client.client_id,
      property_id: property,
    });
    const refused = await callApi('/api/agenda/events', {
      ...jsonBody('POST', {
        title: 'x',
        start: iso(start),
        end: iso(start + HOUR),
        client_id: foreignClient.client_id,
      }),
      token: agent.token,
    });

    const refusedListing = await callApi('/api/agenda/events', {
      ...jsonBody('POST', {
        title: 'x',
        start: iso(start),
        end: iso(start + HOUR),
        property_id: foreignProperty,
      }),
      token: agent.token,
    });
    const missingListing = await callApi('/api/agenda/events', {
      ...jsonBody('POST', {
        title: 'x',
        start: iso(start),
        end: iso(start + HOUR),
        property_id: 'no-such-listing',
      }),
      token: agent.token,
    });

    expect(linked).toMatchObject({ client_id: client.client_id, property_id: property });
    expect(refused.status).toBe(400);
    const refusal = await refused.json();
    expect(refusal.fields).toEqual({ client_id: 'is not one of your clients' });
    expect(JSON.stringify(refusal)).not.toContain('Rui Lopes');
    for (const answer of [refusedListing, missingListing]) {
      expect(answer.status).toBe(400);
      expect((await answer.json()).fields).toEqual({ property_id: 'is not one of your properties' });
    }
    expect(await listEvents(agent, start - HOUR, start + 2 * HOUR)).toHaveLength(1);
    const activity = await (
      await callApi(`/api/clients/${client.client_id}/activity`, { token: agent.token })
    ).json();
    expect(
      activity.items.map((item: { kind: string; summary?: string }) => [item.kind, item.summary]),
    ).toContainEqual(['event', expect.stringMatching(/^Viewing scheduled: “Viewing with Ana” on /)]);
  });
});

describe('agenda reminders', () => {
  it('shows a reminder in notifications only from its time on', async () => {
    const agent = await createTestAgent();
    // starts in 62 s with a 1-minute reminder: the reminder is due 2 s from now
    const soon = await createEvent(agent, {
      title: 'Call back the buyer',
      type: 'call',
      start: iso(Date.now() + 62_000),
      end: iso(Date.now() + 62_000 + 15 * 60_000),
      reminder_minutes: 1,
    });
    const later = await createEvent(agent, {
      title: 'Sign the lease',
      start: iso(inHours(72)),
      end: iso(inHours(73)),
      reminder_minutes: 60,
      time_zone: 'Europe/Lisbon',
    });

    expect(later.reminder_at).toBe(iso(inHours(71)));
    expect((await visibleReminders(agent)).map((item) => item.message)).toEqual([]);
    expect(await storedReminders(agent)).toHaveLength(2);

    await expect
      .poll(async () => (await visibleReminders(agent)).map((item) => item.message), {
        timeout: 10_000,
        interval: 500,
      })
      .toEqual([expect.stringMatching(/^Reminder: Call “Call back the buyer” on /)]);
    expect(soon.reminder_at).toBe(iso(Date.parse(soon.start) - 60_000));
    const [stored] = (await storedReminders(agent)).filter((item) => item.message.includes('Sign the lease'));
    expect(stored).toMatchObject({ created_at: later.reminder_at, read: false });
    expect(stored!.link).toBe(
      `/agenda?date=${new Date(inHours(72)).toLocaleDateString('en-CA', { timeZone: 'Europe/Lisbon' })}&event=${later.event_id}`,
    );
  });

  it('moves the reminder with a reschedule and removes it with the event', async () => {
    const agent = await createTestAgent();
    const start = inHours(48);
    const created = await createEvent(agent, {
      title: 'Valuation visit',
      start: iso(start),
      end: iso(start + HOUR),
      reminder_minutes: 30,
    });
    expect((await storedReminders(agent)).map((item) => item.created_at)).toEqual([iso(start - 30 * 60_000)]);

    await patchEvent(agent, created.event_id, { start: iso(start + DAY) });
    expect((await storedReminders(agent)).map((item) => item.created_at)).toEqual([
      iso(start + DAY - 30 * 60_000),
    ]);

    await patchEvent(agent, created.event_id, {
      reminder_minutes: 120,
      title: 'Valuation visit (owner present)',
    });
    const moved = await storedReminders(agent);
    expect(moved.map((item) => item.created_at)).toEqual([iso(start + DAY - 120 * 60_000)]);
    expect(moved[0]!.message).toContain('Valuation visit (owner present)');

    await patchEvent(agent, created.event_id, { reminder_minutes: null });
    expect(await storedReminders(agent)).toEqual([]);

    await patchEvent(agent, created.event_id, { reminder_minutes: 15 });
    expect(await storedReminders(agent)).toHaveLength(1);
    await callApi(`/api/agenda/events/${created.event_id}`, { method: 'DELETE', token: agent.token });
    expect(await storedReminders(agent)).toEqual([]);
  });

  it('leaves one reminder when the same event is rescheduled many times at once', async () => {
    const agent = await createTestAgent();
    const start = inHours(100);
    const created = await createEvent(agent, {
      title: 'Busy',
      start: iso(start),
      end: iso(start + HOUR),
      reminder_minutes: 10,
    });

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        patchEvent(agent, created.event_id, { start: iso(start + (index + 1) * HOUR) }),
      ),
    );

    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const [final] = await listEvents(agent, start, start + DAY);
    const reminders = await storedReminders(agent);
    expect(reminders.map((item) => item.created_at)).toEqual([iso(Date.parse(final!.start) - 10 * 60_000)]);
  });
});

describe('the .ics feed', () => {
  it('serves the agent’s events as an RFC 5545 calendar at a secret address', async () => {
    const agent = await createTestAgent({ fullName: 'Maya Feed' });
    const start = inHours(50);
    const created = await createEvent(agent, {
      title: 'Viewing; Rua das Flores, 3º',
      type: 'viewing',
      start: iso(start),
      end: iso(start + HOUR),
      location: 'Porto',
      notes: 'Keys at the café\nPark behind',
      reminder_minutes: 30,
    });
    const feed = await feedOf(agent);

    const response = await callApi(feed.path);

    expect(feed.path).toMatch(/^\/api\/agenda\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('\r\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('EstateNet · Maya Feed');
    const [event] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(event!.uid).toBe(`${created.event_id}@estatenet`);
    expect(event!.summary).toBe('Viewing; Rua das Flores, 3º');
    expect(event!.description).toBe('Keys at the café\nPark behind');
    expect(event!.startDate.toJSDate().toISOString()).toBe(iso(start));
    expect(text).toContain(`DTSTART:${iso(start).replace(/[-:]/g, '').replace('.000', '')}`);
  });

  it('stops serving an address once it is rotated or revoked', async () => {
    const agent = await createTestAgent();
    await createEvent(agent, { title: 'Secret meeting', start: iso(inHours(5)), end: iso(inHours(6)) });
    const first = await feedOf(agent);
    const second = await feedOf(agent);

    const old = await callApi(first.path);
    const current = await callApi(second.path);
    const revoked = await callApi(`/api/agents/${agent.agentId}/agenda/feed`, {
      method: 'DELETE',
      token: agent.token,
    });
    const afterRevoke = await callApi(second.path);
    const shown = await (
      await callApi(`/api/agents/${agent.agentId}/agenda/feed`, { token: agent.token })
    ).json();

    expect(second.path).not.toBe(first.path);
    expect(old.status).toBe(404);
    expect(await old.text()).not.toContain('Secret meeting');
    expect(current.status).toBe(200);
    expect(revoked.status).toBe(200);
    expect(afterRevoke.status).toBe(404);
    expect(shown).toEqual({ enabled: false });
  });

  it('answers a made-up token like a revoked one, and keeps the feed settings to their owner', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();

    const unknown = await callApi(`/api/agenda/feed/${'x'.repeat(43)}.ics`);
    const garbage = await callApi('/api/agenda/feed/not-a-token');
    const foreign = await callApi(`/api/agents/${agent.agentId}/agenda/feed`, {
      method: 'POST',
      token: other.token,
    });

    expect([unknown.status, garbage.status, foreign.status]).toEqual([404, 404, 404]);
    expect(await unknown.json()).toEqual({ error: 'Calendar feed not found', code: 'not_found' });
    expect(
      await (await callApi(`/api/agents/${agent.agentId}/agenda/feed`, { token: agent.token })).json(),
    ).toEqual({
      enabled: false,
    });
  });
});

describe('the demo agenda', () => {
  it('gives the demo agents a week of events with reminders, once however often it runs', async () => {
    const cloud = { userPool: inject('cloud').userPool } as LocalCloud;
    await seedDemoData(cloud);
    await seedAgendaDemo(cloud.userPool);
    const { accessToken } = await signIn(cloud.userPool, 'demo@estatenet.local', DEMO_PASSWORD);
    const maya = { token: accessToken } as TestAgent;
    const now = Date.now();

    const week = await listEvents(maya, now - 8 * DAY, now + 9 * DAY);

    const seeded = week.filter((event) => event.event_id.startsWith('demo-'));
    expect(seeded.length).toBeGreaterThanOrEqual(14);
    expect(new Set(seeded.map((event) => event.event_id)).size).toBe(seeded.length);
    expect(new Set(seeded.map((event) => event.type))).toEqual(
      new Set(['viewing', 'meeting', 'call', 'deadline']),
    );
    expect(seeded.some((event) => event.reminder_at && Date.parse(event.reminder_at) > now)).toBe(true);
  });
});
