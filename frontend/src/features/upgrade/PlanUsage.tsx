import type { FeatureName } from '#contracts/plans';
import { useGetFeatureLimitQuery } from '../preferences/api.ts';
import { formatCount } from '../preferences/format.ts';

const USAGE: Array<{ feature: FeatureName; label: string }> = [
  { feature: 'properties', label: 'Properties' },
  { feature: 'clients', label: 'Clients' },
  { feature: 'connections', label: 'Connections' },
];

/** `3 of 10`, `3 · Unlimited` */
export const usageText = (current: number, maximum: number | null) =>
  maximum === null
    ? `${formatCount(current)} · Unlimited`
    : `${formatCount(current)} of ${formatCount(maximum)}`;

/**
 * The account's usage against its plan's limits (GET /api/feature-limits/{feature}). Only asked while the
 * subscription is active: otherwise the limits answer the paywall.
 */
export function PlanUsage() {
  return (
    <dl aria-label="Your usage" className="grid grid-cols-3 gap-3">
      {USAGE.map(({ feature, label }) => (
        <Usage key={feature} feature={feature} label={label} />
      ))}
    </dl>
  );
}

function Usage({ feature, label }: { feature: FeatureName; label: string }) {
  const { data } = useGetFeatureLimitQuery(feature);
  const share = data?.maximum ? Math.min(100, (data.current / data.maximum) * 100) : 0;
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className="mt-0.5 text-sm font-semibold text-slate-900 tabular-nums"
        data-testid={`usage-${feature}`}
      >
        {data ? usageText(data.current, data.maximum) : '…'}
      </dd>
      {data && data.maximum !== null && (
        <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div className="h-full rounded-full bg-brand-2" style={{ width: `${share}%` }} />
        </div>
      )}
    </div>
  );
}
