import { deleteObject, headObject, readObjectStart } from '#aws/s3';
import { MAX_UPLOAD_BYTES } from '#contracts/plans';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { HttpError } from '#platform/errors';
import { SNIFF_BYTES, sniffContent } from '#platform/file-signatures';
import { logger } from '#platform/logger';
import {
  arrivalPlace,
  deleteItemIfUnchanged,
  judgeArrival,
  nowIso,
  ownerSubject,
  PENDING_GRACE_MS,
  saveItem,
  saveItemInFolder,
  TOMBSTONE_MS,
  withFreshItem,
} from './cloud.ts';
import { CloudItem, type CloudItemRecord, type RejectionReason, UploadTicket } from './entities.ts';

/**
 * Storage accounting of presigned uploads (docs: "Storage quota under concurrent uploads"). The quota is
 * taken when the upload is presigned (one atomic conditional ADD of the declared size), and settled when
 * the object has arrived: by the S3 "Object Created" consumer and by POST /cloud/{id}/confirm, which run
 * this same code and may race. Settling reads the real size, reserves any excess or gives back any
 * shortfall, and commits with one versioned write of the item; a delivery that loses that write undoes
 * its own adjustment, so the counter moves exactly once. An object that breaks the size limit or the
 * quota is deleted and its reservation released; an upload that never arrives is given up by the purge.
 * Settling also reads what the bytes are (their first 4 KB): the file is kept as that type, and a web page
 * under the name or type of a PDF, picture, video or sound file is refused like the rest (`disguised`).
 */

export type SettleOutcome =
  | { outcome: 'complete'; item: CloudItemRecord }
  | { outcome: 'rejected'; reason: RejectionReason; item: CloudItemRecord }
  /** no object yet (the browser has not finished, or gave up) */
  | { outcome: 'waiting'; item: CloudItemRecord }
  /** no such upload: the item was cancelled, given up or never existed */
  | { outcome: 'unknown' };

const isStorageLimit = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 402 && error.toBody().feature === 'storage';

/** Settles one cloud upload; safe to call any number of times, also concurrently. */
export async function settleCloudUpload(itemId: string): Promise<SettleOutcome> {
  return withFreshItem(itemId, async (item) => {
    if (!item) return { outcome: 'unknown' };
    if (item.state !== 'pending') return decided(item);
    const gone = async (): Promise<SettleOutcome> => {
      // the other settlement (confirm or the S3 event) may have decided and deleted the object since the read
      const now = await CloudItem.get({ id: item.id }, { consistent: true });
      if (!now) return { outcome: 'unknown' };
      return now.state === 'pending' ? { outcome: 'waiting', item } : decided(now);
    };
    const head = await headObject({ bucket: 'files', key: item.object_key! });
    if (!head) return gone();
    if (head.size > MAX_UPLOAD_BYTES) return reject(item, 'too_large');
    // what the bytes are, whatever the name and the declared type say (a web page named .pdf is refused)
    const start = await readObjectStart({ bucket: 'files', key: item.object_key! }, SNIFF_BYTES);
    if (!start) return gone();
    const judged = judgeArrival(item.name, item.mime_type, sniffContent(start));
    if (judged.message) return reject(item, 'disguised', { content_type: judged.contentType });
    // its folder may have gone to the trash, or been deleted for good, since the upload started
    const place = await arrivalPlace(item.parent_folder_id);
    if (!place) return reject(item, 'folder_deleted');

    const subject = await ownerSubject(item.agent_id);
    const reserved = item.reserved_bytes ?? 0;
    const excess = head.size - reserved;
    if (excess > 0) {
      try {
        await reserveFeature(subject, 'storage', excess);
      } catch (error) {
        if (isStorageLimit(error)) return reject(item, 'quota');
        throw error;
      }
    }
    let saved: CloudItemRecord;
    try {
      saved = await saveItemInFolder(
        item,
        {
          ...item,
          ...place.state,
          size: head.size,
          mime_type: judged.contentType,
          content_type: judged.contentType,
          reserved_bytes: undefined,
          upload_expires_at: undefined,
          updated_at: nowIso(),
        },
        place.folder,
      );
    } catch (error) {
      // another delivery settled it first, or the folder changed: undo this one's adjustment, then read what it decided
      if (excess > 0) await releaseFeature(subject, 'storage', excess);
      throw error;
    }
    if (excess < 0) await releaseFeature(subject, 'storage', -excess);
    return { outcome: 'complete', item: saved };
  });
}

/**
 * The outcome of an upload that is no longer pending. A rejected one's bytes are deleted (again) before it
 * is answered: the settlement that rejected it may still be deleting them, and whoever reads the rejection
 * (the confirm call's 402, 413 or 415) is told the file was not kept.
 */
async function decided(item: CloudItemRecord): Promise<SettleOutcome> {
  if (item.state !== 'rejected') return { outcome: 'complete', item };
  if (item.object_key) await deleteObject({ bucket: 'files', key: item.object_key });
  return { outcome: 'rejected', reason: item.rejection ?? 'quota', item };
}

/** Marks the upload rejected (a tombstone the confirm call still answers from), then frees it. */
async function reject(
  item: CloudItemRecord,
  reason: RejectionReason,
  found: Pick<CloudItemRecord, 'content_type'> = {},
): Promise<SettleOutcome> {
  const saved = await saveItem(item, {
    ...item,
    ...found,
    state: 'rejected',
    rejection: reason,
    upload_expires_at: new Date(Date.now() + TOMBSTONE_MS).toISOString(),
    updated_at: nowIso(),
  });
  logger.info('upload rejected', { itemId: item.id, reason });
  await freeUpload(item);
  return { outcome: 'rejected', reason, item: saved };
}

