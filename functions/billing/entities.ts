import type { Role } from '#contracts/plans';
import { defineEntity } from '#platform/data/entity';

/**
 * Billing state beside the agent record. The Agent keeps `role` and `subscription_status` (what every
 * limit and paywall reads); this item keeps what only billing needs: the provider's customer, the
 * payment method's display details (never a card number) and the paid period.
 */
export interface BillingAccountItem {
  agent_id: string;
  provider: string;
  customer_id?: string;
  plan: Role;
  payment_method?: { brand: string; last4: string; exp_month: number; exp_year: number };
  current_period_end?: string;
  /** the last billing event applied, for support */
  last_event_id?: string;
  updated_at: string;
}

export const BillingAccount = defineEntity<BillingAccountItem, 'agent_id', 'updated_at'>()({
  type: 'billingAccount',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'BILLING' } },
  defaults: () => ({ updated_at: new Date().toISOString() }),
});

/**
 * One applied billing event (a webhook delivery, a local checkout, a payment-method change), keyed by
 * provider and event id. It is created in the same transaction as the change it records, so a second
 * delivery finds it and changes nothing: the event is applied exactly once.
 */
export interface BillingEventItem {
  provider: string;
  event_id: string;
  type: string;
  agent_id: string;
  applied_at: string;
}

export const BillingEventRecord = defineEntity<BillingEventItem, 'provider' | 'event_id', 'applied_at'>()({
  type: 'billingEvent',
  key: {
    pk: { prefix: 'BILLING_EVENT', attributes: ['provider', 'event_id'] },
    sk: { prefix: 'EVENT' },
  },
  defaults: () => ({ applied_at: new Date().toISOString() }),
});
