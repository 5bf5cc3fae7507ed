import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { emailConfigured, sendEmail } from '#aws/email';
import { publishEvent } from '#aws/events';
import { copyObject, deleteObject, getObject, headObject } from '#aws/s3';
import { OWNER_CONFIRMATION_PATH } from '#contracts/route-guard';
import {
  type DeedState,
  type ListingVerificationsView,
  MAX_DEED_BYTES,
  OWNER_EMAILS_PER_DAY,
  OWNER_LINK_VALID_DAYS,
  type OwnerState,
} from '#contracts/schemas/verifications';
import { UploadTicket } from '#functions/cloud/entities';
import { settleTicket, ticketObjectRemoved } from '#functions/cloud/storage';
import { Property, type PropertyItem } from '#functions/properties/entities';
import { awardVerifiedListing } from '#functions/reputation/reputation';
import type { Identity } from '#platform/auth';
import {
  cancellationCodes,
  isConditionFailure,
  type TransactAction,
  transactWrite,
} from '#platform/data/entity';
import { and, eq, gt, ne, notExists } from '#platform/data/expression';
import { badRequest, conflict, HttpError, notFound, payloadTooLarge } from '#platform/errors';
import { logger } from '#platform/logger';
import { detectImageType } from '#platform/media';
import { invalidField } from '#platform/validation';
import {
  DeedVerification,
  type DeedVerificationItem,
  OwnerConfirmation,
  type OwnerConfirmationItem,
} from './entities.ts';

/**
 * A listing's verifications (docs/decisions.md "Reputation that is earned"). The deed: the listing agent
 * uploads it (a presigned POST of purpose `property-deed`), it is kept private under `deeds/`, and support
 * staff approve or reject it with a reason. The owner: the agent enters the owner's email, the owner gets a
 * link with a random secret (only its SHA-256 is stored) valid 7 days, and confirms or declines without an
 * account; the link then stops working. The property's `deed_verified` / `owner_acknowledged` are written
 * in the same transaction as the decision (its version moved on, so a property update that read the old
 * flags writes again), and only the decision's announcement awards the points (functions/reputation/reputation.ts
 * `awardVerifiedListing`).
 */

export const DEED_UPLOAD_PURPOSE = 'property-deed';
/** Deeds are private: never under `media/` (public), only ever read through a staff download link. */
export const DEED_PREFIX = 'deeds/';
const DAY_MS = 24 * 60 * 60 * 1000;
const ATTEMPTS = 4;

export const DEED_ALREADY_APPROVED = "This listing's deed is already approved.";
export const OWNER_ALREADY_CONFIRMED = 'The owner already confirmed this listing.';
export const LINK_NOT_VALID =
  'This confirmation link is not valid. It may have been replaced by a newer one: open the latest email from the agent.';
export const LINK_USED = 'This confirmation link was already used: the listing has its answer.';
export const LINK_EXPIRED = 'This confirmation link has expired. Ask the agent to send you a new one.';

const nowIso = () => new Date().toISOString();

/**
 * The caller's own listing, for its verifications: another agent's is a 404 (its verifications, the
 * owner's email among them, are the listing agent's business), a missing one too.
 */
export async function ownListing(identity: Pick<Identity, 'agentId'>, propertyId: string) {
  const property = await Property.get({ property_id: propertyId }, { consistent: true });
  if (!property || property.agent_id !== identity.agentId) throw notFound('Property');
  return property;
}

// ── views ───────────────────────────────────────────────────────────────────────────────────────────────

export function deedView(item: DeedVerificationItem | undefined): ListingVerificationsView['deed'] {
  if (!item) return { state: 'not_requested' };
  return {
    state: item.state satisfies DeedState,
    submission_id: item.submission_id,
    document: { name: item.document_name, type: item.document_type, size: item.document_size },
    submitted_at: item.submitted_at,
    ...(item.reviewed_at ? { reviewed_at: item.reviewed_at } : {}),
    ...(item.state === 'rejected' && item.rejection_reason
      ? { rejection_reason: item.rejection_reason }
      : {}),
  };
}

const today = (at = new Date()) => at.toISOString().slice(0, 10);

/** Emails the listing may still send today. */
const emailsLeft = (item: OwnerConfirmationItem | undefined) =>
  Math.max(0, OWNER_EMAILS_PER_DAY - (item?.send_day === today() ? item.sends_today : 0));

