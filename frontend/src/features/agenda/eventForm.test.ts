import { describe, expect, it } from 'vitest';
import type { AgendaEvent } from './api.ts';
import {
  createBody,
  localDate,
  movedTimes,
  serverErrors,
  updateBody,
  validateEvent,
  valuesForEvent,
  valuesForSlot,
  withStart,
} from './eventForm.ts';

const event: AgendaEvent = {
  event_id: 'e1',
  agent_id: 'a1',
  title: 'Viewing',
  type: 'viewing',
  all_day: false,
  start: new Date(2031, 4, 6, 14, 0).toISOString(),
  end: new Date(2031, 4, 6, 15, 30).toISOString(),
  time_zone: 'UTC',
  location: 'Rua Augusta 12',
  reminder_minutes: 30,
  sequence: 0,
  created_at: '2031-05-01T00:00:00.000Z',
  updated_at: '2031-05-01T00:00:00.000Z',
};

describe('the event form', () => {
  it('shows an event in local dates and times and sends back the same instants', () => {
    const values = valuesForEvent(event);

    expect(values).toMatchObject({
      startDate: '2031-05-06',
      startTime: '14:00',
      endTime: '15:30',
      reminder: '30',
    });
    expect(createBody(values, 'Europe/Lisbon')).toMatchObject({
      start: event.start,
      end: event.end,
      all_day: false,
      time_zone: 'Europe/Lisbon',
      location: 'Rua Augusta 12',
      reminder_minutes: 30,
    });
  });

  it('edits an all-day event by its last day, and sends the day after it as the end', () => {
    const values = {
      ...valuesForSlot(),
      title: 'Open house',
      allDay: true,
      startDate: '2031-05-06',
      endDate: '2031-05-07',
    };

    expect(createBody(values)).toMatchObject({ all_day: true, start: '2031-05-06', end: '2031-05-08' });
    expect(valuesForEvent({ ...event, all_day: true, start: '2031-05-06', end: '2031-05-08' })).toMatchObject(
      {
        startDate: '2031-05-06',
        endDate: '2031-05-07',
      },
    );
  });

  it('names the field of each problem', () => {
    const values = { ...valuesForEvent(event), title: ' ', endTime: '13:00' };

    expect(validateEvent(values)).toEqual({ title: 'Title is required', end: 'End must be after start' });
    expect(validateEvent({ ...values, title: 'x', allDay: true, endDate: '2031-05-05' })).toEqual({
      end: 'The last day cannot be before the first day',
    });
    expect(validateEvent({ ...values, title: 'x', startTime: '' })).toEqual({ start: 'Choose a start time' });
  });

  it('sends only what changed, and null for what was cleared', () => {
    const values = { ...valuesForEvent(event), location: '', reminder: '', notes: 'Keys at the desk' };

    expect(updateBody(event, values, 'UTC')).toEqual({
      location: null,
      reminder_minutes: null,
      notes: 'Keys at the desk',
    });
    expect(updateBody(event, valuesForEvent(event), 'UTC')).toEqual({});
  });

  it('turns a drag into new times: instants for timed events, dates for all-day ones', () => {
    const start = new Date(2031, 4, 7, 9, 0);

    expect(movedTimes({ start, end: null, allDay: false }, 'UTC')).toEqual({
      all_day: false,
      start: start.toISOString(),
      end: new Date(2031, 4, 7, 10, 0).toISOString(),
      time_zone: 'UTC',
    });
    expect(movedTimes({ start: new Date(2031, 4, 7), end: null, allDay: true }, 'UTC')).toEqual({
      all_day: true,
      start: localDate(new Date(2031, 4, 7)),
      end: '2031-05-08',
      time_zone: 'UTC',
    });
  });

  it('words the API’s field errors like its own', () => {
    expect(
      serverErrors({ error: 'x', fields: { client_id: 'is not one of your clients', other: 'x' } }),
    ).toEqual({
      client_id: 'Client is not one of your clients',
    });
  });
});

describe('moving the start in the form', () => {
  it('moves the end with it, keeping the duration', () => {
    const values = valuesForEvent(event);

    expect(withStart(values, { startDate: '2031-05-09' })).toMatchObject({
      endDate: '2031-05-09',
      endTime: '15:30',
    });
    expect(withStart(values, { startTime: '23:00' })).toMatchObject({
      endDate: '2031-05-07',
      endTime: '00:30',
    });
  });
});
