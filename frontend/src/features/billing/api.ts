import type * as z from 'zod/mini';
import type { Role, SubscriptionStatus } from '#contracts/plans';
import type { billingView, checkoutResult } from '#contracts/schemas/billing';
import { api } from '../../app/api.ts';

export type BillingView = z.infer<typeof billingView>;
export type CheckoutResult = z.infer<typeof checkoutResult>;

/**
 * What a plan change touches on screen: the agent (sidebar plan label, Upgrade Now, Team), its agency and
 * its seats (the cap is the admin's plan), every feature limit and the storage quota. Invalidated after a
 * checkout or a payment that lifts the paywall, so the app reflects the new plan at once.
 */
const PLAN_DEPENDENT = ['Agent', 'Agency', 'Team', 'Invite', 'FeatureLimit', 'Storage', 'Billing'] as const;

const billingApi = api.enhanceEndpoints({ addTagTypes: ['Billing'] }).injectEndpoints({
  endpoints: (build) => ({
    getBilling: build.query<BillingView, void>({
      query: () => 'api/billing',
      providesTags: ['Billing'],
    }),
    /** the local provider completes a test checkout at once; a real one answers its checkout URL */
    startCheckout: build.mutation<CheckoutResult, { plan: Role; idempotencyKey: string }>({
      query: (body) => ({ url: 'api/billing/checkout', method: 'POST', body }),
      invalidatesTags: (result) => (result?.status === 'completed' ? [...PLAN_DEPENDENT] : []),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(billingApi.util.upsertQueryData('getBilling', undefined, data.billing));
      },
    }),
    updatePaymentMethod: build.mutation<BillingView, { paymentMethod: string; idempotencyKey: string }>({
      query: (body) => ({ url: 'api/billing/payment-method', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...PLAN_DEPENDENT] : []),
    }),
  }),
});

export const { useGetBillingQuery, useStartCheckoutMutation, useUpdatePaymentMethodMutation } = billingApi;

/** A key that makes a retried click count once (the API takes 8–64 letters, digits, - and _). */
export const newIdempotencyKey = () => crypto.randomUUID();

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  payment_failed: 'Payment failed',
  expired: 'Expired',
};

/** `Visa •••• 4242, expires 12/2030` */
export function cardLine(method: NonNullable<BillingView['payment_method']>): string {
  return `${method.brand} •••• ${method.last4}, expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
}

/** `24 Dec 2026` */
export function periodEndLine(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