const isExpired = (item: Pick<OwnerConfirmationItem, 'link_expires_at'>, at = Date.now()) =>
  Date.parse(item.link_expires_at) <= at;

export function ownerState(item: OwnerConfirmationItem | undefined): OwnerState {
  if (!item) return 'not_requested';
  if (item.state === 'sent' && isExpired(item)) return 'expired';
  return item.state;
}

export function ownerView(item: OwnerConfirmationItem | undefined): ListingVerificationsView['owner'] {
  if (!item) return { state: 'not_requested', emails_left_today: OWNER_EMAILS_PER_DAY };
  return {
    state: ownerState(item),
    owner_email: item.owner_email,
    sent_at: item.sent_at,
    expires_at: item.link_expires_at,
    ...(item.responded_at ? { responded_at: item.responded_at } : {}),
    emails_left_today: emailsLeft(item),
  };
}

/** Both verifications of a listing, read consistently (the agent reads right after a change). */
export async function listingVerifications(property: PropertyItem): Promise<ListingVerificationsView> {
  const key = { property_id: property.property_id };
  const [deed, owner] = await Promise.all([
    DeedVerification.get(key, { consistent: true }),
    OwnerConfirmation.get(key, { consistent: true }),
  ]);
  return {
    property_id: property.property_id,
    deed_verified: deed?.state === 'approved',
    owner_acknowledged: owner?.state === 'confirmed',
    deed: deedView(deed),
    owner: ownerView(owner),
  };
}

// ── the deed ────────────────────────────────────────────────────────────────────────────────────────────

const PDF_MAGIC = Buffer.from('%PDF-');

/** A deed's type by its first bytes: a PDF or an image, never by its name or declared type. */
export function deedDocumentType(bytes: Buffer): { contentType: string; extension: string } | undefined {
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    return { contentType: 'application/pdf', extension: 'pdf' };
  return detectImageType(bytes);
}

/** The first bytes of an object (enough for a magic number); the rest is never read. */
async function startOf(key: string): Promise<Buffer> {
  const stream = await getObject({ bucket: 'files', key });
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < 16) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks);
}

const fileKeyError = (message: string) => invalidField('fileKey', message);
const displayName = (key: string) => key.slice(key.lastIndexOf('/') + 1).slice(0, 120) || 'deed';

/**
 * Copies the caller's finished deed upload into the listing's private deeds folder. A key that is not the
 * caller's upload answers 404; one not of purpose property-deed, not finished, or neither a PDF nor an
 * image 400; over 20 MB 413. Answers the stored document and a function that removes the upload (its
 * storage comes back), to call once the submission is written.
 */
async function claimDeedUpload(agentId: string, propertyId: string, submissionId: string, key: string) {
  if (!key.startsWith(`uploads/${agentId}/`)) throw notFound('Upload');
  let ticket = await UploadTicket.get({ key }, { consistent: true });
  if (!ticket || ticket.agent_id !== agentId) throw notFound('Upload');
  if (ticket.purpose !== DEED_UPLOAD_PURPOSE) throw fileKeyError('must be an upload made for the deed');
  if (ticket.state === 'pending') {
    if ((await settleTicket(key)) !== 'complete') throw fileKeyError('has not finished uploading');
    ticket = await UploadTicket.get({ key }, { consistent: true });
  }
  const head = await headObject({ bucket: 'files', key });
  if (!ticket || !head) throw fileKeyError('has not finished uploading');
  if (head.size > MAX_DEED_BYTES) throw payloadTooLarge('A deed document must be at most 20 MB.');
  const type = deedDocumentType(await startOf(key));
  if (!type) {
    const message = 'The deed must be a PDF or an image (JPEG, PNG or WebP).';
    throw badRequest(message, { fileKey: message });
  }
  const documentKey = `${DEED_PREFIX}${propertyId}/${submissionId}.${type.extension}`;
  await copyObject(
    { bucket: 'files', key, bytes: head.size },
    { bucket: 'files', key: documentKey },
    { contentType: type.contentType, cacheControl: 'private, no-store' },
  );
  return {
    document: {
      key: documentKey,
      name: displayName(key),
      type: type.contentType,
      size: head.size,
    },
    consume: async () => {
      await deleteObject({ bucket: 'files', key });
      await ticketObjectRemoved(key);
    },
  };
}

