import * as z from 'zod/mini';
import { ROLES, SUBSCRIPTION_STATUSES } from '../plans.ts';
import { id } from './common.ts';

/**
 * Billing (issue 10): plans are bought through a billing provider adapter (functions/billing/billing-provider.ts); the
 * local cloud's provider completes a test checkout at once, a real provider redirects and confirms by a
 * signed webhook. Card numbers never reach our API: a payment method is the provider's opaque reference.
 */

export const plan = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });

/** A client-generated key that makes a retried click count once (8–64 letters, digits, - and _). */
export const idempotencyKey = z
  .string({ error: 'is required' })
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'));

export const paymentMethodView = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});

export const billingView = z.object({
  agentId: z.string(),
  role: z.enum(ROLES),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  /** which adapter serves the account: `local` (test checkout), a real provider's name, or `none` */
  provider: z.string(),
  /** checkout needs a provider; `none` means online payment is not configured on this stage */
  checkoutAvailable: z.boolean(),
  payment_method: z.nullable(paymentMethodView),
  current_period_end: z.optional(z.string()),
  /** agency members' plans are their agency's: only its admin buys */
  managedByAgency: z.boolean(),
});

export const checkoutResult = z.object({
  /** `completed`: the plan changed (local test checkout); `redirect`: continue at the provider's `url` */
  status: z.enum(['completed', 'redirect']),
  url: z.optional(z.string()),
  billing: billingView,
});

/** The provider's reference to a payment method (the local test card form makes `pm_test_<brand>_<last4>_<mm>_<yyyy>`). */
const paymentMethodReference = z
  .string({ error: 'is required' })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_]{6,128}$/, 'must be a payment method reference from the provider'));

export const paymentMethodInput = z.strictObject({ paymentMethod: paymentMethodReference, idempotencyKey });

/**
 * Choosing a plan. A paid plan is charged to the card entered in the plan-change dialog (`paymentMethod`)
 * or, without one, to the card on file; a paid plan with neither is refused (never a card the user did
 * not enter).
 */
export const checkoutInput = z.strictObject({
  plan,
  idempotencyKey,
  paymentMethod: z.optional(paymentMethodReference),
});

/** The webhook's body is checked against its signature first, then read (functions/billing/receive-webhook.ts). */
export const webhookBody = z.record(z.string(), z.unknown());
export const webhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** The events a provider delivers (normalised by the adapter). */
export const BILLING_EVENT_TYPES = [
  'subscription.activated',
  'subscription.renewed',
  'payment.failed',
  'payment.succeeded',
  'subscription.expired',
] as const;

export const billingEvent = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  type: z.enum(BILLING_EVENT_TYPES),
  created: z.number().check(z.int()),
  data: z.object({
    agent_id: id,
    plan: z.optional(plan),
    current_period_end: z.optional(z.string().check(z.maxLength(40))),
    customer_id: z.optional(z.string().check(z.maxLength(200))),
  }),
});
export type BillingEvent = z.infer<typeof billingEvent>;
