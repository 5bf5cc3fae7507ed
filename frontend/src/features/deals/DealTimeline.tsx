import { DEAL_STAGE_LABELS } from '#contracts/deals';
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
      return `${who} linked an agenda event`;
    case 'close_confirmed':
      return `${who} confirmed the close`;
    case 'closed':
      return 'The deal closed';
  }
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