/**
 * Submits a deed for review (again after a rejection, or in place of one still waiting). An approved deed
 * is final (409). The submission replaces the previous one only if that is still the one read, so two
 * uploads at once leave one; the replaced document is deleted.
 */
export async function submitDeed(
  identity: Pick<Identity, 'agentId' | 'agent'>,
  property: PropertyItem,
  fileKey: string,
  options: { at?: string } = {},
): Promise<DeedVerificationItem> {
  const key = { property_id: property.property_id };
  const current = await DeedVerification.get(key, { consistent: true });
  if (current?.state === 'approved') throw conflict(DEED_ALREADY_APPROVED);
  const submissionId = randomUUID();
  const claimed = await claimDeedUpload(identity.agentId, property.property_id, submissionId, fileKey);
  const item: DeedVerificationItem = {
    property_id: property.property_id,
    agent_id: identity.agentId,
    state: 'pending_review',
    submission_id: submissionId,
    document_key: claimed.document.key,
    document_name: claimed.document.name,
    document_type: claimed.document.type,
    document_size: claimed.document.size,
    submitted_at: options.at ?? nowIso(),
    property_title: property.title,
    city: property.city,
    ...(property.street_address ? { street_address: property.street_address } : {}),
    agent_name: identity.agent.full_name,
  };
  try {
    await DeedVerification.put(item, {
      if: current
        ? and(eq('submission_id', current.submission_id), ne('state', 'approved'))
        : notExists('pk'),
    });
  } catch (error) {
    await deleteObject({ bucket: 'files', key: claimed.document.key });
    if (!isConditionFailure(error)) throw error;
    const now = await DeedVerification.get(key, { consistent: true });
    throw conflict(
      now?.state === 'approved'
        ? DEED_ALREADY_APPROVED
        : 'Another deed was uploaded for this listing at the same time. Reload the listing to see it.',
    );
  }
  await claimed.consume();
  if (current && current.document_key !== item.document_key)
    await deleteObject({ bucket: 'files', key: current.document_key });
  return item;
}

export type DeedDecision = 'approve' | 'reject';

/**
 * Support staff decide a submission. The decision is conditional on the submission still waiting (a newer
 * upload, or another reviewer's decision, makes it fail and be read again); approving also marks the
 * property deed-verified in the same transaction. Deciding again what was decided answers it unchanged
 * (`changed: false`, so a repeated click or a retry announces it again and awards nothing more); deciding
 * the other way is a 409.
 */
export async function decideDeed(request: {
  propertyId: string;
  submissionId: string;
  decision: DeedDecision;
  reason?: string | undefined;
  reviewerId: string;
  at?: string;
}): Promise<{ item: DeedVerificationItem; changed: boolean }> {
  const key = { property_id: request.propertyId };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const current = await DeedVerification.get(key, { consistent: true });
    if (!current) throw notFound('Deed');
    if (current.submission_id !== request.submissionId) {
      throw conflict('The agent uploaded a newer deed for this listing meanwhile: review that one.');
    }
    if (current.state !== 'pending_review') {
      if ((current.state === 'approved') === (request.decision === 'approve'))
        return { item: current, changed: false };
      throw conflict(`This deed was already ${current.state === 'approved' ? 'approved' : 'rejected'}.`);
    }
    const reviewedAt = request.at ?? nowIso();
    const state = request.decision === 'approve' ? 'approved' : 'rejected';
    const decided: DeedVerificationItem = {
      ...current,
      state,
      reviewed_at: reviewedAt,
      reviewer_id: request.reviewerId,
      ...(state === 'rejected' && request.reason ? { rejection_reason: request.reason } : {}),
    };
    const actions: TransactAction[] = [
      DeedVerification.transact.update(
        key,
        {
          set: {
            state,
            reviewed_at: reviewedAt,
            reviewer_id: request.reviewerId,
            ...(decided.rejection_reason ? { rejection_reason: decided.rejection_reason } : {}),
          },
        },
        { if: and(eq('submission_id', request.submissionId), eq('state', 'pending_review')) },
      ),
    ];
    if (state === 'approved') actions.push(markProperty(request.propertyId, 'deed_verified'));
    try {
      await transactWrite(actions);
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
      // decided or replaced meanwhile (or the listing went): read again and answer from what is there
      continue;
    }
    return { item: decided, changed: true };
  }
  throw conflict('This deed kept changing while it was being reviewed. Reload the queue and try again.');
}

