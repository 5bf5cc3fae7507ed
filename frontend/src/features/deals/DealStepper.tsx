import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import { DEAL_STAGE_LABELS, type DealStage } from '#contracts/deals';
import type { DealTimelineEntry } from './api.ts';
import { DEAL_PATH } from './dealView.ts';

/**
 * The stage a deal had reached: its status while on the path; for a deal ended as lost or declined, the
 * stage the ending move left (the timeline says which).
 */
export function reachedStage(status: DealStage, timeline: readonly DealTimelineEntry[]): DealStage {
  if (DEAL_PATH.includes(status)) return status;
  const ending = timeline.findLast((entry) => entry.kind === 'moved' && entry.to === status);
  return ending?.from && DEAL_PATH.includes(ending.from) ? ending.from : 'proposed';
}

/** Proposed → Accepted → Viewing → Offer → Closed, with a deal that ended otherwise shown at its end. */
export function DealStepper({
  status,
  timeline,
}: {
  status: DealStage;
  timeline: readonly DealTimelineEntry[];
}) {
  const ended = !DEAL_PATH.includes(status);
  const reached = DEAL_PATH.indexOf(reachedStage(status, timeline));
  // an ended deal stops after the stage it reached, with its end in place of what did not happen
  const steps: DealStage[] = ended ? [...DEAL_PATH.slice(0, reached + 1), status] : [...DEAL_PATH];
  // a stage passed over (a viewing never recorded before the offer) is not shown as done
  const visited = new Set<DealStage>([
    'proposed',
    ...timeline.flatMap((entry) => (entry.to ? [entry.to] : [])),
  ]);
  return (
    // a row where the card is wide enough for all five stages, a column where it is not (phones)
    <ol aria-label="Deal stages" className="flex flex-col gap-2 @lg:flex-row @lg:items-center @lg:gap-1">
      {steps.map((stage, index) => {
        const current = stage === status;
        const passed = !current && index <= reached;
        const done = passed && visited.has(stage);
        const failed = current && ended;
        return (
          <li
            key={stage}
            className={clsx('flex items-center gap-1', index > 0 && '@lg:flex-1')}
            aria-current={current ? 'step' : undefined}
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={clsx(
                  'hidden h-px min-w-3 flex-1 @lg:block',
                  passed || current ? 'bg-brand-2' : 'bg-slate-300',
                )}
              />
            )}
            <span
              className={clsx(
                'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset',
                failed
                  ? 'bg-red-50 text-red-800 ring-red-200'
                  : current
                    ? 'bg-brand-2 text-white ring-brand-2'
                    : done
                      ? 'bg-brand-50 text-brand-800 ring-brand-200'
                      : 'bg-white text-slate-500 ring-slate-200',
              )}
            >
              {failed ? (
                <X className="size-3.5" aria-hidden="true" />
              ) : done || (current && stage === 'closed') ? (
                <Check className="size-3.5" aria-hidden="true" />
              ) : null}
              {DEAL_STAGE_LABELS[stage]}
              <span className="sr-only">
                {current ? ' (current)' : done ? ' (done)' : passed ? ' (skipped)' : ''}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
