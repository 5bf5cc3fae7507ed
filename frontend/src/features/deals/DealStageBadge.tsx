import clsx from 'clsx';
import { DEAL_STAGE_LABELS, type DealStage } from '#contracts/deals';

const TONES: Record<DealStage, string> = {
  proposed: 'bg-sky-50 text-sky-800 ring-sky-200',
  accepted: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  viewing: 'bg-amber-50 text-amber-800 ring-amber-200',
  offer: 'bg-violet-50 text-violet-800 ring-violet-200',
  closed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  lost: 'bg-slate-100 text-slate-700 ring-slate-300',
  declined: 'bg-red-50 text-red-800 ring-red-200',
};

/** A deal's stage as a coloured pill. */
export function DealStageBadge({ stage, className }: { stage: DealStage; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[stage],
        className,
      )}
    >
      {DEAL_STAGE_LABELS[stage]}
    </span>
  );
}
