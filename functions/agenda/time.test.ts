import { describe, expect, it } from 'vitest';
import { dateIn, describeWhen, eventTimes, offsetAt, startOfDay } from './time.ts';

describe('agenda time zones', () => {
  it('finds the offset of a zone, summer and winter', () => {
    expect(offsetAt(Date.parse('2025-07-01T12:00:00Z'), 'Europe/Lisbon')).toBe(60 * 60 * 1000);
    expect(offsetAt(Date.parse('2025-01-01T12:00:00Z'), 'Europe/Lisbon')).toBe(0);
    expect(offsetAt(Date.parse('2025-01-01T12:00:00Z'), 'America/New_York')).toBe(-5 * 60 * 60 * 1000);
  });

  it('begins a day at local midnight, also on a daylight-saving change', () => {
    expect(startOfDay('2025-06-10', 'Europe/Lisbon')).toBe('2025-06-09T23:00:00.000Z');
    expect(startOfDay('2025-06-10', 'UTC')).toBe('2025-06-10T00:00:00.000Z');
    expect(startOfDay('2025-06-10', 'Pacific/Auckland')).toBe('2025-06-09T12:00:00.000Z');
    // Lisbon moves to summer time at 01:00 on 30 March 2025; midnight is still winter time
    expect(startOfDay('2025-03-30', 'Europe/Lisbon')).toBe('2025-03-30T00:00:00.000Z');
    expect(startOfDay('2025-03-31', 'Europe/Lisbon')).toBe('2025-03-30T23:00:00.000Z');
    // São Paulo had no DST in 2025; New York changes at 02:00
    expect(startOfDay('2025-03-09', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfDay('2025-03-10', 'America/New_York')).toBe('2025-03-10T04:00:00.000Z');
  });

  it('tells the local date of an instant', () => {
    expect(dateIn('2025-06-09T23:30:00.000Z', 'Europe/Lisbon')).toBe('2025-06-10');
    expect(dateIn('2025-06-09T23:30:00.000Z', 'UTC')).toBe('2025-06-09');
  });

  it('stores timed events as UTC instants and all-day events as dates with local-midnight instants', () => {
    expect(
      eventTimes({
        all_day: false,
        start: '2025-06-10T15:00:00+01:00',
        end: '2025-06-10T16:30:00+01:00',
        time_zone: 'Europe/Lisbon',
      }),
    ).toEqual({
      all_day: false,
      start: '2025-06-10T14:00:00.000Z',
      end: '2025-06-10T15:30:00.000Z',
      starts_at: '2025-06-10T14:00:00.000Z',
      ends_at: '2025-06-10T15:30:00.000Z',
    });
    expect(eventTimes({ all_day: true, start: '2025-06-10', time_zone: 'Europe/Lisbon' })).toEqual({
      all_day: true,
      start: '2025-06-10',
      end: '2025-06-11',
      starts_at: '2025-06-09T23:00:00.000Z',
      ends_at: '2025-06-10T23:00:00.000Z',
    });
  });

  it('words a time in the event’s own zone', () => {
    expect(
      describeWhen({
        all_day: false,
        start: '2025-06-10T14:00:00.000Z',
        starts_at: '2025-06-10T14:00:00.000Z',
        time_zone: 'Europe/Lisbon',
      }),
    ).toBe('Tue 10 Jun, 15:00');
    expect(
      describeWhen({
        all_day: true,
        start: '2025-06-10',
        starts_at: '2025-06-09T23:00:00.000Z',
        time_zone: 'Europe/Lisbon',
      }),
    ).toBe('Tue 10 Jun');
  });
});
