import clsx from 'clsx';
import { HardDrive } from 'lucide-react';
import { STORAGE_WARNING_PERCENT } from '#contracts/plans';
import { formatSize } from './format.ts';
import type { StorageSummary } from './types.ts';

/** Spec §6: the default storage tier label. */
export const DEFAULT_TIER = 'Superagent';

/** Usage against the limit, with the tier label; amber from 80 % (the storage-limit modal's threshold). */
export function StorageMeter({
  summary,
  loading,
}: {
  summary: StorageSummary | undefined;
  loading: boolean;
}) {
  const percent = summary ? Math.min(100, summary.percentUsed) : 0;
  const warn = percent >= STORAGE_WARNING_PERCENT;
  return (
    <section
      aria-label="Storage"
      className="w-full rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:w-80"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <HardDrive className="size-4 text-slate-500" aria-hidden="true" />
          Storage
        </p>
        <span
          className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-2 ring-1 ring-brand-100"
          data-testid="storage-tier"
        >
          {summary?.tier || DEFAULT_TIER}
        </span>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div
          className={clsx(
            'h-full rounded-full transition-[width] duration-500',
            warn ? 'bg-amber-500' : 'bg-brand-2',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-slate-600" data-testid="storage-usage">
        {loading && !summary
          ? 'Checking your storage…'
          : summary
            ? `${formatSize(summary.usageBytes)} of ${formatSize(summary.limitBytes)} used (${summary.percentUsed}%)`
            : 'Storage usage unavailable'}
      </p>
    </section>
  );
}
