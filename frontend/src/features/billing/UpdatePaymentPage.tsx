import { CreditCard, ShieldCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { planFor } from '#contracts/plans';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { PageLoader } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  type BillingView,
  cardLine,
  newIdempotencyKey,
  STATUS_LABELS,
  useGetBillingQuery,
  useUpdatePaymentMethodMutation,
} from './api.ts';
import { CardFields, EMPTY_CARD, TestModeNote } from './CardFields.tsx';
import { type CardErrors, type CardInput, testCardReference } from './testCard.ts';

/**
 * /payment/update-payment: the payment method, replaced through the billing adapter
 * (POST /api/billing/payment-method). After a failed payment the provider retries it with the new card and
 * the paywall lifts; an expired plan is renewed from the upgrade page.
 */
export function UpdatePaymentPage() {
  const billing = useGetBillingQuery();
  const data = billing.data;

  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm font-semibold tracking-wide text-brand-2 uppercase">Billing</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Update payment method
      </h1>
      <p className="mt-2 text-slate-600">The card your plan is charged to.</p>

      {billing.isLoading ? (
        <PageLoader label="Loading your billing details" />
      ) : !data ? (
        <Alert className="mt-6">We couldn't load your billing details. Reload the page to try again.</Alert>
      ) : (
        <div className="mt-6 space-y-6">
          <BillingState billing={data} />
          {data.managedByAgency ? (
            <Alert tone="info">Your plan is managed by your agency's admin, who pays for it.</Alert>
          ) : !data.checkoutAvailable ? (
            <Alert tone="info">
              Online payment is not available yet. Contact support to update your card.
            </Alert>
          ) : (
            <CardForm billing={data} />
          )}
        </div>
      )}
    </div>
  );
}

function BillingState({ billing }: { billing: BillingView }) {
  return (
    <section
      aria-label="Billing status"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-slate-500">Plan</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{planFor(billing.role).label}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Status</dt>
          <dd className="mt-0.5 font-semibold text-slate-900" data-testid="billing-status">
            {STATUS_LABELS[billing.subscription_status]}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Payment method</dt>
          <dd className="mt-0.5 font-semibold text-slate-900" data-testid="payment-method">
            {billing.payment_method ? cardLine(billing.payment_method) : 'None yet'}
          </dd>
        </div>
      </dl>
      {billing.subscription_status === 'payment_failed' && (
        <Alert className="mt-4">
          Your last payment failed. Add a working card: we charge it at once and your features come back.
        </Alert>
      )}
      {billing.subscription_status === 'expired' && (
        <Alert className="mt-4">
          <p>Your subscription has expired. A new card alone doesn't renew it.</p>
          <Link
            to={`${paths.upgrade}?reason=expired`}
            className={buttonClassName({ size: 'sm', className: 'mt-2' })}
          >
            Renew Subscription
          </Link>
        </Alert>
      )}
    </section>
  );
}

function CardForm({ billing }: { billing: BillingView }) {
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdatePaymentMethodMutation();
  const key = useRef<string | null>(null);
  const wasFailed = billing.subscription_status === 'payment_failed';

  const edit = (next: CardInput) => {
    setCard(next);
    key.current = null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSaved(null);
    const checked = testCardReference(card);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    key.current ??= newIdempotencyKey();
    try {
      const result = await update({ paymentMethod: checked.reference, idempotencyKey: key.current }).unwrap();
      key.current = null;
      setCard(EMPTY_CARD);
      const message =
        wasFailed && result.subscription_status === 'active'
          ? 'Payment method updated and your payment went through. Your features are back.'
          : 'Payment method updated.';
      setSaved(message);
      showToast('success', message);
    } catch (error) {
      setFailure(apiErrorMessage(error, "Your card wasn't saved. Try again."));
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Card details"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <CreditCard className="size-4.5 text-brand-2" aria-hidden="true" />
        {billing.payment_method ? 'Replace your card' : 'Add a card'}
      </h2>
      {billing.provider === 'local' && <TestModeNote />}
      <CardFields card={card} errors={errors} onChange={edit} />
      {failure && <Alert>{failure}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <ShieldCheck className="size-4 text-brand-2" aria-hidden="true" />
          Your card number never reaches EstateNet's servers.
        </p>
        <Button type="submit" loading={isLoading}>
          Save card
        </Button>
      </div>
    </form>
  );
}
