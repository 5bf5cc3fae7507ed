import { randomUUID } from 'node:crypto';
import type { PendingLeadView } from '#contracts/schemas/pending-leads';
import { defineEntity } from '#platform/data/entity';

/**
 * What the contact forms of published websites leave besides clients (functions/website-leads/website-leads.ts):
 * each website's lead caps, each sender's rate counters, and the leads waiting for their agent.
 */

export type LeadCapWindow = 'hour' | 'day';

export interface WebsiteLeadCountItem {
  website_id: string;
  window: LeadCapWindow;
  /** the UTC hour (`YYYY-MM-DDTHH`) or day (`YYYY-MM-DD`) the count covers */
  period: string;
  count: number;
  /** epoch seconds (the table's TTL attribute): gone a window after its own ended */
  expires_at: number;
}

/**
 * How many leads one website took in an hour and in a day: both move together in one transaction of two
 * conditional ADDs, so concurrent posts never pass either cap and a refused lead counts in neither.
 */
export const WebsiteLeadCount = defineEntity<WebsiteLeadCountItem, 'website_id' | 'window' | 'period'>()({
  type: 'websiteLeadCount',
  key: {
    pk: { prefix: 'WEBSITE', attributes: ['website_id'] },
    sk: { prefix: 'LEAD_CAP', attributes: ['window', 'period'] },
  },
});

export type PendingLeadReason = PendingLeadView['reason'];

/**
 * A waiting lead as stored: the contract's pending lead (its `lead_id` time-ordered, `pendingLeadId`, so the
 * partition lists leads oldest first) in its agent's partition, expiring in epoch seconds (the table's TTL
 * attribute; the contract shows an ISO time).
 */
export type PendingLeadItem = Omit<PendingLeadView, 'expires_at'> & {
  agent_id: string;
  expires_at: number;
};

/**
 * A lead waiting in its agent's partition, outside the client book and the clients count. Keyed by agent
 * and lead, so another agent's lead is simply not there (404), and the partition is the waiting list.
 */
export const PendingLead = defineEntity<PendingLeadItem, 'agent_id' | 'lead_id'>()({
  type: 'pendingLead',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'PENDING_LEAD', attributes: ['lead_id'] },
  },
});

/**
 * A lead id that sorts by arrival: the time in base 36 (fixed width, good until the year 5188) and 16
 * random hex digits.
 */
export function pendingLeadId(at = new Date()): string {
  const random = randomUUID().replace(/-/g, '').slice(0, 16);
  return `${at.getTime().toString(36).padStart(9, '0')}-${random}`;
}

export type LeadSenderKind = 'ip' | 'email';

export interface LeadRateCounterItem {
  website_id: string;
  /** the hour the counter covers, `YYYY-MM-DDTHH` (UTC) */
  hour: string;
  kind: LeadSenderKind;
  /** a SHA-256 fingerprint of the sender's address or email: who wrote is in the lead, not here */
  sender: string;
  count: number;
  /** epoch seconds (the table's TTL attribute): the counter is removed an hour after its hour ends */
  expires_at: number;
}

/**
 * How many contact-form messages one sender (by address, and by email) sent one website in one hour: one
 * atomic conditional ADD each, so concurrent posts cannot pass the rate limit.
 */
export const LeadRateCounter = defineEntity<LeadRateCounterItem, 'website_id' | 'hour' | 'kind' | 'sender'>()(
  {
    type: 'leadRateCounter',
    key: {
      pk: { prefix: 'WEBSITE', attributes: ['website_id'] },
      sk: { prefix: 'LEAD_RATE', attributes: ['hour', 'kind', 'sender'] },
    },
  },
);
