import { randomUUID } from 'node:crypto';
import { agendaRoutes } from '#contracts/routes/agenda';
import { noticeLinkedEvent } from '#functions/deals/deal-events';
import { transactWrite } from '#platform/data/entity';
import { respond, withHttp } from '#platform/http';
import { dealTimelineWrites } from './deal-links.ts';
import { AgendaEvent, type AgendaEventItem } from './entities.ts';
import { eventView, noteOnClient } from './events.ts';
import { checkLinks } from './links.ts';
import { reminderTime, syncReminder } from './reminders.ts';
import { eventTimes } from './time.ts';

/**
 * Adds an event to the caller's agenda, with its reminder notification (at the reminder time). Linked to a
 * deal, the event and its entry on the deal's timeline are written together, and the other agent is told.
 */
export const handler = withHttp(agendaRoutes.createAgendaEvent, async ({ body, identity }) => {
  const links = await checkLinks(identity, body);
  const now = new Date().toISOString();
  const draft: AgendaEventItem = {
    agent_id: identity.agentId,
    event_id: randomUUID(),
    title: body.title,
    type: body.type,
    ...eventTimes(body),
    time_zone: body.time_zone,
    ...(body.location ? { location: body.location } : {}),
    ...(body.notes ? { notes: body.notes } : {}),
    ...(body.client_id ? { client_id: body.client_id } : {}),
    ...(body.property_id ? { property_id: body.property_id } : {}),
    ...(body.deal_id ? { deal_id: body.deal_id } : {}),
    ...(body.reminder_minutes != null ? { reminder_minutes: body.reminder_minutes } : {}),
    sequence: 0,
    created_at: now,
    updated_at: now,
  };
  const reminderAt = reminderTime(draft);
  const event: AgendaEventItem = { ...draft, ...(reminderAt ? { reminder_at: reminderAt } : {}) };
  const deal = links.deal_id?.deal;
  const { actions, linkedEntry } = await dealTimelineWrites(undefined, event, deal);
  if (actions.length) await transactWrite([AgendaEvent.transact.create(event), ...actions]);
  else await AgendaEvent.create(event);
  if (deal && linkedEntry)
    await noticeLinkedEvent(
      deal.deal,
      deal.side,
      { entryId: linkedEntry.entry_id, title: event.title },
      'linked',
    );
  await syncReminder(identity.agentId, undefined, event);
  await noteOnClient(identity, event, 'scheduled');
  return respond(201, eventView(event));
});
