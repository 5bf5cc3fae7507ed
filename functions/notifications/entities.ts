import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import type { NotificationKind } from '#contracts/reputation-points';
import type { reputationNotification } from '#contracts/schemas/reputation';
import { defineEntity, isConditionFailure } from '#platform/data/entity';

/**
 * An agent's notifications (reputation awards, agenda reminders, connection and team news): one
 * partition per agent, newest first by sort key. Shared by every feature that notifies; the API lists
 * them at GET /api/agents/{id}/reputation/notifications and dismisses with PUT /api/notifications/{id}/read.
 */

/** A notification as stored: the contract's (its `link` an app path it opens), always of a kind. */
export type NotificationItem = Omit<z.infer<typeof reputationNotification>, 'id' | 'kind'> & {
  agent_id: string;
  /** `<created_at>_<key>`: sorts by time, and the key makes a repeated notification the same item */
  notification_id: string;
  kind: NotificationKind;
  /** an aggregated notification's count (the listings a match notification of one day names) */
  match_count?: number;
};

export const Notification = defineEntity<NotificationItem, 'agent_id' | 'notification_id', 'read'>()({
  type: 'notification',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'NOTIFICATION', attributes: ['notification_id'] },
  },
  indexes: {
    /** an agent's unread notifications, by time (sparse: marking one read takes it out) */
    unread: {
      index: 'gsi1',
      pk: { prefix: 'UNREAD', attributes: ['agent_id'] },
      sk: { prefix: 'NOTIFICATION', attributes: ['unread_id'] },
    },
  },
  derived: {
    /** the notification id while it is unread, absent once read */
    unread_id: {
      from: ['read', 'notification_id'],
      compute: (notification) => (notification.read ? undefined : notification.notification_id),
    },
  },
  defaults: () => ({ read: false }),
});

/**
 * The id `notify()` gives a notification: a feature that must later move or remove its own notification (an
 * agenda reminder when its event is rescheduled or deleted) computes it again from the same two values.
 */
export function notificationId(at: string, dedupeKey: string): string {
  return `${at}_${createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 22)}`;
}

/**
 * Notifies an agent once per (`at`, `dedupeKey`), e.g. `award:PROPERTY_ADDED:<propertyId>`: both must be
 * stable across redeliveries — `at` is the time of the record the notification is about (the award's
 * own created_at, read back on a redelivery), not the time of this call. Answers false when the
 * notification was already there.
 */
export async function notify(
  agentId: string,
  notification: { kind: NotificationKind; message: string; link?: string; dedupeKey: string; at: string },
): Promise<boolean> {
  try {
    await Notification.create({
      agent_id: agentId,
      notification_id: notificationId(notification.at, notification.dedupeKey),
      kind: notification.kind,
      message: notification.message,
      ...(notification.link ? { link: notification.link } : {}),
      created_at: notification.at,
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
