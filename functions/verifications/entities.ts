import { defineEntity } from '#platform/data/entity';

/**
 * A listing's verifications, each one item in the listing's partition (`PROPERTY#<id>`) beside it: the
 * deed under review (and its review) and the owner's confirmation (and its link). The property's
 * `deed_verified` and `owner_acknowledged` are derived from them, written in the same transaction as the
 * decision (functions/verifications/verifications.ts).
 */

export type DeedReviewState = 'pending_review' | 'approved' | 'rejected';

export interface DeedVerificationItem {
  property_id: string;
  /** the listing agent who submitted it */
  agent_id: string;
  state: DeedReviewState;
  /** one per upload: a review names the submission it looked at */
  submission_id: string;
  /** where the document is kept, private, in the files bucket (`deeds/<property>/<submission>.<ext>`) */
  document_key: string;
  document_name: string;
  document_type: string;
  document_size: number;
  submitted_at: string;
  reviewed_at?: string;
  reviewer_id?: string;
  rejection_reason?: string;
  /** what the review queue shows, as it was when submitted */
  property_title: string;
  city: string;
  street_address?: string;
  agent_name: string;
}

export const DeedVerification = defineEntity<DeedVerificationItem, 'property_id'>()({
  type: 'deedVerification',
  key: { pk: { prefix: 'PROPERTY', attributes: ['property_id'] }, sk: { prefix: 'DEED_VERIFICATION' } },
  indexes: {
    /** the deeds waiting for support staff, oldest first; a decided deed leaves the index */
    reviewQueue: {
      index: 'gsi1',
      pk: { prefix: 'DEED_REVIEW', attributes: ['review_queue'] },
      sk: { prefix: 'AT', attributes: ['submitted_at', 'property_id'] },
    },
  },
  derived: {
    /** the review queue's partition, only while the deed waits for review */
    review_queue: {
      from: ['state'],
      compute: (item) => (item.state === 'pending_review' ? 'PENDING' : undefined),
    },
  },
});

export type OwnerConfirmationStoredState = 'sent' | 'confirmed' | 'declined';

export interface OwnerConfirmationItem {
  property_id: string;
  agent_id: string;
  state: OwnerConfirmationStoredState;
  owner_email: string;
  /** SHA-256 of the link's secret (the secret itself is only ever in the email) */
  token_hash: string;
  /** when the link stops working (ISO; not `expires_at`, the table's TTL attribute) */
  link_expires_at: string;
  sent_at: string;
  /** the day (UTC) of `sends_today` */
  send_day: string;
  sends_today: number;
  responded_at?: string;
}

export const OwnerConfirmation = defineEntity<OwnerConfirmationItem, 'property_id'>()({
  type: 'ownerConfirmation',
  key: { pk: { prefix: 'PROPERTY', attributes: ['property_id'] }, sk: { prefix: 'OWNER_CONFIRMATION' } },
  indexes: {
    /** the owner's link finds its listing by the secret's hash */
    byToken: {
      index: 'gsi1',
      pk: { prefix: 'OWNER_LINK', attributes: ['token_hash'] },
      sk: { prefix: 'OWNER_CONFIRMATION' },
    },
  },
});
