import { defineEntity } from './entity.ts';

/**
 * A website's domains (spec §3 Domain: website_id, domain, businessName; docs/website-builder.md "Storage").
 *
 * - `WebsiteDomain`: in the website's own partition, keyed by website id and kind. A website has at most
 *   one `default` (its subdomain under the sites domain, from the business name) and at most one `custom`
 *   domain (a hostname the agent points at the sites distribution by CNAME).
 * - `DomainClaim`: one item per hostname, keyed by the hostname. Written by a conditional put in the same
 *   transaction as the WebsiteDomain, so one hostname belongs to exactly one website. Changing a website's
 *   custom domain deletes the old claim in that same transaction: there is no moment when the old and the
 *   new hostname are both held, nor one when a hostname points at two websites.
 */

export type WebsiteDomainKind = 'default' | 'custom';
export type WebsiteDomainStatus = 'pending' | 'active';

export interface WebsiteDomainItem {
  website_id: string;
  kind: WebsiteDomainKind;
  /** the lower-case hostname */
  domain: string;
  agent_id: string;
  /** the business name the default subdomain was made from */
  businessName?: string;
  status: WebsiteDomainStatus;
  created_at: string;
  updated_at?: string;
}

export const WebsiteDomain = defineEntity<WebsiteDomainItem, 'website_id' | 'kind', 'created_at'>()({
  type: 'websiteDomain',
  key: {
    pk: { prefix: 'WEBSITE', attributes: ['website_id'] },
    sk: { prefix: 'DOMAIN', attributes: ['kind'] },
  },
  defaults: () => ({ created_at: new Date().toISOString() }),
});

export interface DomainClaimItem {
  /** the lower-case hostname */
  domain: string;
  website_id: string;
  kind: WebsiteDomainKind;
  agent_id: string;
  created_at: string;
}

/** Which website a hostname belongs to: one item per hostname, so at most one website holds it. */
export const DomainClaim = defineEntity<DomainClaimItem, 'domain', 'created_at'>()({
  type: 'domainClaim',
  key: { pk: { prefix: 'HOST', attributes: ['domain'] }, sk: { prefix: 'CLAIM' } },
  defaults: () => ({ created_at: new Date().toISOString() }),
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
