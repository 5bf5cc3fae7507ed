import {
  AGENDA_EVENT_TYPES,
  type AgendaEventType,
  addDays,
  eventTimingProblems,
  isDateOnly,
  MAX_REMINDER_MINUTES,
} from '#contracts/agenda-values';
import { fieldMessage as labelled } from '#contracts/field-labels';
import type { AgendaEvent, AgendaEventPatch, NewAgendaEvent } from './api.ts';

/**
 * The event dialog's form: what the inputs hold (local dates and times), how it becomes an API body, and
 * the same checks the API makes (contracts/agenda-values.ts), so errors show before a round trip. All-day
 * events are edited by their first and last day; the API's end is the day after the last.
 */
export interface EventFormValues {
  title: string;
  type: AgendaEventType;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  clientId: string;
  propertyId: string;
  /** one of the agent's open deals: both its agents see the event on the deal's timeline */
  dealId: string;
  /** minutes before the start, '' for none */
  reminder: string;
  notes: string;
}

/** Form fields that can carry an error message (the API's field names). */
export type EventField =
  | 'title'
  | 'type'
  | 'start'
  | 'end'
  | 'location'
  | 'notes'
  | 'client_id'
  | 'property_id'
  | 'deal_id'
  | 'reminder_minutes';

export type EventErrors = Partial<Record<EventField, string>>;

/** The fields the event form shows errors for (their labels: contracts/field-labels). */
const FIELDS: ReadonlySet<string> = new Set<EventField>([
  'title',
  'type',
  'start',
  'end',
  'location',
  'notes',
  'client_id',
  'property_id',
  'deal_id',
  'reminder_minutes',
]);

export const REMINDER_CHOICES: ReadonlyArray<{ minutes: number | null; label: string }> = [
  { minutes: null, label: 'No reminder' },
  { minutes: 0, label: 'At the start' },
  { minutes: 5, label: '5 minutes before' },
  { minutes: 10, label: '10 minutes before' },
  { minutes: 15, label: '15 minutes before' },
  { minutes: 30, label: '30 minutes before' },
  { minutes: 60, label: '1 hour before' },
  { minutes: 120, label: '2 hours before' },
  { minutes: 24 * 60, label: '1 day before' },
  { minutes: 2 * 24 * 60, label: '2 days before' },
  { minutes: 7 * 24 * 60, label: '1 week before' },
];

const DEFAULT_REMINDER_MINUTES = 30;
const DEFAULT_DURATION_MS = 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar date of a moment (YYYY-MM-DD). */
export const localDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The local wall time of a moment (HH:mm). */
export const localTime = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** A local date and time as an ISO instant, or undefined when either is not filled in correctly. */
export function localInstant(date: string, time: string): string | undefined {
  if (!isDateOnly(date) || !/^\d{2}:\d{2}$/.test(time)) return undefined;
  const moment = new Date(`${date}T${time}`);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
}

/** The browser's IANA time zone: the API words reminders and places all-day events in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A new event for a slot picked in the calendar (or now, rounded up to the next hour). */
export function valuesForSlot(slot?: { start: Date; end?: Date | null; allDay: boolean }): EventFormValues {
  const start = slot?.start ?? nextHour();
  const allDay = slot?.allDay ?? false;
  const end = slot?.end ?? new Date(start.getTime() + (allDay ? 24 * 60 * 60 * 1000 : DEFAULT_DURATION_MS));
  // an all-day selection ends at midnight after its last day
  const lastDay = allDay ? new Date(end.getTime() - 1) : end;
  return {
    title: '',
    type: 'viewing',
    allDay,
    startDate: localDate(start),
    startTime: allDay ? '09:00' : localTime(start),
    endDate: localDate(lastDay),
    endTime: allDay ? '10:00' : localTime(end),
    location: '',
    clientId: '',
    propertyId: '',
    dealId: '',
    reminder: String(DEFAULT_REMINDER_MINUTES),
    notes: '',
  };
}

