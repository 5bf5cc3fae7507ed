import clsx from 'clsx';
import { CalendarClock, Check, CreditCard, Gauge, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { formatSize } from '../cloud/format.ts';
import { formatCount } from '../preferences/format.ts';
import { type PaywallKind, paywallContent } from './paywallContent.ts';
import { closePaywall, type PaywallDetails, selectPaywall } from './paywallSlice.ts';
import { UPGRADE_BENEFITS } from './upgradeBenefits.ts';

const ICONS: Record<PaywallKind, { icon: typeof Gauge; tone: string }> = {
  payment_failed: { icon: CreditCard, tone: 'bg-red-100 text-red-600 ring-red-50' },
  subscription_expired: { icon: CalendarClock, tone: 'bg-amber-100 text-amber-600 ring-amber-50' },
  usage_limit_reached: { icon: Gauge, tone: 'bg-brand-100 text-brand-2 ring-brand-50' },
  premium_feature: { icon: Sparkles, tone: 'bg-brand-100 text-brand-2 ring-brand-50' },
};

/** The upgrade/paywall modal; mounted once in the root layout so any screen's 402 can open it (spec §2). */
export function PaywallModal() {
  const { open, details } = useAppSelector(selectPaywall);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (!details) return null;

  const content = paywallContent(details);
  const { icon: Icon, tone } = ICONS[content.kind];
  const close = () => dispatch(closePaywall());

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={content.title}
      description={content.message}
      icon={
        <span
          className={clsx('ml-1.5 mt-1.5 flex size-11 items-center justify-center rounded-full ring-6', tone)}
        >
          <Icon className="size-5.5" aria-hidden="true" />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Maybe Later
          </Button>
          <Button
            onClick={() => {
              close();
              navigate(content.primaryTo);
            }}
          >
            {content.primaryLabel}
          </Button>
        </>
      }
    >
      {content.showUsage && <UsageBar details={details} />}
      {(content.kind === 'usage_limit_reached' || content.kind === 'premium_feature') && <BenefitList />}
    </Modal>
  );
}

function featureLabel(feature: string | undefined) {
  if (!feature) return 'Usage';
  return feature.charAt(0).toUpperCase() + feature.slice(1);
}

function UsageBar({ details }: { details: PaywallDetails }) {
  const current = details.current ?? 0;
  const maximum = details.maximum;
  const percent = typeof maximum === 'number' && maximum > 0 ? Math.min(100, (current / maximum) * 100) : 0;
  const label = featureLabel(details.feature);
  // storage is counted in bytes: "944.14 MB", not "990,000,000"
  const format = details.feature === 'storage' ? formatSize : formatCount;
  const limitText = maximum === null || maximum === undefined ? 'Unlimited' : format(maximum);

  return (
    <div className="mb-5 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="font-semibold text-slate-900 tabular-nums">
          {format(current)} / {limitText}
        </span>
      </div>
      <div
        className="mt-2.5 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={`${label} used`}
        aria-valuemin={0}
        aria-valuemax={typeof maximum === 'number' ? maximum : undefined}
        aria-valuenow={current}
        aria-valuetext={`${format(current)} of ${limitText}`}
      >
        <div
          className={clsx('h-full rounded-full', percent >= 100 ? 'bg-amber-500' : 'bg-brand-1')}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function BenefitList() {
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Upgrade to get</p>
      <ul className="mt-3 grid gap-2.5">
        {UPGRADE_BENEFITS.slice(0, 4).map((benefit) => (
          <li key={benefit} className="flex items-start gap-2.5 text-sm text-slate-700">
            <span className="mt-px flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-2">
              <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
            </span>
            {benefit}
          </li>
        ))}
      </ul>
    </div>
  );
}
