import { agendaRoutes } from '#contracts/routes/agenda';
import { withHttp } from '#platform/http';
import { AgendaEvent } from './entities.ts';
import { eventNotFound, noteOnClient } from './events.ts';
import { removeReminder } from './reminders.ts';

/** Deletes one of the caller's events and its reminder; another agent's event is a 404. */
export const handler = withHttp(agendaRoutes.deleteAgendaEvent, async ({ path, identity }) => {
  const deleted = await AgendaEvent.delete({ agent_id: identity.agentId, event_id: path.id });
  if (!deleted) throw eventNotFound();
  await removeReminder(identity.agentId, deleted);
  if (Date.parse(deleted.ends_at) > Date.now()) await noteOnClient(identity, deleted, 'cancelled');
  return { ok: true as const };
});
