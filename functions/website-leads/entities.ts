import { defineEntity } from '#platform/data/entity';

/**
 * What the contact forms of published websites leave besides clients (functions/website-leads/website-leads.ts):
 * each website's lead caps and each sender's rate counters (the leads waiting for their agent are clients'
 * entities: functions/clients/entities.ts).
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
