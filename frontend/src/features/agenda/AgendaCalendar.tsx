import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventInput,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, MapPin, UserRound } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { AgendaEventType } from '#contracts/agenda-values';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import type { AgendaEvent, AgendaEventPatch, AgendaRange } from './api.ts';
import { movedTimes } from './eventForm.ts';
import { EVENT_TYPE_OPTIONS } from './eventTypes.ts';
import './agenda.css';

export const CALENDAR_VIEWS = [
  { id: 'dayGridMonth', label: 'Month' },
  { id: 'timeGridWeek', label: 'Week' },
  { id: 'timeGridDay', label: 'Day' },
  { id: 'listWeek', label: 'List' },
] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number]['id'];

/** Dates in the browser's language (FullCalendar formats with Intl), times on its 12- or 24-hour clock. */
const LOCALE = typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';
const TIME_FORMAT = {
  hour: '2-digit',
  minute: '2-digit',
  hour12: new Intl.DateTimeFormat(LOCALE, { hour: 'numeric' }).resolvedOptions().hour12 ?? false,
} as const;
const VIEW_OPTIONS = {
  dayGridMonth: { dayHeaderFormat: { weekday: 'short' } },
  timeGrid: { dayHeaderFormat: { weekday: 'short', day: 'numeric' } },
} as const;

interface EventProps {
  type: AgendaEventType;
  location?: string | undefined;
  clientName?: string | undefined;
}

interface AgendaCalendarProps {
  events: AgendaEvent[];
  /** client names by id, for the events that link one */
  clientNames: ReadonlyMap<string, string>;
  loading: boolean;
  initialView: CalendarView;
  initialDate?: string | undefined;
  onRangeChange: (range: AgendaRange) => void;
  onSelectSlot: (slot: { start: Date; end: Date; allDay: boolean }) => void;
  onOpenEvent: (eventId: string) => void;
  /** saves a drag or resize; false when it failed (the calendar then puts the event back) */
  onMoveEvent: (eventId: string, times: AgendaEventPatch) => Promise<boolean>;
}

/**
 * FullCalendar with the app's own toolbar: month, week, day and list views of the agent's events; drag or
 * resize to reschedule, select a slot to add one, click one to edit it.
 */
