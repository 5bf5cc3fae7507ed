import {
  AGENDA_EVENT_TYPE_LABELS,
  type AgendaEventType,
  addDays,
  isDateOnly,
} from '#contracts/agenda-values';

/** Time-zone arithmetic with Intl only (no date library in the Lambda bundles). */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far a time zone's wall clock is ahead of UTC at an instant, in ms. */
export function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ISO) at which a date begins in a time zone (the first moment of it across DST). */
export function startOfDay(date: string, timeZone: string): string {
  if (!isDateOnly(date)) throw new Error(`not a date: ${date}`);
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let instant = midnightUtc - offsetAt(midnightUtc, timeZone);
  // once more with the offset at the guess: a DST change between UTC midnight and local midnight
  instant = midnightUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(instant: string, timeZone: string): string {
  const wall = wallClock(Date.parse(instant), timeZone);
  return `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
}

export interface EventTimes {
  all_day: boolean;
  start: string;
  end: string;
  starts_at: string;
  ends_at: string;
}

/**
 * The stored times of an event from what the API was sent (already checked): timed events keep UTC
 * instants; all-day events keep their dates and begin and end at midnight in the event's time zone. An
 * all-day event without an end lasts one day.
 */
export function eventTimes(input: {
  all_day: boolean;
  start: string;
  end?: string | null | undefined;
  time_zone: string;
}): EventTimes {
  if (input.all_day) {
    const end = input.end ?? addDays(input.start, 1);
    return {
      all_day: true,
      start: input.start,
      end,
      starts_at: startOfDay(input.start, input.time_zone),
      ends_at: startOfDay(end, input.time_zone),
    };
  }
  const start = new Date(input.start).toISOString();
  const end = new Date(input.end!).toISOString();
  return { all_day: false, start, end, starts_at: start, ends_at: end };
}

/** "Tue 10 Jun, 14:00" (or "Tue 10 Jun" for a day) in the event's time zone, for reminder texts. */
export function describeWhen(event: {
  all_day: boolean;
  start: string;
  starts_at: string;
  time_zone: string;
}) {
  if (event.all_day) {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    }).format(new Date(`${event.start}T00:00:00Z`));
  }
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: event.time_zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(event.starts_at));
}

export const typeLabel = (type: AgendaEventType) => AGENDA_EVENT_TYPE_LABELS[type];
