import { AGENDA_EVENT_TYPE_LABELS, type AgendaEventType } from '#contracts/agenda-values';

/**
 * An iCalendar (RFC 5545) document for a calendar feed: CRLF line ends, lines folded at 75 octets
 * without splitting a UTF-8 character, TEXT values escaped, every time in UTC (all-day events as dates),
 * one stable UID per event and its revision as SEQUENCE so subscribed calendars update in place.
 */

export interface IcsEvent {
  event_id: string;
  title: string;
  type: AgendaEventType;
  all_day: boolean;
  /** all-day: dates (end exclusive); otherwise UTC instants */
  start: string;
  end: string;
  location?: string | undefined;
  notes?: string | undefined;
  reminder_minutes?: number | undefined;
  sequence: number;
  created_at: string;
  updated_at: string;
}

export const ICS_PRODUCT_ID = '-//EstateNet//Agenda 1.0//EN';
/** How often subscribers are asked to refresh (RFC 7986 REFRESH-INTERVAL, and Outlook's X-PUBLISHED-TTL). */
const REFRESH = 'PT1H';
const MAX_LINE_OCTETS = 75;

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: RFC 5545 TEXT allows no control characters but HTAB
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** Folds one content line: at most 75 octets per physical line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    // continuation lines carry a leading space, which counts toward their 75 octets
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20250610T140000Z */
export function utcStamp(instant: string): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** 20250610 */
const dateValue = (date: string) => date.replace(/-/g, '');

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.event_id}@estatenet`,
    `DTSTAMP:${stamp}`,
    ...(event.all_day
      ? [`DTSTART;VALUE=DATE:${dateValue(event.start)}`, `DTEND;VALUE=DATE:${dateValue(event.end)}`]
      : [`DTSTART:${utcStamp(event.start)}`, `DTEND:${utcStamp(event.end)}`]),
    `SUMMARY:${escapeText(event.title)}`,
    `CATEGORIES:${escapeText(AGENDA_EVENT_TYPE_LABELS[event.type])}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.notes ? [`DESCRIPTION:${escapeText(event.notes)}`] : []),
    `SEQUENCE:${event.sequence}`,
    `CREATED:${utcStamp(event.created_at)}`,
    `LAST-MODIFIED:${utcStamp(event.updated_at)}`,
    'STATUS:CONFIRMED',
    // a day-long deadline should not block the day in the subscriber's free/busy
    `TRANSP:${event.all_day ? 'TRANSPARENT' : 'OPAQUE'}`,
  ];
  if (event.reminder_minutes !== undefined) {
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(event.title)}`,
      `TRIGGER:-PT${event.reminder_minutes}M`,
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT');
  return lines;
}

/** The whole feed. `now` is the DTSTAMP: when this copy of the calendar was produced. */
export function buildCalendar(calendar: { name: string; events: readonly IcsEvent[]; now?: Date }): string {
  const stamp = utcStamp((calendar.now ?? new Date()).toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
    `X-PUBLISHED-TTL:${REFRESH}`,
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
