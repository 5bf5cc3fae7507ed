import { ArrowRight, CreditCard, TriangleAlert } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { isAgencyRole, PLANS, type Plan, planName, type Role, seatsTooFewMessage } from '#contracts/plans';
import { useAppSelector } from '../../app/hooks.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { selectAgencyData } from '../agencies/selectors.ts';
import {
  type BillingView,
  type CheckoutResult,
  cardLine,
  newIdempotencyKey,
  useStartCheckoutMutation,
} from '../billing/api.ts';
import { CardFields, EMPTY_CARD, TestModeNote } from '../billing/CardFields.tsx';
import { type CardErrors, type CardInput, testCardReference } from '../billing/testCard.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useGetFeatureLimitQuery } from '../preferences/api.ts';
import { COUNTED, type CountedFeature, overLimitNotice, planDifferences, planPrice } from './planTerms.ts';

/** The server's refusal of the card itself is shown under the card, like the form's own checks. */
const cardRefusal = (error: unknown): string | undefined =>
  (error as { data?: { fields?: { paymentMethod?: string } } } | undefined)?.data?.fields?.paymentMethod;

/**
 * Confirming a plan change: the price, what changes (every limit that differs), what happens to what the
 * agent already has when the new plan allows less, and the card it is charged to — the card on file or
 * one typed here (a paid plan without a card cannot be confirmed). Confirming is the checkout.
 */
export function PlanChangeDialog({
  target,
  billing,
  onClose,
  onChanged,
}: {
  /** the plan being chosen (or renewed); null closes the dialog */
  target: Role | null;
  billing: BillingView;
  onClose: () => void;
  onChanged: (result: CheckoutResult, plan: Plan) => void;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={target ? titleOf(billing, PLANS[target]) : ''}
    >
      {target && (
        <PlanChangeForm
          key={target}
          to={PLANS[target]}
          billing={billing}
          onClose={onClose}
          onChanged={onChanged}
        />
      )}
    </Modal>
  );
}

const renewing = (billing: BillingView, to: Plan) => to.role === billing.role;

const titleOf = (billing: BillingView, to: Plan) =>
  renewing(billing, to) ? `Renew ${to.label}` : `Switch to ${to.label}`;

