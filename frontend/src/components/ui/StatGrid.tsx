import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { formatCount } from '../../features/preferences/format.ts';

export interface Stat {
  label: string;
  value: number;
  icon: LucideIcon;
}

/** The four-up counters of a profile or an agency (reputation points, properties, deals, connections). */
export function StatGrid({
  stats,
  label,
  className,
}: {
  stats: readonly Stat[];
  label?: string;
  className?: string;
}) {
  return (
    <dl aria-label={label} className={clsx('grid grid-cols-2 gap-3 sm:grid-cols-4', className)}>
      {stats.map(({ label: statLabel, value, icon: Icon }) => (
        <div key={statLabel} className="rounded-xl border border-slate-100 bg-slate-50 px-4 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <Icon className="size-3.5" aria-hidden="true" />
            {statLabel}
          </dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