function nextHour(): Date {
  const now = new Date();
  now.setMinutes(0, 0, 0);
  return new Date(now.getTime() + 60 * 60 * 1000);
}

/** The form of an existing event. */
export function valuesForEvent(event: AgendaEvent): EventFormValues {
  const timed = (iso: string) => new Date(iso);
  return {
    title: event.title,
    type: event.type,
    allDay: event.all_day,
    startDate: event.all_day ? event.start : localDate(timed(event.start)),
    startTime: event.all_day ? '09:00' : localTime(timed(event.start)),
    endDate: event.all_day ? addDays(event.end, -1) : localDate(timed(event.end)),
    endTime: event.all_day ? '10:00' : localTime(timed(event.end)),
    location: event.location ?? '',
    clientId: event.client_id ?? '',
    propertyId: event.property_id ?? '',
    dealId: event.deal_id ?? '',
    reminder: event.reminder_minutes === undefined ? '' : String(event.reminder_minutes),
    notes: event.notes ?? '',
  };
}

/** The start and end the API takes, as far as the inputs allow. */
function timesOf(values: EventFormValues) {
  if (values.allDay) {
    return {
      start: values.startDate,
      end: isDateOnly(values.endDate) ? addDays(values.endDate, 1) : values.endDate,
    };
  }
  return {
    start: localInstant(values.startDate, values.startTime) ?? `${values.startDate}T${values.startTime}`,
    end: localInstant(values.endDate, values.endTime) ?? `${values.endDate}T${values.endTime}`,
  };
}

/** A message for one field, with its label: "End must be after start". */
export const fieldMessage = (field: EventField, message: string) => labelled(field, message);

/** The problems the API would report, worded for the form. */
export function validateEvent(values: EventFormValues): EventErrors {
  const errors: EventErrors = {};
  if (!values.title.trim()) errors.title = fieldMessage('title', 'is required');
  else if (values.title.trim().length > 200)
    errors.title = fieldMessage('title', 'must be at most 200 characters');
  if (!AGENDA_EVENT_TYPES.includes(values.type)) errors.type = fieldMessage('type', 'is required');
  if (!isDateOnly(values.startDate)) errors.start = 'Choose a start date';
  else if (!values.allDay && !localInstant(values.startDate, values.startTime))
    errors.start = 'Choose a start time';
  if (!isDateOnly(values.endDate)) errors.end = 'Choose an end date';
  else if (!values.allDay && !localInstant(values.endDate, values.endTime)) errors.end = 'Choose an end time';
  if (!errors.start && !errors.end) {
    const problems = eventTimingProblems({ all_day: values.allDay, ...timesOf(values) });
    if (problems.start) errors.start = fieldMessage('start', problems.start);
    if (problems.end) {
      // the form shows the last day of an all-day event, which may be the start day itself
      errors.end =
        values.allDay && problems.end === 'must be after start'
          ? 'The last day cannot be before the first day'
          : fieldMessage('end', problems.end);
    }
  }
  if (values.location.trim().length > 300)
    errors.location = fieldMessage('location', 'must be at most 300 characters');
  if (values.notes.length > 5000) errors.notes = fieldMessage('notes', 'must be at most 5000 characters');
  const reminder = reminderMinutes(values);
  if (reminder !== null && (!Number.isInteger(reminder) || reminder < 0 || reminder > MAX_REMINDER_MINUTES)) {
    errors.reminder_minutes = fieldMessage('reminder_minutes', 'is not a valid choice');
  }
  return errors;
}

const reminderMinutes = (values: EventFormValues) =>
  values.reminder === '' ? null : Number(values.reminder);

