import clsx from 'clsx';
import { CreditCard, FileCheck2, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router-dom';
import { planFor } from '#contracts/plans';
import { paths } from '../../app/paths.ts';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { cardLine, periodEndLine, STATUS_LABELS, useGetBillingQuery } from '../billing/api.ts';
import { useListDeedReviewsQuery } from '../support/deedReviewsApi.ts';
import { useGetAccountSettingsQuery } from '../support/LiveChat.tsx';
import { useSupportInboxSummaryQuery } from './api.ts';
import { SettingsSection } from './SettingsSection.tsx';

/** The plan, its billing state and payment method, with the ways to change them. */
export function PlanSection() {
  const billing = useGetBillingQuery();
  const data = billing.data;
  return (
    <SettingsSection
      icon={CreditCard}
      title="Plan and billing"
      description="Your plan and how you pay for it."
    >
      {billing.isLoading ? (
        <div className="flex justify-center py-4 text-brand-2">
          <Spinner className="size-6" label="Loading your plan" />
        </div>
      ) : !data ? (
        <p className="text-sm text-slate-600">We couldn't load your plan. Reload the page to try again.</p>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <dl className="space-y-1 text-sm">
            <div className="flex items-center gap-2">
              <dt className="sr-only">Plan</dt>
              <dd className="text-lg font-semibold text-slate-900" data-testid="settings-plan">
                {planFor(data.role).label}
              </dd>
              <dt className="sr-only">Status</dt>
              <dd
                className={clsx(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  data.subscription_status === 'active'
                    ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200'
                    : 'bg-red-50 text-red-700 ring-1 ring-red-200',
                )}
              >
                {STATUS_LABELS[data.subscription_status]}
              </dd>
            </div>
            <dt className="sr-only">Payment method</dt>
            <dd className="text-slate-600">
              {data.payment_method ? cardLine(data.payment_method) : 'No payment method on file'}
              {periodEndLine(data.current_period_end) && data.role !== 'Superagent'
                ? ` · renews ${periodEndLine(data.current_period_end)}`
                : ''}
            </dd>
            {data.managedByAgency && (
              <dd className="text-slate-600">Your plan is managed by your agency's admin.</dd>
            )}
          </dl>
          {!data.managedByAgency && (
            <div className="flex flex-wrap gap-2">
              <Link to={paths.upgrade} className={buttonClassName({ size: 'sm' })}>
                Change plan
              </Link>
              <Link
                to={paths.updatePayment}
                className={buttonClassName({ size: 'sm', variant: 'secondary' })}
              >
                Update payment method
              </Link>
            </div>
          )}
        </div>
      )}
    </SettingsSection>
  );
}

/**
 * The inbox link, for support staff alone (the account settings say who is; the inbox answers 404 to
 * anyone else, so nobody else asks for it).
 */
export function SupportInboxLink() {
  const { data: settings } = useGetAccountSettingsQuery();
  return settings?.support_staff ? <SupportInboxSummary /> : null;
}

function SupportInboxSummary() {
  const inbox = useSupportInboxSummaryQuery();
  if (!inbox.data?.isSupportStaff) return null;
  const waiting = inbox.data.items.filter((item) => item.unread_for_support > 0).length;
  return (
    <SettingsSection
      icon={LifeBuoy}
      title="Support inbox"
      description="You are EstateNet support staff: answer the agents' Live Chat conversations."
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {inbox.data.items.length} {inbox.data.items.length === 1 ? 'conversation' : 'conversations'}
          {waiting > 0 ? `, ${waiting} waiting for an answer` : ''}
        </p>
        <Link to={paths.supportInbox} className={buttonClassName({ size: 'sm' })}>
          Open the support inbox
        </Link>
      </div>
    </SettingsSection>
  );
}

/**
 * The deed review queue's card, for support staff alone (like the inbox's): how many listings' deeds are
 * waiting, and the way to them.
 */
export function DeedReviewsLink() {
  const { data: settings } = useGetAccountSettingsQuery();
  return settings?.support_staff ? <DeedReviewsSummary /> : null;
}

function DeedReviewsSummary() {
  const queue = useListDeedReviewsQuery();
  if (!queue.data?.isSupportStaff) return null;
  const waiting = queue.data.items.length;
  return (
    <SettingsSection
      icon={FileCheck2}
      title="Deed reviews"
      description="Approve or reject the title deeds agents upload for their listings."
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {waiting === 0
            ? 'No deeds waiting for review'
            : `${waiting}${queue.data.cursor ? '+' : ''} ${waiting === 1 ? 'deed' : 'deeds'} waiting for review`}
        </p>
        <Link to={paths.deedReviews} className={buttonClassName({ size: 'sm' })}>
          Open the deed reviews
        </Link>
      </div>
    </SettingsSection>
  );
}
