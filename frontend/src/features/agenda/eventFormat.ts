import { addDays } from '#contracts/agenda-values';
import type { AgendaEvent } from './api.ts';

const day = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
/** an all-day date is a calendar day, not an instant: format it at UTC midnight in UTC */
const calendarDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Tue 10 Jun, 14:00 – 15:00", "Tue 10 Jun (all day)" or "Tue 10 Jun – Thu 12 Jun", in the viewer's zone. */
export function describeEventTime(event: Pick<AgendaEvent, 'all_day' | 'start' | 'end'>): string {
  if (event.all_day) {
    const first = calendarDay.format(new Date(`${event.start}T00:00:00Z`));
    const lastDate = addDays(event.end, -1);
    if (lastDate <= event.start) return `${first} (all day)`;
    return `${first} – ${calendarDay.format(new Date(`${lastDate}T00:00:00Z`))}`;
  }
  const start = new Date(event.start);
  const end = new Date(event.end);
  const sameDay = start.toDateString() === end.toDateString();
  return sameDay
    ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}
