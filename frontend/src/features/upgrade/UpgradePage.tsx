import clsx from 'clsx';
import { CalendarClock, Check, Gauge, Info, Sparkles } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PLANS, type Plan, planName, ROLES, type Role } from '#contracts/plans';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { selectAgentData } from '../agents/selectors.ts';
import { type BillingView, type CheckoutResult, STATUS_LABELS, useGetBillingQuery } from '../billing/api.ts';
import { UPGRADE_BENEFITS } from '../paywall/upgradeBenefits.ts';
import { PlanChangeDialog } from './PlanChangeDialog.tsx';
import { PlanUsage } from './PlanUsage.tsx';
import { planFeatures, planPrice } from './planTerms.ts';

const REASONS = {
  expired: {
    icon: CalendarClock,
    headline: 'Renew your subscription',
    text: 'Your subscription has expired. Renew a plan to get your features back.',
  },
  limit: {
    icon: Gauge,
    headline: "You've reached your plan's limit",
    text: "You've reached a limit of your current plan. Paid plans lift it.",
  },
  feature: {
    icon: Sparkles,
    headline: 'Unlock this feature',
    text: 'That feature is part of the paid plans.',
  },
} as const;

/**
 * /agents/upgrade?reason=expired|limit|feature: the plans side by side (limits from contracts/plans), the
 * upgrade benefits, and choosing a plan: a dialog shows its price, what changes and the card, and its
 * confirmation is the checkout (POST /api/billing/checkout). A completed checkout refreshes the agent, its
 * agency and every limit, so the app shows the new plan at once.
 */
export function UpgradePage() {
  const [params] = useSearchParams();
  const reason = REASONS[params.get('reason') as keyof typeof REASONS] ?? null;
  const agent = useAppSelector(selectAgentData);
  const billing = useGetBillingQuery();
  // the plan being confirmed in the dialog (price, what changes, the card)
  const [chosen, setChosen] = useState<Role | null>(null);
  const [changed, setChanged] = useState<string | null>(null);

  const status = billing.data?.subscription_status ?? agent?.subscription_status ?? 'active';
  const currentRole = billing.data?.role ?? agent?.role;
  const lapsed = status !== 'active';
  // the reason's headline and banner stay until a plan is chosen here
  const showReason = reason && !changed;

  const choose = (role: Role) => {
    setChanged(null);
    setChosen(role);
  };

  const onChanged = (result: CheckoutResult, plan: Plan) => {
    setChosen(null);
    if (result.status === 'redirect' && result.url) {
      window.location.assign(result.url);
      return;
    }
    const message = `You're now on the ${planName(plan.role)}.`;
    setChanged(message);
    showToast('success', message);
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-2 uppercase">Plans</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {showReason ? reason.headline : 'Upgrade your EstateNet plan'}
        </h1>
        <p className="mt-2 text-slate-600">
          Paid plans give you unlimited connections, properties and clients, and more room to grow your
          business.
        </p>
      </div>

      {showReason && (
        <div className="mt-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <reason.icon className="mt-0.5 size-4.5 shrink-0 text-amber-600" aria-hidden="true" />
          <p>{reason.text}</p>
        </div>
      )}

      <CurrentPlan
        billing={billing.data}
        loading={billing.isLoading}
        role={currentRole}
        renew={
          // a lapsed plan is renewed right here, without scrolling to its card
          lapsed && currentRole && billing.data?.checkoutAvailable && !billing.data.managedByAgency ? (
            <Button onClick={() => choose(currentRole)}>Renew {PLANS[currentRole].label}</Button>
          ) : null
        }
      />

      {changed && (
        <Alert tone="success" className="mt-6">
          {changed}
        </Alert>
      )}
      {billing.data && !billing.data.checkoutAvailable && (
        <Alert tone="info" className="mt-6">
          Choosing and paying for a plan online is not available yet. Until then, your current plan stays as
          it is; contact support if you'd like to change it now.
        </Alert>
      )}

      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
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
                  {planPrice(plan.priceCents)}
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
              <PlanAction
                plan={plan}
                current={current}
                lapsed={lapsed}
                featured={featured}
                billing={billing.data}
                onChoose={() => choose(role)}
              />
            </li>
          );
        })}
      </ul>

      <section
        aria-labelledby="benefits-title"
        className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="benefits-title" className="text-lg font-semibold tracking-tight text-slate-900">
          What you get when you upgrade
        </h2>
        <ul className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
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

      {billing.data && (
        <PlanChangeDialog
          target={chosen}
          billing={billing.data}
          onClose={() => setChosen(null)}
          onChanged={onChanged}
        />
      )}
    </div>
  );
}

/** Your plan, its state and (while it is active) your usage against its limits. */
function CurrentPlan({
  billing,
  loading,
  role,
  renew,
}: {
  billing: BillingView | undefined;
  loading: boolean;
  role: string | undefined;
  renew: ReactNode;
}) {
  if (loading)
    return (
      <div className="mt-6 flex justify-center py-4 text-brand-2">
        <Spinner className="size-6" label="Loading your plan" />
      </div>
    );
  if (!billing) return null;
  const active = billing.subscription_status === 'active';
  return (
    <section
      aria-label="Your plan"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:flex-row md:items-center md:justify-between"
    >
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Your plan</p>
        <p className="mt-0.5 flex items-center gap-2 text-lg font-semibold text-slate-900">
          <span data-testid="current-plan">
            {PLANS[(role ?? billing.role) as Role]?.label ?? PLANS.Superagent.label}
          </span>
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              active
                ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200'
                : 'bg-red-50 text-red-700 ring-1 ring-red-200',
            )}
          >
            {STATUS_LABELS[billing.subscription_status]}
          </span>
        </p>
        {billing.subscription_status === 'payment_failed' && (
          <p className="mt-1 text-sm text-red-700">
            Your last payment failed.{' '}
            <Link to={paths.updatePayment} className="font-semibold underline">
              Update your payment method
            </Link>{' '}
            to get your features back.
          </p>
        )}
        {billing.managedByAgency && (
          <p className="mt-1 text-sm text-slate-600">Your plan is managed by your agency's admin.</p>
        )}
      </div>
      {active && <PlanUsage />}
      {renew && <div className="shrink-0">{renew}</div>}
    </section>
  );
}

function PlanAction({
  plan,
  current,
  lapsed,
  featured,
  billing,
  onChoose,
}: {
  plan: Plan;
  current: boolean;
  lapsed: boolean;
  featured: boolean;
  billing: BillingView | undefined;
  onChoose: () => void;
}) {
  const note = 'mt-5 rounded-lg px-3 py-2 text-center text-sm font-semibold';
  if (current && !lapsed)
    return <p className={clsx(note, 'bg-brand-50 text-brand-800 ring-1 ring-brand-100')}>Current plan</p>;
  if (!billing) return <p className={clsx(note, 'bg-slate-50 text-slate-400')}>…</p>;
  if (billing.managedByAgency)
    return <p className={clsx(note, 'bg-slate-50 text-slate-500')}>Managed by your agency</p>;
  if (!billing.checkoutAvailable)
    return <p className={clsx(note, 'bg-slate-50 text-slate-500')}>Available soon</p>;
  return (
    <Button
      className="mt-5"
      fullWidth
      variant={current || featured ? 'primary' : 'secondary'}
      onClick={onChoose}
    >
      {current ? `Renew ${plan.label}` : `Choose ${plan.label}`}
    </Button>
  );
}
