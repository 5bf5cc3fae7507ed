import { defineRoutes } from '../route.ts';
import {
  billingView,
  checkoutInput,
  checkoutResult,
  paymentMethodInput,
  webhookAnswer,
  webhookBody,
} from '../schemas/billing.ts';

/**
 * Plans and payment (issue 10): the caller's billing state, a checkout that changes the plan (role), the
 * payment method, and the provider's signed webhook. Everything goes through the billing provider adapter.
 */
export const billingRoutes = defineRoutes({
  getBilling: {
    method: 'GET',
    path: '/api/billing',
    handler: 'functions/billing/get-billing.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Your plan, subscription status and payment method (never card numbers)',
    request: {},
    response: billingView,
    resources: { table: 'read' },
  },
  startCheckout: {
    method: 'POST',
    path: '/api/billing/checkout',
    handler: 'functions/billing/start-checkout.ts',
    auth: 'token',
    access: 'account-admin',
    statuses: [403, 409],
    summary:
      'Choose a plan: the local provider completes a test checkout at once, a real one answers its checkout URL (agency members cannot; an agency plan needs its seats to fit)',
    request: { body: checkoutInput },
    response: checkoutResult,
    resources: { table: 'readwrite' },
  },
  updatePaymentMethod: {
    method: 'POST',
    path: '/api/billing/payment-method',
    handler: 'functions/billing/update-payment-method.ts',
    auth: 'token',
    access: 'account-admin',
    // an agency's members are refused: their plan is the agency's
    statuses: [403],
    summary:
      'Replace the payment method with a provider reference; a failed payment is retried with it and, when paid, the paywall lifts',
    request: { body: paymentMethodInput },
    response: billingView,
    resources: { table: 'readwrite' },
  },
  receiveBillingWebhook: {
    method: 'POST',
    path: '/api/billing/webhook',
    handler: 'functions/billing/receive-webhook.ts',
    auth: 'none',
    access: 'public',
    summary:
      "The billing provider's events (HMAC-SHA256 signature with a timestamp; each event applied once however often it is delivered)",
    request: { body: webhookBody },
    response: webhookAnswer,
    // the signing secret is read from Secrets Manager (503 while it cannot be read: the provider retries)
    statuses: [503],
    resources: { table: 'readwrite', secrets: ['billingWebhook'] },
    // the provider delivers in bursts (renewal runs) and retries what is refused, so a 429 loses nothing
    throttle: { rate: 10, burst: 100 },
  },
});
