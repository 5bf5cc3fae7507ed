import * as z from 'zod/mini';
import {
  AGENDA_EVENT_TYPES,
  eventTimingProblems,
  isDateTime,
  isTimeZone,
  MAX_REMINDER_MINUTES,
  rangeProblems,
} from '../agenda-values.ts';
import { cursor, id, queryInt } from './common.ts';

export {
  AGENDA_EVENT_TYPE_LABELS,
  AGENDA_EVENT_TYPES,
  type AgendaEventType,
  agendaFeedPath,
  MAX_EVENT_DAYS,
  MAX_RANGE_DAYS,
  MAX_REMINDER_MINUTES,
} from '../agenda-values.ts';

/** An agenda event as the API shows it. `start`/`end` are dates for all-day events, UTC instants otherwise. */
export const agendaEvent = z.object({
  event_id: z.string(),
  agent_id: z.string(),
  title: z.string(),
  type: z.enum(AGENDA_EVENT_TYPES),
  all_day: z.boolean(),
  start: z.string(),
  /** all-day: the day after the last day (exclusive, as in iCalendar) */
  end: z.string(),
  time_zone: z.string(),
  location: z.optional(z.string()),
  notes: z.optional(z.string()),
  client_id: z.optional(z.string()),
  property_id: z.optional(z.string()),
  /** a deal of the agent's (either side): both its agents see the event on the deal's timeline */
  deal_id: z.optional(z.string()),
  reminder_minutes: z.optional(z.number()),
  /** when the reminder notification appears; absent when there is none (or the event had started) */
  reminder_at: z.optional(z.string()),
  /** revision number: 0 when created, +1 per change (the iCalendar SEQUENCE) */
  sequence: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgendaEventView = z.infer<typeof agendaEvent>;

export const agendaEventList = z.object({ items: z.array(agendaEvent), cursor: z.optional(z.string()) });

const text = (max: number) =>
  z.string({ error: 'must be text' }).check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));

/** The editable fields; on update `null` clears an optional one. */
const eventFields = {
  title: z
    .string({ error: 'is required' })
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'must be at most 200 characters')),
  type: z.enum(AGENDA_EVENT_TYPES, { error: `must be one of ${AGENDA_EVENT_TYPES.join(', ')}` }),
  all_day: z.boolean({ error: 'must be true or false' }),
  start: z.string({ error: 'must be a date or a date and time' }).check(z.maxLength(40, 'is too long')),
  end: z.nullable(
    z.string({ error: 'must be a date or a date and time' }).check(z.maxLength(40, 'is too long')),
  ),
  time_zone: z
    .string({ error: 'must be a time zone' })
    .check(z.refine(isTimeZone, 'must be an IANA time zone, like Europe/Lisbon')),
  location: z.nullable(text(300)),
  notes: z.nullable(text(5000)),
  client_id: z.nullable(id),
  property_id: z.nullable(id),
  deal_id: z.nullable(id),
  reminder_minutes: z.nullable(
    z
      .number({ error: 'must be a number of minutes' })
      .check(
        z.int('must be a whole number of minutes'),
        z.minimum(0, 'must be 0 or more'),
        z.maximum(MAX_REMINDER_MINUTES, `must be at most ${MAX_REMINDER_MINUTES} (four weeks)`),
      ),
  ),
};

/** Adds every timing problem as an issue on its field. */
const timingCheck = <T extends Parameters<typeof eventTimingProblems>[0]>() =>
  z.superRefine<T>((value, context) => {
    for (const [field, message] of Object.entries(eventTimingProblems(value))) {
      context.addIssue({ code: 'custom', message, path: [field], input: value });
    }
  });

export const agendaEventCreate = z
  .strictObject({
    ...eventFields,
    type: z._default(eventFields.type, 'meeting'),
    all_day: z._default(eventFields.all_day, false),
    end: z.optional(eventFields.end),
    time_zone: z._default(eventFields.time_zone, 'UTC'),
    location: z.optional(eventFields.location),
    notes: z.optional(eventFields.notes),
    client_id: z.optional(eventFields.client_id),
    property_id: z.optional(eventFields.property_id),
    deal_id: z.optional(eventFields.deal_id),
    reminder_minutes: z.optional(eventFields.reminder_minutes),
  })
  .check(timingCheck());
export type AgendaEventCreate = z.input<typeof agendaEventCreate>;

/**
 * Any non-empty subset of the fields. The server checks the times of the event as changed; moving only
 * `start` moves `end` with it (the duration stays), which is what a drag in the calendar sends.
 */
export const agendaEventUpdate = z
  .partial(z.strictObject(eventFields))
  .check(z.refine((value) => Object.keys(value).length > 0, 'must change at least one field'));
export type AgendaEventUpdate = z.input<typeof agendaEventUpdate>;

const instant = z
  .string({ error: 'is required' })
  .check(z.refine(isDateTime, 'must be a date and time with an offset, like 2025-06-10T00:00:00Z'));

/** The events overlapping [from, to): what one calendar view shows. */
export const listAgendaEventsQuery = z
  .object({ from: instant, to: instant, cursor, limit: queryInt(1, 500, 500) })
  .check(
    z.superRefine((value, context) => {
      for (const [field, message] of Object.entries(rangeProblems(value))) {
        context.addIssue({ code: 'custom', message, path: [field], input: value });
      }
    }),
  );

/** The agent's secret calendar feed: `path` (with its token) is served as text/calendar to anyone. */
export const agendaFeed = z.object({
  enabled: z.boolean(),
  path: z.optional(z.string()),
  created_at: z.optional(z.string()),
});

export const agendaFeedTokenParam = z.object({ token: id });

/** An RFC 5545 calendar (text/calendar). */
export const icalendar = z.string();
