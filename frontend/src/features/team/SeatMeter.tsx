import clsx from 'clsx';
import type { SeatSummary } from './types.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One sentence for the seats: taken by members, held by pending invitations, left. */
export function seatsSentence({ seats, members, pending, remaining }: SeatSummary): string {
  const parts = [`${members} of ${plural(seats, 'seat', 'seats')} taken`];
  if (pending > 0) parts.push(`${plural(pending, 'invitation', 'invitations')} pending`);
  parts.push(`${remaining} left`);
  return parts.join(' · ');
}

/**
 * The agency's seats as a row of slots: members (solid), pending invitations (outlined), free (empty),
 * with the numbers in words for screen readers and at a glance.
 */
export function SeatMeter({ summary, className }: { summary: SeatSummary; className?: string }) {
  const slots = Array.from(
    { length: Math.max(summary.seats, summary.members + summary.pending) },
    (_, index) =>
      index < summary.members ? 'member' : index < summary.members + summary.pending ? 'pending' : 'free',
  );
  return (
    <div className={className}>
      <div className="flex gap-1.5" aria-hidden="true">
        {slots.map((slot, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: slots have no identity beyond their position
            key={index}
            className={clsx(
              'h-2.5 flex-1 rounded-full',
              slot === 'member' && 'bg-brand-2',
              slot === 'pending' &&
                'bg-[repeating-linear-gradient(135deg,var(--brand-1)_0_4px,transparent_4px_8px)] ring-1 ring-brand-1 ring-inset',
              slot === 'free' && 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="seat-summary">
        {seatsSentence(summary)}
      </p>
    </div>
  );
}
