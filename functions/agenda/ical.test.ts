import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, type IcsEvent, utcStamp } from './ical.ts';

const base: IcsEvent = {
  event_id: 'evt-1',
  title: 'Viewing',
  type: 'viewing',
  all_day: false,
  start: '2025-06-10T14:00:00.000Z',
  end: '2025-06-10T15:00:00.000Z',
  sequence: 0,
  created_at: '2025-06-01T09:00:00.000Z',
  updated_at: '2025-06-02T09:30:00.000Z',
};

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

describe('iCalendar feed', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text, and drops control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0000h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}😀${'x'.repeat(50)}`;

    const folded = foldLine(line);

    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(physical.map((part, index) => (index ? part.slice(1) : part)).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });

  it('writes UTC times in the basic format', () => {
    expect(utcStamp('2025-06-10T14:05:09.123Z')).toBe('20250610T140509Z');
  });

  it('produces a calendar that an RFC 5545 parser reads back field for field', () => {
    const tricky: IcsEvent = {
      ...base,
      event_id: 'evt-2',
      title: 'Offer review; Costa, Ana — “final” \\ round 😀 '.repeat(3).trim(),
      type: 'meeting',
      location: 'Rua Augusta 12, 3º Esq.; Lisbon',
      notes: 'Bring the deed.\nCall the notary first, then the bank.',
      reminder_minutes: 45,
      sequence: 3,
    };
    const allDay: IcsEvent = {
      ...base,
      event_id: 'evt-3',
      title: 'Deposit deadline',
      type: 'deadline',
      all_day: true,
      start: '2025-06-12',
      end: '2025-06-13',
    };

    const text = buildCalendar({
      name: 'EstateNet · Maya Collins',
      events: [base, tricky, allDay],
      now: new Date('2025-06-05T08:00:00Z'),
    });

    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/EstateNet/);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('EstateNet · Maya Collins');
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.uid)).toEqual([
      'evt-1@estatenet',
      'evt-2@estatenet',
      'evt-3@estatenet',
    ]);

    const [first, second, third] = events;
    expect(first!.startDate.toJSDate().toISOString()).toBe('2025-06-10T14:00:00.000Z');
    expect(first!.startDate.zone.tzid).toBe('UTC');
    expect(first!.endDate.toJSDate().toISOString()).toBe('2025-06-10T15:00:00.000Z');
    expect(first!.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2025-06-05T08:00:00Z');

    expect(second!.summary).toBe(tricky.title);
    expect(second!.location).toBe(tricky.location);
    expect(second!.description).toBe(tricky.notes);
    expect(second!.sequence).toBe(3);
    expect(second!.component.getFirstPropertyValue('categories')).toBe('Meeting');
    const alarm = second!.component.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarm.getFirstPropertyValue('trigger')?.toString()).toBe('-PT45M');

    expect(third!.startDate.isDate).toBe(true);
    expect(third!.startDate.toString()).toBe('2025-06-12');
    expect(third!.endDate.toString()).toBe('2025-06-13');
    expect(third!.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
  });

  it('is a valid empty calendar when the agent has no events', () => {
    const calendar = parse(buildCalendar({ name: 'Empty', events: [] }));

    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
  });
});
