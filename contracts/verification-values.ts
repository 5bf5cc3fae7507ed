/**
 * The listing verifications' constants, free of zod so the browser can import them (the schemas are in
 * contracts/schemas/verifications.ts).
 */

/** What a deed document may be: a PDF or a photo of the paper deed (checked by magic number too). */
export const DEED_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** A deed document at most (a scan of a few pages). */
export const MAX_DEED_BYTES = 20 * 1024 * 1024;
/** How long an owner's confirmation link stays valid. */
export const OWNER_LINK_VALID_DAYS = 7;
/** Confirmation emails one listing may send in a day (a wrong address, a resend), so owners are not spammed. */
export const OWNER_EMAILS_PER_DAY = 3;
/** The secret of an owner's link: 32 random bytes, base64url (43 characters). */
export const OWNER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const REJECTION_REASON_MAX = 500;

export const DEED_STATES = ['not_requested', 'pending_review', 'approved', 'rejected'] as const;
export const OWNER_STATES = ['not_requested', 'sent', 'confirmed', 'declined', 'expired'] as const;
export type DeedState = (typeof DEED_STATES)[number];
export type OwnerState = (typeof OWNER_STATES)[number];