/** Sets a server-owned flag on the property and moves its version on (a concurrent edit writes again). */
const markProperty = (propertyId: string, flag: 'deed_verified' | 'owner_acknowledged') =>
  Property.transact.update({ property_id: propertyId }, { set: { [flag]: true }, add: { version: 1 } });

/** The deeds waiting for review, oldest first. */
export async function deedReviewQueue(cursor?: string) {
  return DeedVerification.query(
    'reviewQueue',
    { review_queue: 'PENDING' },
    { limit: 50, ...(cursor ? { cursor } : {}) },
  );
}

// ── the owner's confirmation ──────────────────────────────────────────────────────────────────────────

export const hashOwnerToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const ownerLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}${OWNER_CONFIRMATION_PATH}#${token}`;

/**
 * Makes the owner's link (a new secret, replacing any previous link): stored before the email is sent,
 * conditional on the item read, so two sends at once leave one link. Answers the link's secret and a
 * function that puts the previous state back (when the email cannot be sent).
 */
export async function issueOwnerLink(
  property: PropertyItem,
  ownerEmail: string,
  options: { at?: Date } = {},
): Promise<{ token: string; item: OwnerConfirmationItem; undo: () => Promise<void> }> {
  const key = { property_id: property.property_id };
  const current = await OwnerConfirmation.get(key, { consistent: true });
  if (current?.state === 'confirmed') throw conflict(OWNER_ALREADY_CONFIRMED);
  if (emailsLeft(current) === 0) {
    throw conflict(
      `This listing sent the owner ${OWNER_EMAILS_PER_DAY} emails today already. Try again tomorrow.`,
    );
  }
  const at = options.at ?? new Date();
  const day = today(at);
  const token = randomBytes(32).toString('base64url');
  const item: OwnerConfirmationItem = {
    property_id: property.property_id,
    agent_id: property.agent_id,
    state: 'sent',
    owner_email: ownerEmail,
    token_hash: hashOwnerToken(token),
    link_expires_at: new Date(at.getTime() + OWNER_LINK_VALID_DAYS * DAY_MS).toISOString(),
    sent_at: at.toISOString(),
    send_day: day,
    sends_today: (current?.send_day === day ? current.sends_today : 0) + 1,
  };
  try {
    await OwnerConfirmation.put(item, {
      if: current ? and(eq('token_hash', current.token_hash), ne('state', 'confirmed')) : notExists('pk'),
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw conflict('The owner was sent a link from another window at the same time. Reload the listing.');
  }
  const undo = async () => {
    try {
      if (current) await OwnerConfirmation.put(current, { if: eq('token_hash', item.token_hash) });
      else await OwnerConfirmation.delete(key, { if: eq('token_hash', item.token_hash) });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  };
  return { token, item, undo };
}

/**
 * The open request an owner's link names. A secret that matches no link (altered, or replaced by a newer
 * one) is 404; a link already answered or past its 7 days is 410, with the reason.
 */
export async function openOwnerLink(
  token: string,
  options: { at?: string } = {},
): Promise<OwnerConfirmationItem> {
  const hash = hashOwnerToken(token);
  const { items } = await OwnerConfirmation.query('byToken', { token_hash: hash }, { limit: 1 });
  const found = items[0];
  // the index is eventually consistent: the item itself says whether this is still its link
  const item =
    found && (await OwnerConfirmation.get({ property_id: found.property_id }, { consistent: true }));
  if (!item || item.token_hash !== hash) throw new HttpError(404, LINK_NOT_VALID);
  if (item.state !== 'sent') throw new HttpError(410, LINK_USED, { body: { reason: item.state } });
  if (isExpired(item, options.at ? Date.parse(options.at) : Date.now()))
    throw new HttpError(410, LINK_EXPIRED, { body: { reason: 'expired' } });
  return item;
}

/**
 * The owner's answer through the link: the request must still be open with this very link, unexpired, when
 * the answer is written (so a link is used once, even twice at once); confirming also marks the property
 * owner-acknowledged in the same transaction.
 */
export async function answerOwnerLink(
  token: string,
  decision: 'confirm' | 'decline',
  options: { at?: string } = {},
): Promise<OwnerConfirmationItem> {
  const open = await openOwnerLink(token, options);
  const respondedAt = options.at ?? nowIso();
  const state = decision === 'confirm' ? 'confirmed' : 'declined';
  const actions: TransactAction[] = [
    OwnerConfirmation.transact.update(
      { property_id: open.property_id },
      { set: { state, responded_at: respondedAt } },
      {
        if: and(
          eq('token_hash', open.token_hash),
          eq('state', 'sent'),
          gt('link_expires_at', options.at ?? nowIso()),
        ),
      },
    ),
  ];
  if (state === 'confirmed') actions.push(markProperty(open.property_id, 'owner_acknowledged'));
  try {
    await transactWrite(actions);
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
    // answered (or replaced, or expired) meanwhile: say what it is now
    await openOwnerLink(token, options);
    throw conflict('The listing changed while you answered. Open the link again.');
  }
  return { ...open, state, responded_at: respondedAt };
}

// ── announcing a decision ───────────────────────────────────────────────────────────────────────────────

const VERIFICATION_EVENTS = {
  deed: { detailType: 'PropertyDeedVerified', activityType: 'PROPERTY_DEED_VERIFIED' },
  owner: { detailType: 'OwnerAcknowledged', activityType: 'OWNER_ACKNOWLEDGEMENT' },
} as const;

/**
 * Puts a verification's event on the bus for the reputation awarder (which checks the verification itself
 * and awards once). Should the bus refuse it after its retries, the award is made here, through the same
 * idempotent code, so a decision never goes without its points; should that fail too, 503 (a staff
 * reviewer's retry announces again).
 */
export async function announceVerification(
  kind: keyof typeof VERIFICATION_EVENTS,
  property: { property_id: string; agent_id: string },
): Promise<void> {
  const { detailType, activityType } = VERIFICATION_EVENTS[kind];
  try {
    await publishEvent(detailType, { propertyId: property.property_id, agentId: property.agent_id });
    return;
  } catch (error) {
    logger.error('verification event not published: awarding in the request', {
      detailType,
      propertyId: property.property_id,
      error: error as Error,
    });
  }
  try {
    await awardVerifiedListing(activityType, property.property_id, property.agent_id);
  } catch (error) {
    logger.error('verification award failed', { propertyId: property.property_id, error: error as Error });
    throw new HttpError(503, 'The decision is saved, but its points could not be awarded yet. Try again.');
  }
}

// ── the owner's email ───────────────────────────────────────────────────────────────────────────────────

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Where the listing is, as the owner knows it: street, area, city. */
export const listingAddress = (property: Pick<PropertyItem, 'street_address' | 'area' | 'city'>) =>
  [property.street_address, property.area, property.city].filter(Boolean).join(', ');

export function ownerEmail(
  to: string,
  property: PropertyItem,
  agent: { name: string; agency?: string | undefined },
  link: string,
) {
  const who = agent.agency ? `${agent.name} of ${agent.agency}` : agent.name;
  const address = listingAddress(property);
  const subject = `Please confirm the listing of your property: ${property.title}`;
  const text = [
    `${who} listed your property on EstateNet and asks you to confirm it:`,
    '',
    `  ${property.title}`,
    `  ${address}`,
    '',
    `Confirm it, or tell us it isn't right: ${link}`,
    '',
    `The link works once and is valid for ${OWNER_LINK_VALID_DAYS} days. You need no account. If this is not your property, choose "This isn't right".`,
  ].join('\n');
  const html = `<p>${escapeHtml(who)} listed your property on EstateNet and asks you to confirm it:</p>
<p><strong>${escapeHtml(property.title)}</strong><br>${escapeHtml(address)}</p>
<p><a href="${escapeHtml(link)}">Confirm the listing, or tell us it isn't right</a></p>
<p>The link works once and is valid for ${OWNER_LINK_VALID_DAYS} days. You need no account. If this is not your property, choose "This isn't right".</p>`;
  return { to, subject, text, html };
}

/**
 * Sends the owner's link: by SES where a sender is configured; elsewhere (the local cloud) the link is
 * written to the log as a warning, so the `npm start` console shows it (`owner confirmation link for
 * <email>: <link>`, like the sign-up codes). Never to the agent, who must not confirm their own listing.
 */
export async function deliverOwnerLink(email: ReturnType<typeof ownerEmail>, link: string): Promise<void> {
  if (!emailConfigured()) {
    logger.warn(`owner confirmation link for ${email.to}: ${link}`);
    return;
  }
  await sendEmail(email);
}
