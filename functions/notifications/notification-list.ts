import { Notification } from './entities.ts';

/** The most notifications one list answers (newest first); older unread ones follow as these are read. */
export const MAX_LISTED_NOTIFICATIONS = 50;

/**
 * An agent's unread notifications of every kind, newest first, from the sparse `unread` index. Only those
 * dated now or earlier: a reminder is written ahead with its future time and appears when that comes
 * (ids begin with their ISO time, so "≤ now" is a sort-key range: `<now>~` sorts after `<now>_<key>`).
 */
export async function listUnreadNotifications(agentId: string, now = new Date()) {
  const { items } = await Notification.query(
    'unread',
    { agent_id: agentId },
    {
      between: { from: '', to: `${now.toISOString()}~` },
      descending: true,
      limit: MAX_LISTED_NOTIFICATIONS,
    },
  );
  return items.map((notification) => ({
    id: notification.notification_id,
    message: notification.message,
    read: notification.read,
    created_at: notification.created_at,
    kind: notification.kind,
    ...(notification.link ? { link: notification.link } : {}),
  }));
}
