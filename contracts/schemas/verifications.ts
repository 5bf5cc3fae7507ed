import * as z from 'zod/mini';
import {
  DEED_STATES,
  OWNER_STATES,
  OWNER_TOKEN_PATTERN,
  REJECTION_REASON_MAX,
} from '../verification-values.ts';
import { cursor, id } from './common.ts';
import { fileKey } from './forms.ts';

/**
 * A listing's two verifications (issue 20, "Reputation that is earned"): its deed, uploaded by the listing
 * agent and approved or rejected by EstateNet's support staff, and its owner's confirmation, given through
 * a link emailed to the owner (a random secret of which only the hash is stored; expiring; single use).
 * `deed_verified` and `owner_acknowledged` on a property are derived from them, and only they award
 * PROPERTY_DEED_VERIFIED and OWNER_ACKNOWLEDGEMENT.
 */

export * from '../verification-values.ts';

export const deedDocument = z.object({ name: z.string(), type: z.string(), size: z.number() });

export const deedVerification = z.object({
  state: z.enum(DEED_STATES),
  /** the upload under review or reviewed (absent: not requested) */
  submission_id: z.optional(z.string()),
  document: z.optional(deedDocument),
  submitted_at: z.optional(z.string()),
  reviewed_at: z.optional(z.string()),
  /** why support staff rejected it, in their words */
  rejection_reason: z.optional(z.string()),
});

export const ownerConfirmation = z.object({
  state: z.enum(OWNER_STATES),
  owner_email: z.optional(z.string()),
  sent_at: z.optional(z.string()),
  /** when the latest link stops working */
  expires_at: z.optional(z.string()),
  /** when the owner confirmed or declined */
  responded_at: z.optional(z.string()),
  /** emails this listing may still send today */
  emails_left_today: z.number(),
});

/** GET /api/properties/{id}/verifications: the listing agent's view of both. */
export const listingVerifications = z.object({
  property_id: z.string(),
  deed_verified: z.boolean(),
  owner_acknowledged: z.boolean(),
  deed: deedVerification,
  owner: ownerConfirmation,
});
export type ListingVerificationsView = z.infer<typeof listingVerifications>;

/** POST /api/properties/{id}/verifications/deed: a finished upload of purpose `property-deed`. */
export const deedSubmissionInput = z.strictObject({ fileKey });

const ownerEmail = z
  .string({ error: 'is required' })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'is required'),
    z.maxLength(254, 'must be at most 254 characters'),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address like name@example.com'),
  );

/** POST /api/properties/{id}/verifications/owner: send (or send again) the owner's link. */
export const ownerConfirmationInput = z.strictObject({ ownerEmail });

// ── support staff: the deed review queue ─────────────────────────────────────────────────────────────────

export const deedReview = z.object({
  property_id: z.string(),
  submission_id: z.string(),
  property_title: z.string(),
  city: z.string(),
  street_address: z.optional(z.string()),
  agent_id: z.string(),
  agent_name: z.string(),
  document: deedDocument,
  submitted_at: z.string(),
});

/** The deeds waiting for review, oldest first (support staff only; 404 to anyone else). */
export const deedReviewQueue = z.object({
  isSupportStaff: z.literal(true),
  items: z.array(deedReview),
  cursor: z.optional(z.string()),
});

export const deedReviewQuery = z.object({ cursor });

export const deedReviewDecisionInput = z
  .strictObject({
    /** the submission the reviewer looked at: a newer upload meanwhile is not decided blindly */
    submissionId: id,
    decision: z.enum(['approve', 'reject'], { error: 'must be approve or reject' }),
    reason: z.optional(
      z
        .string({ error: 'must be text' })
        .check(
          z.trim(),
          z.maxLength(REJECTION_REASON_MAX, `must be at most ${REJECTION_REASON_MAX} characters`),
        ),
    ),
  })
  .check(
    z.refine((input) => input.decision !== 'reject' || Boolean(input.reason), {
      message: 'is required to reject a deed: tell the agent what is wrong',
      path: ['reason'],
    }),
  );

export const deedReviewResult = z.object({ property_id: z.string(), deed: deedVerification });

/** A short-lived download of the deed under review. */
export const deedDocumentLink = z.object({
  url: z.string(),
  name: z.string(),
  mime_type: z.string(),
  expires_at: z.string(),
});

// ── the owner's public page ─────────────────────────────────────────────────────────────────────────────

const ownerToken = z
  .string({ error: 'is required' })
  .check(
    z.regex(OWNER_TOKEN_PATTERN, 'This is not a confirmation link. Open the link from the email again.'),
  );

/** The token travels in the page's URL fragment and in the body, never in a path or query (logs). */
export const ownerTokenInput = z.strictObject({ token: ownerToken });

export const ownerLinkDetails = z.object({
  property_title: z.string(),
  street_address: z.optional(z.string()),
  area: z.optional(z.string()),
  city: z.string(),
  agent_name: z.string(),
  agency_name: z.optional(z.string()),
  owner_email: z.string(),
  expires_at: z.string(),
});

export const ownerResponseInput = z.strictObject({
  token: ownerToken,
  decision: z.enum(['confirm', 'decline'], { error: 'must be confirm or decline' }),
});

export const ownerResponseResult = z.object({
  state: z.enum(['confirmed', 'declined']),
  property_title: z.string(),
  agent_name: z.string(),
});
