import { skipToken } from '@reduxjs/toolkit/query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isDateOnly } from '#contracts/agenda-values';
import { useAppSelector } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { selectAgentId } from '../auth/authSlice.ts';
import { useClientOptions } from '../clients/api.ts';
import { useOpenDealOptions } from '../deals/api.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { usePropertyOptions } from '../properties/api.ts';
import { AgendaCalendar, type CalendarView } from './AgendaCalendar.tsx';
import {
  type AgendaEvent,
  type AgendaEventPatch,
  type AgendaRange,
  useListAgendaEventsQuery,
  useUpdateAgendaEventMutation,
} from './api.ts';
import { CalendarFeedCard } from './CalendarFeedCard.tsx';
import { EventDialog } from './EventDialog.tsx';
import { type EventFormValues, valuesForEvent, valuesForSlot } from './eventForm.ts';
import { describeEventTime } from './eventFormat.ts';

type Dialog = { event?: AgendaEvent; values: EventFormValues; key: number } | null;

const SMALL_SCREEN = '(max-width: 639px)';

/**
 * /agenda: the agent's events in month, week, day and list views, with the calendar subscription below.
 * `?date=YYYY-MM-DD&event=<id>` (a reminder's link) opens that day and that event.
 */
export function AgendaPage() {
  const agentId = useAppSelector(selectAgentId) ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedDate = searchParams.get('date');
  const linkedEvent = searchParams.get('event');
  const [initial] = useState(() => ({
    date: linkedDate && isDateOnly(linkedDate) ? linkedDate : undefined,
    view: (linkedDate
      ? 'timeGridDay'
      : window.matchMedia?.(SMALL_SCREEN).matches
        ? 'listWeek'
        : 'timeGridWeek') as CalendarView,
  }));
  const [range, setRange] = useState<AgendaRange | null>(null);
  const events = useListAgendaEventsQuery(range ?? skipToken);
  const clients = useClientOptions();
  const properties = usePropertyOptions(agentId);
  const deals = useOpenDealOptions();
  const [updateEvent] = useUpdateAgendaEventMutation();
  const [dialog, setDialog] = useState<Dialog>(null);

  const clientNames = useMemo(
    () => new Map(clients.options.map((client) => [client.client_id, client.full_name])),
    [clients.options],
  );
  const byId = useMemo(
    () => new Map((events.data ?? []).map((event) => [event.event_id, event])),
    [events.data],
  );

  const open = (next: Omit<NonNullable<Dialog>, 'key'>) => setDialog({ ...next, key: Date.now() });
  const openEvent = useCallback(
    (eventId: string) => {
      const event = byId.get(eventId);
      if (event) setDialog({ event, values: valuesForEvent(event), key: Date.now() });
    },
    [byId],
  );

  // a reminder's link opens its event once the day's events are there
  useEffect(() => {
    if (!linkedEvent || !events.data) return;
    if (byId.has(linkedEvent)) openEvent(linkedEvent);
    setSearchParams(
      (params) => {
        params.delete('event');
        return params;
      },
      { replace: true },
    );
  }, [linkedEvent, events.data, byId, openEvent, setSearchParams]);

  const moveEvent = async (eventId: string, times: AgendaEventPatch) => {
    const title = byId.get(eventId)?.title ?? 'The event';
    const result = await updateEvent({ id: eventId, patch: times });
    if ('error' in result) {
      showToast(
        'error',
        `${title} could not be moved: ${apiErrorMessage(result.error, 'please try again.')}`,
      );
      return false;
    }
    showToast('success', `${title} moved to ${describeEventTime(result.data)}`);
    return true;
  };

  const empty = events.isSuccess && events.data.length === 0;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Agenda</h1>
          <p className="mt-1 text-[0.9375rem] text-slate-600">
            {empty
              ? 'Nothing scheduled in this period. Pick a slot in the calendar or add an event.'
              : 'Viewings, meetings, calls and deadlines. Drag an event to reschedule it.'}
          </p>
        </div>
        <Button onClick={() => open({ values: valuesForSlot() })}>
          <Plus className="size-4.5" aria-hidden="true" />
          New event
        </Button>
      </div>

      {events.isError && (
        <Alert>
          <p>Your agenda could not be loaded.</p>
          <button
            type="button"
            className="mt-1 font-semibold underline underline-offset-2"
            onClick={() => void events.refetch()}
          >
            Try again
          </button>
        </Alert>
      )}

      <AgendaCalendar
        events={events.data ?? []}
        clientNames={clientNames}
        loading={events.isFetching}
        initialView={initial.view}
        initialDate={initial.date}
        onRangeChange={setRange}
        onSelectSlot={(slot) => open({ values: valuesForSlot(slot) })}
        onOpenEvent={openEvent}
        onMoveEvent={moveEvent}
      />

      <CalendarFeedCard agentId={agentId} />

      {dialog && (
        <EventDialog
          key={dialog.key}
          event={dialog.event}
          initialValues={dialog.values}
          clients={clients}
          properties={properties}
          deals={deals}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
