import { config } from '#aws/config';
import { PLANS, type Role, type SubscriptionStatus } from '#contracts/plans';
import { type BillingEvent, billingEvent } from '#contracts/schemas/billing';
import { badRequest, HttpError } from '#platform/errors';
import { checkSignature, SIGNATURE_HEADER } from '#platform/webhook-signature';
import type { PaymentMethod, SubscriptionChange } from './billing.ts';

/**
 * The billing provider adapter. Handlers talk only to this interface; which provider serves is
 * configuration (BILLING_PROVIDER), never a branch in a handler. A real provider (Stripe, Paddle, ...)
 * implements the same three calls: its checkout answers a redirect URL and its webhook confirms.
 */
export interface CheckoutRequest {
  agentId: string;
  email: string;
  plan: Role;
  idempotencyKey: string;
  customerId?: string;
  /** the card on file */
  paymentMethod?: PaymentMethod;
  /** the provider's reference to a card entered for this checkout (charged instead of the one on file) */
  newPaymentMethod?: string;
}

export type CheckoutOutcome =
  | { kind: 'completed'; change: SubscriptionChange }
  | { kind: 'redirect'; url: string };

export interface PaymentMethodRequest {
  agentId: string;
  paymentMethod: string;
  idempotencyKey: string;
  subscriptionStatus: SubscriptionStatus;
  plan: Role;
}

export interface BillingProvider {
  readonly name: string;
  readonly checkoutAvailable: boolean;
  checkout(request: CheckoutRequest): Promise<CheckoutOutcome>;
  /** stores the method; when a payment had failed, retries it (a `change` then says how it went) */
  updatePaymentMethod(
    request: PaymentMethodRequest,
  ): Promise<{ paymentMethod: PaymentMethod; change: SubscriptionChange }>;
  /**
   * verifies a webhook delivery's signature with the signing secret (functions/aws/secrets.ts) and reads
   * its event; throws a 4xx HttpError otherwise
   */
  readWebhook(
    rawBody: string,
    headers: Record<string, string | undefined>,
    nowSeconds: number,
    secret: string,
  ): BillingEvent;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const periodEnd = () => new Date(Date.now() + 30 * DAY_MS).toISOString();

const CARD_REFERENCE = /^pm_test_([a-z]+)_(\d{4})_(\d{2})_(\d{4})$/;
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: 'Card',
};
export const CARD_DECLINED_MESSAGE = 'Your card was declined. Try another card.';
export const NOT_A_TEST_CARD_MESSAGE =
  'Use a test card (such as 4242 4242 4242 4242): no real card is charged in test mode.';
export const cardNeededMessage = (plan: Role) => `Add a card to pay for the ${PLANS[plan].label} plan.`;

/** A test card reference made by the app's card form → the card, or the provider's refusal. */
function readTestCard(reference: string): PaymentMethod {
  const match = CARD_REFERENCE.exec(reference);
  if (!match) throw badRequest(NOT_A_TEST_CARD_MESSAGE, { paymentMethod: NOT_A_TEST_CARD_MESSAGE });
  const [, brand, last4, month, year] = match as unknown as [string, string, string, string, string];
  // the provider's test card that always declines
  if (last4 === '0002') throw badRequest(CARD_DECLINED_MESSAGE, { paymentMethod: CARD_DECLINED_MESSAGE });
  return { brand: BRANDS[brand] ?? 'Card', last4, exp_month: Number(month), exp_year: Number(year) };
}

/** Events signed with the webhook's secret, in our normalised shape (the local provider's format). */
function readSignedEvent(
  rawBody: string,
  headers: Record<string, string | undefined>,
  nowSeconds: number,
  secret: string,
): BillingEvent {
  const problem = checkSignature(rawBody, headers[SIGNATURE_HEADER], secret, nowSeconds);
  if (problem) throw badRequest(`Invalid webhook signature (${problem})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw badRequest('Invalid webhook body: not JSON');
  }
  const event = billingEvent.safeParse(parsed);
  if (!event.success) {
    const issue = event.error.issues[0];
    throw badRequest(
      `Invalid webhook body: ${issue?.path.join('.') || 'event'} ${issue?.message ?? ''}`.trim(),
    );
  }
  return event.data;
}

/**
 * The local cloud's provider: a test checkout completes at once (no money moves), payment methods are
 * test references made by the app's test card form, and webhooks are HMAC-signed with the local secret.
 */
export const localProvider: BillingProvider = {
  name: 'local',
  checkoutAvailable: true,
  async checkout(request) {
    const card = request.newPaymentMethod ? readTestCard(request.newPaymentMethod) : request.paymentMethod;
    // a paid plan is charged to a card the user entered, now or before: never to one they did not
    if (PLANS[request.plan].priceCents > 0 && !card)
      throw badRequest(cardNeededMessage(request.plan), { paymentMethod: cardNeededMessage(request.plan) });
    return {
      kind: 'completed',
      change: {
        provider: 'local',
        eventId: `checkout_${request.agentId}_${request.idempotencyKey}`,
        eventType: 'subscription.activated',
        agentId: request.agentId,
        plan: request.plan,
        status: 'active',
        customerId: request.customerId ?? `cus_local_${request.agentId}`,
        currentPeriodEnd: periodEnd(),
        ...(card ? { paymentMethod: card } : {}),
      },
    };
  },
  async updatePaymentMethod(request) {
    const paymentMethod = readTestCard(request.paymentMethod);
    // a failed payment is retried at once with the new card and succeeds; an expired plan needs renewing
    const retried = request.subscriptionStatus === 'payment_failed';
    return {
      paymentMethod,
      change: {
        provider: 'local',
        eventId: `payment_method_${request.agentId}_${request.idempotencyKey}`,
        eventType: retried ? 'payment.succeeded' : 'payment_method.updated',
        agentId: request.agentId,
        status: retried ? 'active' : request.subscriptionStatus,
        paymentMethod,
        ...(retried ? { currentPeriodEnd: periodEnd() } : {}),
      },
    };
  },
  readWebhook: readSignedEvent,
};

/** No provider configured (a stage before payments are set up): plans cannot be bought online. */
const noProvider: BillingProvider = {
  name: 'none',
  checkoutAvailable: false,
  async checkout() {
    throw new HttpError(503, 'Online payment is not available yet. Contact support to change your plan.');
  },
  async updatePaymentMethod() {
    throw new HttpError(503, 'Online payment is not available yet. Contact support to update your card.');
  },
  readWebhook: readSignedEvent,
};

const PROVIDERS: Record<string, BillingProvider> = { local: localProvider, none: noProvider };

/** The configured provider. */
export const billingProvider: BillingProvider = PROVIDERS[config.billing.provider] ?? noProvider;

/** A webhook event as the subscription change it asks for. */
export function changeFromEvent(provider: string, event: BillingEvent): SubscriptionChange {
  const status: SubscriptionStatus =
    event.type === 'payment.failed'
      ? 'payment_failed'
      : event.type === 'subscription.expired'
        ? 'expired'
        : 'active';
  return {
    provider,
    eventId: event.id,
    eventType: event.type,
    agentId: event.data.agent_id,
    status,
    ...(event.data.plan && event.type !== 'payment.failed' && event.type !== 'subscription.expired'
      ? { plan: event.data.plan }
      : {}),
    ...(event.data.customer_id ? { customerId: event.data.customer_id } : {}),
    ...(event.data.current_period_end ? { currentPeriodEnd: event.data.current_period_end } : {}),
  };
}