function PlanChangeForm({
  to,
  billing,
  onClose,
  onChanged,
}: {
  to: Plan;
  billing: BillingView;
  onClose: () => void;
  onChanged: (result: CheckoutResult, plan: Plan) => void;
}) {
  const from = PLANS[billing.role];
  const paid = to.priceCents > 0;
  const agency = useAppSelector(selectAgencyData);
  const [checkout, { isLoading }] = useStartCheckoutMutation();
  // a paid plan without a card on file asks for one; with one, another card is optional
  const [newCard, setNewCard] = useState(paid && !billing.payment_method);
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // one key per confirmation until it succeeds: a retried click is charged once
  const key = useRef<string | null>(null);

  const differences = renewing(billing, to) ? [] : planDifferences(from, to);
  // the admin's agency must fit the new plan's seats (the server refuses it too)
  const members = agency?.agentCount ?? 0;
  const seatsTooFew = members > to.seats;
  const losesTeam = isAgencyRole(from.role) && !isAgencyRole(to.role);

  const editCard = (next: CardInput) => {
    setCard(next);
    key.current = null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let paymentMethod: string | undefined;
    if (paid && newCard) {
      const checked = testCardReference(card);
      if ('errors' in checked) {
        setCardErrors(checked.errors);
        return;
      }
      paymentMethod = checked.reference;
    }
    setCardErrors({});
    key.current ??= newIdempotencyKey();
    try {
      const result = await checkout({
        plan: to.role,
        idempotencyKey: key.current,
        ...(paymentMethod ? { paymentMethod } : {}),
      }).unwrap();
      key.current = null;
      onChanged(result, to);
    } catch (error) {
      const refusal = cardRefusal(error);
      if (refusal && paid) {
        setNewCard(true);
        setCardErrors({ number: refusal });
      } else setFailure(apiErrorMessage(error, "Your plan wasn't changed. Try again."));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm your plan" className="space-y-5">
      <div className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
        <PlanBadge plan={from} caption={renewing(billing, to) ? 'Your plan' : 'Now'} />
        {!renewing(billing, to) && (
          <>
            <ArrowRight className="size-4 text-slate-400" aria-hidden="true" />
            <PlanBadge plan={to} caption="New" />
          </>
        )}
      </div>

      <p className="text-[0.9375rem] text-slate-700" data-testid="plan-charge">
        {paid
          ? `${planPrice(to.priceCents)} per month, charged today and then every month. Change or cancel your plan at any time.`
          : 'No charge. Your paid features end when you confirm.'}
      </p>

      {differences.length > 0 && (
        <section aria-label="What changes">
          <h3 className="text-sm font-semibold text-slate-900">What changes</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {differences.map((difference) => (
              <li
                key={difference.label}
                className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
              >
                <span className="text-slate-600">{difference.label}</span>
                <span className="flex items-center gap-1.5 font-medium tabular-nums">
                  <span className="text-slate-500">{difference.from}</span>
                  <ArrowRight className="size-3.5 text-slate-400" aria-label="to" />
                  <span className={difference.lower ? 'text-amber-800' : 'text-emerald-700'}>
                    {difference.to}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <DowngradeNotices
        from={from}
        to={to}
        active={billing.subscription_status === 'active'}
        losesTeam={losesTeam}
        seatsTooFew={seatsTooFew ? members : null}
      />

      {paid && (
        <section aria-label="Payment" className="space-y-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <CreditCard className="size-4 text-brand-2" aria-hidden="true" />
            Payment
          </h3>
          {billing.payment_method && !newCard ? (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
              <span data-testid="charged-card">Charged to {cardLine(billing.payment_method)}</span>
              <Button type="button" variant="ghost" size="sm" onClick={() => setNewCard(true)}>
                Use another card
              </Button>
            </div>
          ) : (
            <>
              {billing.provider === 'local' && <TestModeNote />}
              <CardFields card={card} errors={cardErrors} onChange={editCard} />
              {billing.payment_method && (
                <Button type="button" variant="ghost" size="sm" onClick={() => setNewCard(false)}>
                  Use {cardLine(billing.payment_method)}
                </Button>
              )}
            </>
          )}
        </section>
      )}

      {failure && <Alert>{failure}</Alert>}

      <div className="flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" loading={isLoading} disabled={seatsTooFew}>
          {paid
            ? `Pay ${planPrice(to.priceCents)} and ${renewing(billing, to) ? 'renew' : 'switch'}`
            : `Switch to ${to.label}`}
        </Button>
      </div>
    </form>
  );
}

function PlanBadge({ plan, caption }: { plan: Plan; caption: string }) {
  return (
    <div>
      <p className="text-xs font-medium text-slate-500">{caption}</p>
      <p className="font-semibold text-slate-900">
        {plan.label}{' '}
        <span className="font-normal text-slate-600">
          · {planPrice(plan.priceCents)}
          {plan.priceCents > 0 && ' / month'}
        </span>
      </p>
    </div>
  );
}

/** What happens to what the agent has when the new plan allows less: said before it is confirmed. */
function DowngradeNotices({
  from,
  to,
  active,
  losesTeam,
  seatsTooFew,
}: {
  from: Plan;
  to: Plan;
  active: boolean;
  losesTeam: boolean;
  seatsTooFew: number | null;
}) {
  const lowered = COUNTED.filter((feature) => {
    const after = to.limits[feature];
    const before = from.limits[feature];
    return after !== null && (before === null || after < before);
  });
  const notices: string[] = [];
  if (seatsTooFew !== null) notices.push(seatsTooFewMessage(seatsTooFew, to.role));
  if (losesTeam)
    notices.push(
      `Team and invitations are part of the Agency plans: on the ${planName(to.role)} you can't invite agents.`,
    );
  if (from.branding && !to.branding)
    notices.push(
      `Custom branding isn't included in the ${planName(to.role)}: your brand colours stay as they are, but you can't change them.`,
    );
  if (lowered.length === 0 && notices.length === 0) return null;
  return (
    <section aria-label="Before you switch" className="space-y-2">
      {/* usage is asked only while the subscription is active: otherwise the limits answer the paywall */}
      {active && lowered.map((feature) => <OverLimit key={feature} feature={feature} to={to} />)}
      {notices.map((notice) => (
        <Notice key={notice}>{notice}</Notice>
      ))}
    </section>
  );
}

function OverLimit({ feature, to }: { feature: CountedFeature; to: Plan }) {
  const { data } = useGetFeatureLimitQuery(feature);
  const notice = data ? overLimitNotice(feature, data.current, to) : null;
  return notice ? <Notice>{notice}</Notice> : null;
}

function Notice({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
      {children}
    </p>
  );
}
