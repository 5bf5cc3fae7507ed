import { Notification, notificationId, notify } from '#functions/notifications/entities';
import { logger } from '#platform/logger';
import { AgendaEvent, type AgendaEventItem } from './entities.ts';
import { dateIn, describeWhen, typeLabel } from './time.ts';

/**
 * An event's reminder is a notification whose created_at is the reminder time: the notifications list shows
 * only items created up to now, so it appears at its time without a scheduler. Its id follows from the
 * event id and that time (`notificationId`), so a reschedule or a delete finds it again.
 */

const dedupeKey = (eventId: string) => `agenda-reminder:${eventId}`;

type ReminderSource = Pick<
  AgendaEventItem,
  | 'event_id'
  | 'title'
  | 'type'
  | 'all_day'
  | 'start'
  | 'starts_at'
  | 'time_zone'
  | 'location'
  | 'reminder_minutes'
>;

/** When the reminder appears: `reminder_minutes` before the start; none once the event has begun. */
export function reminderTime(event: ReminderSource, now = Date.now()): string | undefined {
  if (event.reminder_minutes === undefined) return undefined;
  const startsAt = Date.parse(event.starts_at);
  if (startsAt <= now) return undefined;
  return new Date(startsAt - event.reminder_minutes * 60_000).toISOString();
}

/** "Reminder: Viewing “Rua Augusta 12” on Tue 10 Jun, 14:00 · Rua Augusta 12, Lisbon" */
export function reminderMessage(event: ReminderSource): string {
  const where = event.location ? ` · ${event.location}` : '';
  return `Reminder: ${typeLabel(event.type)} “${event.title}” on ${describeWhen(event)}${where}`;
}

/** The agenda day the notification opens. */
export const reminderLink = (event: ReminderSource) =>
  `/agenda?date=${event.all_day ? event.start : dateIn(event.starts_at, event.time_zone)}&event=${encodeURIComponent(event.event_id)}`;

const notificationKey = (agentId: string, eventId: string, at: string) => ({
  agent_id: agentId,
  notification_id: notificationId(at, dedupeKey(eventId)),
});

/**
 * Brings the reminder notification in line with an event change (`before` absent on create, `after` absent
 * on delete): removes the old one when its time or text changed, writes the new one. A reminder that has
 * already appeared and did not move is left as it is (not shown again as unread for a changed note).
 * Failures are logged, never thrown: the event change itself has been saved.
 */
export async function syncReminder(
  agentId: string,
  before: AgendaEventItem | undefined,
  after: AgendaEventItem | undefined,
  now = Date.now(),
): Promise<void> {
  const oldAt = before?.reminder_at;
  const newAt = after?.reminder_at;
  const sameTime = oldAt === newAt;
  if (sameTime && (!newAt || Date.parse(newAt) <= now)) return;
  if (
    sameTime &&
    before &&
    after &&
    reminderMessage(before) === reminderMessage(after) &&
    reminderLink(before) === reminderLink(after)
  ) {
    return;
  }
  try {
    if (before && oldAt) await Notification.delete(notificationKey(agentId, before.event_id, oldAt));
    if (after && newAt) {
      await notify(agentId, {
        kind: 'reminder',
        message: reminderMessage(after),
        link: reminderLink(after),
        dedupeKey: dedupeKey(after.event_id),
        at: newAt,
      });
      await dropIfSuperseded(agentId, after.event_id, newAt);
    }
  } catch (error) {
    logger.error('agenda reminder not synced', {
      error: error as Error,
      eventId: (after ?? before)?.event_id,
    });
  }
}

/**
 * Without transactions two changes of one event can interleave (each deletes the reminder it replaced
 * and writes its own). Whoever wrote a reminder reads the event again and removes its reminder when the
 * event no longer has that time: the last change's reminder is the only one left.
 */
async function dropIfSuperseded(agentId: string, eventId: string, at: string): Promise<void> {
  const current = await AgendaEvent.get({ agent_id: agentId, event_id: eventId }, { consistent: true });
  if (current?.reminder_at !== at) await Notification.delete(notificationKey(agentId, eventId, at));
}

/** Removes an event's reminder whatever its state (the event is gone). */
export async function removeReminder(agentId: string, event: AgendaEventItem): Promise<void> {
  await syncReminder(agentId, event, undefined);
}
