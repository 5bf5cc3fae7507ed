import { agendaRoutes } from '#contracts/routes/agenda';
import { linkableDeal, noticeLinkedEvent } from '#functions/deals/deal-events';
import type { Identity } from '#platform/auth';
import { transactWrite } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { conflict } from '#platform/errors';
import { withHttp } from '#platform/http';
import { cancelledEntryWrite, lostRace } from './deal-links.ts';
import { AgendaEvent, type AgendaEventItem } from './entities.ts';
import { eventNotFound, noteOnClient } from './events.ts';
import { removeReminder } from './reminders.ts';

/**
 * Deletes the event; linked to a deal, its timeline entry is marked cancelled in the same transaction (both
 * agents keep seeing that it was planned and cancelled). A change made meanwhile is read again.
 */
async function deleteEvent(identity: Identity, eventId: string): Promise<AgendaEventItem> {
  const key = { agent_id: identity.agentId, event_id: eventId };
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const event = await AgendaEvent.get(key, { consistent: true });
    if (!event) throw eventNotFound();
    const cancelled = await cancelledEntryWrite(event);
    if (!cancelled.length) {
      if (await AgendaEvent.delete(key)) return event;
      throw eventNotFound();
    }
    try {
      await transactWrite([
        AgendaEvent.transact.delete(key, { if: eq('sequence', event.sequence) }),
        ...cancelled,
      ]);
      const deal = await linkableDeal(identity, event.deal_id!);
      if (deal && event.deal_entry_id) {
        const notice = { entryId: event.deal_entry_id, title: event.title };
        await noticeLinkedEvent(deal.deal, deal.side, notice, 'cancelled');
      }
      return event;
    } catch (error) {
      if (!lostRace(error)) throw error;
    }
  }
  throw conflict('The event is being changed elsewhere. Please try again.');
}

/** Deletes one of the caller's events and its reminder; another agent's event is a 404. */
export const handler = withHttp(agendaRoutes.deleteAgendaEvent, async ({ path, identity }) => {
  const deleted = await deleteEvent(identity, path.id);
  await removeReminder(identity.agentId, deleted);
  if (Date.parse(deleted.ends_at) > Date.now()) await noteOnClient(identity, deleted, 'cancelled');
  return { ok: true as const };
});
