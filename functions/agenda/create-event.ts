import { randomUUID } from 'node:crypto';
import { agendaRoutes } from '#contracts/routes/agenda';
import { respond, withHttp } from '#platform/http';
import { AgendaEvent, type AgendaEventItem } from './entities.ts';
import { eventView, noteOnClient } from './events.ts';
import { checkLinks } from './links.ts';
import { reminderTime, syncReminder } from './reminders.ts';
import { eventTimes } from './time.ts';

/** Adds an event to the caller's agenda, with its reminder notification (at the reminder time). */
export const handler = withHttp(agendaRoutes.createAgendaEvent, async ({ body, identity }) => {
  await checkLinks(identity, body);
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
    ...(body.reminder_minutes != null ? { reminder_minutes: body.reminder_minutes } : {}),
    sequence: 0,
    created_at: now,
    updated_at: now,
  };
  const reminderAt = reminderTime(draft);
  const event = await AgendaEvent.create({ ...draft, ...(reminderAt ? { reminder_at: reminderAt } : {}) });
  await syncReminder(identity.agentId, undefined, event);
  await noteOnClient(identity, event, 'scheduled');
  return respond(201, eventView(event));
});
