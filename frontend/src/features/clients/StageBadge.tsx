import clsx from 'clsx';
import type { ClientStage } from '#contracts/client-values';
import { STAGE_DOTS, STAGE_LABELS, STAGE_TONES } from './clientFormat.ts';

/** A client's pipeline stage as a coloured pill. */
export function StageBadge({ stage, className }: { stage: ClientStage; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        STAGE_TONES[stage],
        className,
      )}
    >
      <span className={clsx('size-1.5 rounded-full', STAGE_DOTS[stage])} aria-hidden="true" />
      {STAGE_LABELS[stage]}
    </span>
  );
}