/** The body of a new event (empty optional fields left out). */
export function createBody(values: EventFormValues, timeZone = browserTimeZone()): NewAgendaEvent {
  const reminder = reminderMinutes(values);
  return {
    title: values.title.trim(),
    type: values.type,
    all_day: values.allDay,
    ...timesOf(values),
    time_zone: timeZone,
    ...(values.location.trim() ? { location: values.location.trim() } : {}),
    ...(values.notes.trim() ? { notes: values.notes } : {}),
    ...(values.clientId ? { client_id: values.clientId } : {}),
    ...(values.propertyId.trim() ? { property_id: values.propertyId.trim() } : {}),
    ...(values.dealId ? { deal_id: values.dealId } : {}),
    ...(reminder !== null ? { reminder_minutes: reminder } : {}),
  };
}

/** The fields that changed from the event, `null` for the ones cleared; empty when nothing changed. */
export function updateBody(
  event: AgendaEvent,
  values: EventFormValues,
  timeZone = browserTimeZone(),
): AgendaEventPatch {
  const next = createBody(values, timeZone);
  const patch: Record<string, unknown> = {};
  if (next.title !== event.title) patch.title = next.title;
  if (next.type !== event.type) patch.type = next.type;
  const retimed = next.all_day !== event.all_day || next.start !== event.start || next.end !== event.end;
  if (retimed)
    Object.assign(patch, { all_day: next.all_day, start: next.start, end: next.end, time_zone: timeZone });
  const optional = [
    ['location', next.location, event.location],
    ['notes', next.notes, event.notes],
    ['client_id', next.client_id, event.client_id],
    ['property_id', next.property_id, event.property_id],
    ['deal_id', next.deal_id, event.deal_id],
    ['reminder_minutes', next.reminder_minutes, event.reminder_minutes],
  ] as const;
  for (const [field, value, before] of optional) {
    if (value !== before) patch[field] = value ?? null;
  }
  return patch as AgendaEventPatch;
}

/** Field errors from a 400 of the API (`fields`), worded like the form's own. */
export function serverErrors(data: unknown): EventErrors {
  const fields = (data as { fields?: Record<string, unknown> } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: EventErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (FIELDS.has(field) && typeof message === 'string') {
      errors[field as EventField] = fieldMessage(field as EventField, message);
    }
  }
  return errors;
}

/**
 * The new times of an event dragged or resized in the calendar. FullCalendar gives all-day events local
 * midnights (end exclusive) and may drop the end of an event dragged between the all-day row and the hours.
 */
export function movedTimes(
  moved: { start: Date; end: Date | null; allDay: boolean },
  timeZone = browserTimeZone(),
): AgendaEventPatch {
  if (moved.allDay) {
    const start = localDate(moved.start);
    return {
      all_day: true,
      start,
      end: moved.end ? localDate(moved.end) : addDays(start, 1),
      time_zone: timeZone,
    };
  }
  const end = moved.end ?? new Date(moved.start.getTime() + DEFAULT_DURATION_MS);
  return { all_day: false, start: moved.start.toISOString(), end: end.toISOString(), time_zone: timeZone };
}

/** Moves the start; the end moves with it so the duration stays, as calendar apps do. */
export function withStart(
  values: EventFormValues,
  change: Partial<Pick<EventFormValues, 'startDate' | 'startTime'>>,
): EventFormValues {
  const next = { ...values, ...change };
  if (values.allDay) {
    if (isDateOnly(values.startDate) && isDateOnly(values.endDate) && isDateOnly(next.startDate)) {
      const days = Math.round((Date.parse(values.endDate) - Date.parse(values.startDate)) / 86_400_000);
      next.endDate = addDays(next.startDate, Math.max(0, days));
    }
    return next;
  }
  const start = localInstant(values.startDate, values.startTime);
  const end = localInstant(values.endDate, values.endTime);
  const movedStart = localInstant(next.startDate, next.startTime);
  if (start && end && movedStart && Date.parse(end) > Date.parse(start)) {
    const movedEnd = new Date(Date.parse(movedStart) + Date.parse(end) - Date.parse(start));
    next.endDate = localDate(movedEnd);
    next.endTime = localTime(movedEnd);
  }
  return next;
}