export function AgendaCalendar(props: AgendaCalendarProps) {
  const { events, clientNames, loading, onMoveEvent } = props;
  const calendar = useRef<FullCalendar>(null);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<CalendarView>(props.initialView);

  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((event) => ({
        id: event.event_id,
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.all_day,
        classNames: ['agenda-event', `agenda-event--${event.type}`],
        extendedProps: {
          type: event.type,
          location: event.location,
          clientName: event.client_id ? clientNames.get(event.client_id) : undefined,
        } satisfies EventProps,
      })),
    [events, clientNames],
  );

  const api = () => calendar.current?.getApi();
  const onDatesSet = (arg: DatesSetArg) => {
    setTitle(arg.view.title);
    setView(arg.view.type as CalendarView);
    props.onRangeChange({ from: arg.start.toISOString(), to: arg.end.toISOString() });
  };
  const onSelect = (arg: DateSelectArg) => {
    api()?.unselect();
    // a single day picked in the month grid becomes a timed event that morning
    const oneMonthDay =
      arg.view.type === 'dayGridMonth' && arg.end.getTime() - arg.start.getTime() <= 86_400_000;
    if (oneMonthDay) {
      const start = new Date(arg.start);
      start.setHours(9, 0, 0, 0);
      props.onSelectSlot({ start, end: new Date(start.getTime() + 3_600_000), allDay: false });
    } else {
      props.onSelectSlot({ start: arg.start, end: arg.end, allDay: arg.allDay });
    }
  };
  const onMoved = async (arg: EventDropArg | EventResizeDoneArg) => {
    const { event } = arg;
    if (!event.start) return arg.revert();
    const saved = await onMoveEvent(
      event.id,
      movedTimes({ start: event.start, end: event.end, allDay: event.allDay }),
    );
    if (!saved) arg.revert();
  };

  return (
    <section
      aria-label="Calendar"
      className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-900/5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => api()?.today()}>
            Today
          </Button>
          <div className="flex items-center">
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              aria-label="Previous"
              onClick={() => api()?.prev()}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              aria-label="Next"
              onClick={() => api()?.next()}
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </Button>
          </div>
          <h2
            className="truncate text-base font-semibold tracking-tight text-slate-900 sm:text-lg"
            aria-live="polite"
          >
            {title}
          </h2>
          {loading && <Spinner className="size-4 text-brand-2" label="Loading events" />}
        </div>
        <fieldset aria-label="Calendar view" className="inline-flex rounded-lg bg-slate-100 p-1">
          {CALENDAR_VIEWS.map((option) => (
            <button
              key={option.id}
              type="button"
              aria-pressed={view === option.id}
              onClick={() => api()?.changeView(option.id)}
              className={clsx(
                'rounded-md px-3 py-1.5 text-sm font-semibold transition-colors',
                view === option.id
                  ? 'bg-white text-slate-900 shadow-xs ring-1 ring-slate-900/5'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>

      <div className="agenda-calendar px-2 pb-2 sm:px-3 sm:pb-3">
        <FullCalendar
          ref={calendar}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={props.initialView}
          {...(props.initialDate ? { initialDate: props.initialDate } : {})}
          headerToolbar={false}
          height={view.startsWith('timeGrid') ? 720 : 'auto'}
          firstDay={1}
          nowIndicator
          scrollTime="07:30:00"
          dayMaxEvents={3}
          allDayText="All day"
          noEventsContent="Nothing scheduled in this period"
          locale={LOCALE}
          eventTimeFormat={TIME_FORMAT}
          slotLabelFormat={TIME_FORMAT}
          views={VIEW_OPTIONS}
          events={inputs}
          editable
          selectable
          selectMirror
          longPressDelay={350}
          datesSet={onDatesSet}
          select={onSelect}
          eventClick={(arg: EventClickArg) => {
            arg.jsEvent.preventDefault();
            props.onOpenEvent(arg.event.id);
          }}
          eventDrop={onMoved}
          eventResize={onMoved}
          eventContent={renderEvent}
        />
      </div>
      <ul
        aria-label="Event types"
        className="flex flex-wrap gap-x-5 gap-y-2 border-t border-slate-100 px-5 py-3"
      >
        {EVENT_TYPE_OPTIONS.map((option) => (
          <li key={option.value} className="flex items-center gap-2 text-xs font-medium text-slate-600">
            <span className={clsx('size-2.5 rounded-full', option.dot)} aria-hidden="true" />
            {option.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

function renderEvent(arg: EventContentArg) {
  const { event, timeText, view } = arg;
  const { location, clientName } = event.extendedProps as EventProps;
  if (view.type.startsWith('list')) {
    return (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{event.title}</span>
        {clientName && (
          <span className="inline-flex items-center gap-1 text-slate-600">
            <UserRound className="size-3.5" aria-hidden="true" />
            {clientName}
          </span>
        )}
        {location && (
          <span className="inline-flex items-center gap-1 text-slate-500">
            <MapPin className="size-3.5" aria-hidden="true" />
            {location}
          </span>
        )}
      </span>
    );
  }
  const detail = [clientName, location].filter(Boolean).join(' · ');
  return (
    <div className="agenda-event__body" title={[event.title, detail].filter(Boolean).join('\n')}>
      {timeText && !event.allDay && <span className="agenda-event__time">{timeText}</span>}
      <span className="agenda-event__title">{event.title}</span>
      {detail && view.type.startsWith('timeGrid') && <span className="agenda-event__detail">{detail}</span>}
    </div>
  );
}