/** Gives an upload's reservation back and deletes whatever arrived. */
async function freeUpload(item: CloudItemRecord) {
  if (item.reserved_bytes) {
    await releaseFeature(await ownerSubject(item.agent_id), 'storage', item.reserved_bytes);
  }
  if (item.object_key) await deleteObject({ bucket: 'files', key: item.object_key });
}

/**
 * Cancels an upload that has not been settled: the item goes (conditionally), then its reservation and
 * any bytes that arrived. Answers false when it was settled meanwhile.
 */
export async function cancelUpload(item: CloudItemRecord): Promise<boolean> {
  if (item.state !== 'pending' || !(await deleteItemIfUnchanged(item))) return false;
  await freeUpload(item);
  return true;
}

/**
 * The purge's turn on an unconfirmed upload past its deadline: confirm it if the object did arrive (its
 * notification was lost), otherwise give it up. A rejection tombstone past its time is removed.
 */
export async function expireUpload(item: CloudItemRecord): Promise<'confirmed' | 'expired' | 'kept'> {
  if (item.state === 'rejected') return (await deleteItemIfUnchanged(item)) ? 'expired' : 'kept';
  const settled = await settleCloudUpload(item.id);
  if (settled.outcome === 'complete') return 'confirmed';
  if (settled.outcome !== 'waiting') return 'kept';
  return (await cancelUpload(settled.item)) ? 'expired' : 'kept';
}

/** The deadline of an unconfirmed upload whose presigned POST expires at `postExpiresAt`. */
export const pendingDeadline = (postExpiresAt: Date) =>
  new Date(postExpiresAt.getTime() + PENDING_GRACE_MS).toISOString();

/**
 * An object under `cloud/` was deleted. Our own deletions remove the item first, so an item still
 * holding the key means the bytes went some other way (a console, a lifecycle rule): the item goes and
 * its storage comes back, once.
 */
export async function objectRemoved(itemId: string, key: string): Promise<void> {
  const item = await CloudItem.get({ id: itemId }, { consistent: true });
  if (!item || item.object_key !== key || (item.state !== 'active' && item.state !== 'trashed')) return;
  if (await headObject({ bucket: 'files', key })) return;
  if (!(await deleteItemIfUnchanged(item))) return;
  logger.warn('cloud object vanished; its item is removed', { itemId, key });
  if (item.size > 0) await releaseFeature(await ownerSubject(item.agent_id), 'storage', item.size);
}

// ── presigned uploads of POST /api/uploads ──────────────────────────────────────────────────────────────

/** Settles an upload ticket once its object arrived (same rules as a cloud upload). */
export async function settleTicket(key: string): Promise<'complete' | 'rejected' | 'waiting' | 'unknown'> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const ticket = await UploadTicket.get({ key }, { consistent: true });
    if (!ticket) {
      // an object nobody reserved (or whose reservation was given up): it must not stay unaccounted
      await deleteObject({ bucket: 'files', key });
      return 'unknown';
    }
    if (ticket.state === 'complete') return 'complete';
    const head = await headObject({ bucket: 'files', key });
    if (!head) return 'waiting';
    const subject = await ownerSubject(ticket.agent_id);
    const excess = head.size - ticket.size;
    let rejected = head.size > MAX_UPLOAD_BYTES;
    if (!rejected && excess > 0) {
      try {
        await reserveFeature(subject, 'storage', excess);
      } catch (error) {
        if (!isStorageLimit(error)) throw error;
        rejected = true;
      }
    }
    try {
      if (rejected) {
        await UploadTicket.delete({ key }, { if: eq('state', 'pending') });
        await releaseFeature(subject, 'storage', ticket.size);
        await deleteObject({ bucket: 'files', key });
        return 'rejected';
      }
      await UploadTicket.update(
        { key },
        { set: { state: 'complete', size: head.size } },
        { if: eq('state', 'pending') },
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (excess > 0 && !rejected) await releaseFeature(subject, 'storage', excess);
      continue;
    }
    if (excess < 0) await releaseFeature(subject, 'storage', -excess);
    return 'complete';
  }
  throw new Error(`upload ticket ${key} could not be settled`);
}

/** An object under `uploads/` was deleted: its ticket goes and its bytes come back, once. */
export async function ticketObjectRemoved(key: string): Promise<void> {
  const ticket = await UploadTicket.get({ key }, { consistent: true });
  if (ticket?.state !== 'complete') return;
  if (await headObject({ bucket: 'files', key })) return;
  try {
    await UploadTicket.delete({ key }, { if: eq('state', 'complete') });
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  await releaseFeature(await ownerSubject(ticket.agent_id), 'storage', ticket.size);
}

/** The purge's turn on a pending ticket past its deadline. */
export async function expireTicket(key: string): Promise<'confirmed' | 'expired' | 'kept'> {
  const settled = await settleTicket(key);
  if (settled === 'complete') return 'confirmed';
  if (settled !== 'waiting') return 'kept';
  const ticket = await UploadTicket.get({ key }, { consistent: true });
  if (ticket?.state !== 'pending') return 'kept';
  try {
    await UploadTicket.delete({ key }, { if: eq('state', 'pending') });
  } catch (error) {
    if (isConditionFailure(error)) return 'kept';
    throw error;
  }
  await releaseFeature(await ownerSubject(ticket.agent_id), 'storage', ticket.size);
  return 'expired';
}
