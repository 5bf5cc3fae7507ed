import { describe, expect, it } from 'vitest';
import { agendaEventCreate, agendaEventUpdate, listAgendaEventsQuery } from './agenda.ts';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('agenda event contract', () => {
  it('takes a timed event with defaults for type, all-day and time zone', () => {
    const parsed = agendaEventCreate.parse({
      title: '  Viewing at Rua Augusta  ',
      start: '2025-06-10T14:00:00+01:00',
      end: '2025-06-10T15:00:00+01:00',
    });

    expect(parsed).toMatchObject({
      title: 'Viewing at Rua Augusta',
      type: 'meeting',
      all_day: false,
      time_zone: 'UTC',
    });
  });

  it('takes a one-day all-day event without an end', () => {
    expect(
      agendaEventCreate.safeParse({ title: 'Deadline', all_day: true, start: '2025-06-10' }).success,
    ).toBe(true);
  });

  it.each([
    [{ start: '2025-06-10T14:00:00Z', end: '2025-06-10T14:00:00Z' }, 'end', 'must be after start'],
    [{ start: '2025-06-10T14:00:00Z', end: '2025-06-10T13:00:00Z' }, 'end', 'must be after start'],
    [{ start: '2025-06-10T14:00:00Z' }, 'end', 'is required unless the event is all-day'],
    [
      { start: '2025-06-10T14:00:00', end: '2025-06-10T15:00:00Z' },
      'start',
      'must be a date and time with an offset, like 2025-06-10T14:00:00Z',
    ],
    [
      { start: '2025-06-10T14:00:00Z', end: '2025-08-10T15:00:00Z' },
      'end',
      'must be at most 31 days after start',
    ],
    [
      { all_day: true, start: '2025-06-10T00:00:00Z' },
      'start',
      'must be a date (YYYY-MM-DD) for an all-day event',
    ],
    [{ all_day: true, start: '2025-02-30' }, 'start', 'must be a date (YYYY-MM-DD) for an all-day event'],
    [{ all_day: true, start: '2025-06-10', end: '2025-06-10' }, 'end', 'must be after start'],
    [
      { start: '1800-06-10T14:00:00Z', end: '1800-06-10T15:00:00Z' },
      'start',
      'must be between the years 1900 and 2999',
    ],
    [
      { start: '2025-06-10T14:00:00Z', end: '2025-06-10T15:00:00Z', time_zone: 'Mars/Olympus' },
      'time_zone',
      'must be an IANA time zone, like Europe/Lisbon',
    ],
    [
      { start: '2025-06-10T14:00:00Z', end: '2025-06-10T15:00:00Z', reminder_minutes: 1.5 },
      'reminder_minutes',
      'must be a whole number of minutes',
    ],
  ])('names the field of a wrong time: %j', (times, field, message) => {
    const result = agendaEventCreate.safeParse({ title: 'Call', ...times });

    expect(result.success).toBe(false);
    expect(fieldsOf(result)[field]).toBe(message);
  });

  it('refuses an empty change and unknown fields', () => {
    expect(agendaEventUpdate.safeParse({}).success).toBe(false);
    expect(fieldsOf(agendaEventUpdate.safeParse({ agent_id: 'x' }))).toHaveProperty('');
  });

  it('bounds a list range to 100 days, after its start', () => {
    const range = (from: string, to: string) => fieldsOf(listAgendaEventsQuery.safeParse({ from, to }));

    expect(range('2025-06-01T00:00:00Z', '2025-07-13T00:00:00Z')).toEqual({});
    expect(range('2025-06-01T00:00:00Z', '2025-06-01T00:00:00Z')).toEqual({ to: 'must be after from' });
    expect(range('2025-01-01T00:00:00Z', '2025-06-01T00:00:00Z')).toEqual({
      to: 'must be at most 100 days after from',
    });
  });
});
