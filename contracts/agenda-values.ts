/**
 * The agenda's vocabulary and timing rules, free of zod so the browser's agenda screen checks an event
 * exactly as the API does without the schema code (contracts/schemas/agenda.ts re-exports them).
 */

export const AGENDA_EVENT_TYPES = ['viewing', 'meeting', 'call', 'deadline'] as const;
export type AgendaEventType = (typeof AGENDA_EVENT_TYPES)[number];

export const AGENDA_EVENT_TYPE_LABELS: Record<AgendaEventType, string> = {
  viewing: 'Viewing',
  meeting: 'Meeting',
  call: 'Call',
  deadline: 'Deadline',
};

/** The longest an event may last: a list reads start times from this long before its range. */
export const MAX_EVENT_DAYS = 31;
/** The widest range one list request may ask for (a month view shows six weeks). */
export const MAX_RANGE_DAYS = 100;
/** A reminder at most four weeks before the start. */
export const MAX_REMINDER_MINUTES = 4 * 7 * 24 * 60;

/** Where the public .ics feed of a token is served; the `.ics` suffix is optional. */
export const AGENDA_FEED_PATH = '/api/agenda/feed';
export const agendaFeedPath = (token: string) => `${AGENDA_FEED_PATH}/${token}.ics`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Times outside these years are refused, so every stored instant has a four-digit year and sorts as text. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(3000, 0, 1);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A calendar date `YYYY-MM-DD` that exists (no 2025-02-30). */
export function isDateOnly(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO 8601 date-time with a `Z` or `±hh:mm` offset, so it names one instant. */
export function isDateTime(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    DATE_TIME.test(value) &&
    isDateOnly(value.slice(0, 10)) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** The instant a date (midnight UTC) or date-time names, in ms. */
const instantOf = (value: string) =>
  isDateOnly(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);

const inYears = (value: string) => {
  const instant = instantOf(value);
  return instant >= EARLIEST && instant < LATEST;
};

/** The date `days` after a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface EventTiming {
  all_day?: boolean | undefined;
  start?: string | undefined;
  end?: string | null | undefined;
}

const DATE_MESSAGE = 'must be a date (YYYY-MM-DD) for an all-day event';
const DATE_TIME_MESSAGE = 'must be a date and time with an offset, like 2025-06-10T14:00:00Z';
const YEARS_MESSAGE = 'must be between the years 1900 and 2999';

/**
 * What is wrong with an event's times, by field: an all-day event takes dates (its end is the day after
 * its last day, as in iCalendar, and may be left out for one day), a timed event date-times with an
 * offset and an end; the end comes after the start, at most MAX_EVENT_DAYS later.
 */
export function eventTimingProblems(event: EventTiming): Record<string, string> {
  const problems: Record<string, string> = {};
  const allDay = event.all_day === true;
  const valid = allDay ? isDateOnly : isDateTime;
  const kindMessage = allDay ? DATE_MESSAGE : DATE_TIME_MESSAGE;
  const { start, end } = event;
  if (start === undefined) problems.start = 'is required';
  else if (!valid(start)) problems.start = kindMessage;
  else if (!inYears(start)) problems.start = YEARS_MESSAGE;
  if (end === undefined || end === null) {
    if (!allDay) problems.end = 'is required unless the event is all-day';
  } else if (!valid(end)) problems.end = kindMessage;
  else if (!inYears(end)) problems.end = YEARS_MESSAGE;
  if (problems.start || problems.end || start === undefined || end === undefined || end === null) {
    return problems;
  }
  const length = instantOf(end) - instantOf(start);
  if (length <= 0) problems.end = 'must be after start';
  else if (length > MAX_EVENT_DAYS * DAY_MS)
    problems.end = `must be at most ${MAX_EVENT_DAYS} days after start`;
  return problems;
}

/** What is wrong with a list range, by field: `to` after `from`, at most MAX_RANGE_DAYS later. */
export function rangeProblems(range: { from: string; to: string }): Record<string, string> {
  const length = Date.parse(range.to) - Date.parse(range.from);
  if (!(length > 0)) return { to: 'must be after from' };
  if (length > MAX_RANGE_DAYS * DAY_MS) return { to: `must be at most ${MAX_RANGE_DAYS} days after from` };
  return {};
}

/** An IANA time zone the runtime knows (Europe/Lisbon, UTC). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
