import clsx from 'clsx';
import { CalendarClock, Check, Gauge, Info, Sparkles } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { PLANS, type Plan, ROLES } from '#contracts/plans';
import { useAppSelector } from '../../app/hooks.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { selectAgentData } from '../agents/agentSlice.ts';
import { UPGRADE_BENEFITS } from '../paywall/upgradeBenefits.ts';

const REASONS = {
  expired: {
    icon: CalendarClock,
    text: 'Your subscription has expired. Renew a plan to get your features back.',
  },
  limit: { icon: Gauge, text: "You've reached a limit of your current plan. Paid plans lift it." },
  feature: { icon: Sparkles, text: 'That feature is part of the paid plans.' },
} as const;

const GiB = 1024 ** 3;
const count = (value: number | null, noun: string) =>
  value === null ? `Unlimited ${noun}` : `${value.toLocaleString()} ${noun}`;
const storage = (bytes: number | null) =>
  bytes === null
    ? 'Unlimited storage'
    : `${bytes >= 1024 * GiB ? `${bytes / (1024 * GiB)} TB` : `${bytes / GiB} GB`} storage`;

function planFeatures(plan: Plan): string[] {
  return [
    count(plan.limits.properties, 'properties'),
    count(plan.limits.clients, 'clients'),
    count(plan.limits.connections, 'connections'),
    count(plan.limits.websites, plan.limits.websites === 1 ? 'website' : 'websites'),
    storage(plan.limits.storage),
    plan.branding ? 'Custom branding' : 'EstateNet branding',
    `${plan.seats} team ${plan.seats === 1 ? 'seat' : 'seats'}`,
  ];
}

const price = (cents: number) => (cents === 0 ? 'Free' : `$${(cents / 100).toFixed(0)}`);

/** /agents/upgrade?reason=expired|limit|feature: the plans side by side and the upgrade benefits. */
export function UpgradePage() {
  const [params] = useSearchParams();
  const reason = REASONS[params.get('reason') as keyof typeof REASONS] ?? null;
  const currentRole = useAppSelector(selectAgentData)?.role;

  return (
    <div className="mx-auto max-w-6xl">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-2 uppercase">Plans</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Upgrade your EstateNet plan
        </h1>
        <p className="mt-2 text-slate-600">
          Paid plans give you unlimited connections, properties and clients, and more room to grow your
          business.
        </p>
      </div>

      {reason && (
        <div className="mt-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <reason.icon className="mt-0.5 size-4.5 shrink-0 text-amber-600" aria-hidden="true" />
          <p>{reason.text}</p>
        </div>
      )}

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        {ROLES.map((role) => {
          const plan = PLANS[role];
          const current = role === currentRole;
          const featured = role === 'Agent';
          return (
            <li
              key={role}
              aria-label={plan.label}
              className={clsx(
                'relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm',
                featured ? 'border-brand-2 ring-1 ring-brand-2' : 'border-slate-200',
              )}
            >
              {featured && (
                <span className="absolute -top-2.5 left-5 rounded-full bg-brand-2 px-2 py-0.5 text-[0.6875rem] font-bold text-white">
                  Most popular
                </span>
              )}
              <h2 className="font-semibold text-slate-900">{plan.label}</h2>
              <p className="mt-3 flex items-baseline gap-1">
                <span className="text-3xl font-bold tracking-tight text-slate-900">
                  {price(plan.priceCents)}
                </span>
                {plan.priceCents > 0 && <span className="text-sm text-slate-500">/ month</span>}
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                {planFeatures(plan).map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check
                      className="mt-0.5 size-4 shrink-0 text-brand-2"
                      strokeWidth={2.5}
                      aria-hidden="true"
                    />
                    {feature}
                  </li>
                ))}
              </ul>
              <p
                className={clsx(
                  'mt-5 rounded-lg px-3 py-2 text-center text-sm font-semibold',
                  current ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-100' : 'bg-slate-50 text-slate-500',
                )}
              >
                {current ? 'Current plan' : 'Available soon'}
              </p>
            </li>
          );
        })}
      </ul>

      <Alert tone="info" className="mt-6">
        Choosing and paying for a plan online is coming in a later update. Until then, your current plan stays
        as it is; contact support if you'd like to change it now.
      </Alert>

      <section
        aria-labelledby="benefits-title"
        className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="benefits-title" className="text-lg font-semibold tracking-tight text-slate-900">
          What you get when you upgrade
        </h2>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {UPGRADE_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2.5 text-sm text-slate-700">
              <span className="mt-px flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-2">
                <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        <p className="mt-5 flex items-center gap-2 text-xs text-slate-500">
          <Info className="size-3.5" aria-hidden="true" />
          Team collaboration is included in the Agency and Agency Plus plans.
        </p>
      </section>
    </div>
  );
}
