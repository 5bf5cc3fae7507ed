import { defineEntity } from '#platform/data/entity';

/**
 * A website's domains (spec §3 Domain: website_id, domain, businessName; docs/website-builder.md "Storage").
 *
 * - `WebsiteDomain`: in the website's own partition, keyed by website id and kind. A website has at most
 *   one `default` (its subdomain under the sites domain, from the business name) and at most one `custom`
 *   domain (a hostname the agent points at the sites distribution by CNAME, and proves by a DNS TXT record).
 * - `DomainClaim`: one item per hostname, keyed by the hostname: the website it routes to. Written by a
 *   conditional put in the same transaction as the WebsiteDomain becoming active (a default subdomain at
 *   once, a custom domain when its proof is seen), so one hostname belongs to exactly one website and a
 *   pending claim holds nothing. Changing a website's
 *   custom domain deletes the old claim in that same transaction: there is no moment when the old and the
 *   new hostname are both held, nor one when a hostname points at two websites.
 */

export type WebsiteDomainKind = 'default' | 'custom';
/**
 * `pending`: a custom domain waiting for its DNS TXT proof (it routes nothing and blocks no one);
 * `active`: a default subdomain, or a proven custom domain (it holds the hostname's `DomainClaim`);
 * `lapsed`: a custom domain whose proof was not seen in time, or whose hostname another website proved first.
 */
export type WebsiteDomainStatus = 'pending' | 'active' | 'lapsed';
/** what the last look for the TXT proof found: no record, records without this claim's value, no answer */
export type DomainCheckResult = 'not_found' | 'other_value' | 'dns_error';
/** why a claim lapsed: its 72 hours ran out, or another website proved the domain first */
export type DomainLapseReason = 'expired' | 'taken';

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
  /** custom domains: the random token of this claim, the value of the TXT record that proves it */
  proof_token?: string;
  /** a pending claim lapses at this time unless its proof has been seen */
  lapses_at?: string;
  /** when the proof was last looked for, and what was found */
  checked_at?: string;
  check_result?: DomainCheckResult;
  verified_at?: string;
  lapsed_at?: string;
  lapsed_reason?: DomainLapseReason;
  /** epoch seconds (the table's TTL attribute): a lapsed claim's record goes 30 days after it lapsed */
  expires_at?: number;
}

const isPending = (item: Partial<WebsiteDomainItem>) => item.status === 'pending';

/**
 * Pending claims are in two sparse indexes (their keys are derived from the status, so a claim leaves them
 * when it is proven or lapses): every pending claim by the time it lapses, which the scheduled check reads,
 * and the pending claims of one hostname, which lapse when another website proves it first. Every change
 * of status is a `put` of the whole record (the derived keys need the domain and the lapse time).
 */
export const WebsiteDomain = defineEntity<WebsiteDomainItem, 'website_id' | 'kind', 'created_at'>()({
  type: 'websiteDomain',
  key: {
    pk: { prefix: 'WEBSITE', attributes: ['website_id'] },
    sk: { prefix: 'DOMAIN', attributes: ['kind'] },
  },
  indexes: {
    /** every pending custom domain, the first to lapse first */
    pendingProofs: {
      index: 'gsi3',
      pk: { prefix: 'DOMAIN_PROOFS', attributes: ['proof_gate'] },
      sk: { prefix: 'AT', attributes: ['lapses_at', 'website_id'] },
    },
    /** the pending claims of one hostname, by website */
    pendingByDomain: {
      index: 'gsi2',
      pk: { prefix: 'DOMAIN_PENDING', attributes: ['pending_domain'] },
      sk: { prefix: 'WEBSITE', attributes: ['website_id'] },
    },
  },
  derived: {
    proof_gate: { from: ['status'], compute: (item) => (isPending(item) ? 'ALL' : undefined) },
    pending_domain: {
      from: ['status', 'domain'],
      compute: (item) => (isPending(item) ? item.domain : undefined),
    },
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
