import clsx from 'clsx';
import { CalendarClock } from 'lucide-react';
import { AGENDA_EVENT_TYPE_LABELS } from '#contracts/agenda-values';
import { DEAL_STAGE_LABELS } from '#contracts/deals';
import { describeEventTime } from '../agenda/eventFormat.ts';
import { Avatar } from '../agents/Avatar.tsx';
import type { DealDetail, DealTimelineEntry } from './api.ts';
import { formatDealTime } from './dealView.ts';

/** What one timeline entry says happened, its actor named first. */
export function describeEntry(entry: DealTimelineEntry, clientName: string): string {
  const who = entry.actor.full_name;
  switch (entry.kind) {
    case 'proposed':
      return `${who} proposed ${clientName}`;
    case 'moved':
      switch (entry.to) {
        case 'accepted':
          return `${who} accepted the proposal`;
        case 'declined':
          return `${who} declined the proposal`;
        case 'viewing':
          return `${who} recorded a viewing`;
        case 'offer':
          return `${who} recorded an offer`;
        case 'lost':
          return entry.from === 'proposed'
            ? `${who} withdrew the proposal`
            : `${who} marked the deal as lost`;
        default:
          return `${who} moved the deal to ${entry.to ? DEAL_STAGE_LABELS[entry.to] : 'another stage'}`;
      }
    case 'note':
      return `${who} added a note`;
    case 'event':
      return entry.event?.cancelled ? `${who} cancelled an event` : `${who} scheduled an event`;
    case 'close_confirmed':
      return `${who} confirmed the close`;
    case 'closed':
      return 'The deal closed';
  }
}

/** An agenda event linked to the deal: what, when, where, as its agent last saved it. */
function LinkedEvent({ event }: { event: NonNullable<DealTimelineEntry['event']> }) {
  return (
    <div
      className={clsx(
        'mt-2 flex items-start gap-3 rounded-lg border px-3 py-2 text-sm',
        event.cancelled ? 'border-slate-200 bg-slate-50 text-slate-500' : 'border-brand-100 bg-brand-50/60',
      )}
    >
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-2" aria-hidden="true" />
      <div className="min-w-0">
        <p className={clsx('font-semibold text-slate-900', event.cancelled && 'line-through')}>
          {event.title}
          <span className="ml-2 text-xs font-medium text-slate-500">
            {AGENDA_EVENT_TYPE_LABELS[event.type]}
          </span>
        </p>
        <p className={clsx('text-slate-700', event.cancelled && 'line-through')}>
          {describeEventTime(event)}
        </p>
        {event.location && <p className="truncate text-slate-600">{event.location}</p>}
        {event.cancelled && <p className="text-xs font-semibold text-slate-600">Cancelled</p>}
      </div>
    </div>
  );
}

/** The deal's shared timeline, oldest first (as the API sends it). */
export function DealTimeline({ deal }: { deal: DealDetail }) {
  return (
    <ol aria-label="Timeline" className="relative space-y-5 border-l border-slate-200 pl-6">
      {deal.timeline.map((entry) => (
        <li key={entry.entry_id} className="relative">
          <span className="absolute top-0 -left-[2.4rem] rounded-full bg-white p-0.5">
            <Avatar src={entry.actor.profile_picture} alt="" className="size-7" />
          </span>
          <p className="text-sm font-medium text-slate-900">{describeEntry(entry, deal.client.full_name)}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={entry.at}>{formatDealTime(entry.at)}</time>
          </p>
          {entry.event && <LinkedEvent event={entry.event} />}
          {entry.text && (
            <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700">
              {entry.text}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
