import { addDays, eventTimingProblems, isDateOnly, isDateTime } from '#contracts/agenda-values';
import { fieldMessage } from '#contracts/field-labels';
import { agendaRoutes } from '#contracts/routes/agenda';
import type { AgendaEventUpdate } from '#contracts/schemas/agenda';
import { noticeLinkedEvent } from '#functions/deals/deal-events';
import type { Identity } from '#platform/auth';
import { transactWrite } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { badRequest, conflict } from '#platform/errors';
import { withHttp } from '#platform/http';
import { dealTimelineWrites, lostRace } from './deal-links.ts';
import { AgendaEvent, type AgendaEventItem } from './entities.ts';
import { eventNotFound, eventView, noteOnClient, OPTIONAL_FIELDS } from './events.ts';
import { checkLinks, type Linked } from './links.ts';
import { reminderTime, syncReminder } from './reminders.ts';
import { eventTimes } from './time.ts';

type Patch = Omit<AgendaEventUpdate, 'type'> & { type?: AgendaEventItem['type'] };

/** Concurrent changes of one event are applied one after the other: a lost race reads again. */
const MAX_ATTEMPTS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start and end after the patch; moving only the start moves the end with it (the duration stays). */
function patchedTiming(before: AgendaEventItem, patch: Patch) {
  const allDay = patch.all_day ?? before.all_day;
  const start = patch.start ?? before.start;
  let end = patch.end === undefined ? before.end : patch.end;
  const sameKind = allDay === before.all_day;
  if (patch.start !== undefined && patch.end === undefined && sameKind) {
    if (allDay && isDateOnly(patch.start)) {
      end = addDays(patch.start, Math.round((Date.parse(before.end) - Date.parse(before.start)) / DAY_MS));
    } else if (!allDay && isDateTime(patch.start)) {
      end = new Date(
        Date.parse(patch.start) + Date.parse(before.end) - Date.parse(before.start),
      ).toISOString();
    }
  }
  return { all_day: allDay, start, end };
}

/** The event after the patch, or a 400 naming the first field whose time is wrong. */
function applyPatch(before: AgendaEventItem, patch: Patch): AgendaEventItem {
  const timing = patchedTiming(before, patch);
  const problems = Object.entries(eventTimingProblems(timing));
  if (problems.length > 0) {
    const [field, message] = problems[0]!;
    throw badRequest(fieldMessage(field, message), Object.fromEntries(problems));
  }
  const timeZone = patch.time_zone ?? before.time_zone;
  const after: AgendaEventItem = {
    ...before,
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.type !== undefined ? { type: patch.type } : {}),
    ...eventTimes({ ...timing, time_zone: timeZone }),
    time_zone: timeZone,
    sequence: before.sequence + 1,
    updated_at: new Date().toISOString(),
  };
  for (const field of [
    'location',
    'notes',
    'client_id',
    'property_id',
    'deal_id',
    'reminder_minutes',
  ] as const) {
    const value = patch[field];
    if (value === null) delete after[field];
    else if (value !== undefined) (after as unknown as Record<string, unknown>)[field] = value;
  }
  // a reminder that has been decided stays unless the time or the reminder changed
  const retimed = after.starts_at !== before.starts_at || after.reminder_minutes !== before.reminder_minutes;
  const reminderAt = retimed ? reminderTime(after) : before.reminder_at;
  if (reminderAt) after.reminder_at = reminderAt;
  else delete after.reminder_at;
  return after;
}

/** The event as patched, with its linked deal's timeline in the same transaction (./deal-links.ts). */
async function save(identity: Identity, eventId: string, patch: Patch, newlyLinked: Linked['deal']) {
  const key = { agent_id: identity.agentId, event_id: eventId };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const before = await AgendaEvent.get(key, { consistent: true });
    if (!before) throw eventNotFound();
    const after = applyPatch(before, patch);
    const { actions, linkedEntry } = await dealTimelineWrites(before, after, newlyLinked);
    const { agent_id: _agent, event_id: _event, ...set } = after;
    const update = { set, remove: OPTIONAL_FIELDS.filter((field) => after[field] === undefined) };
    const unchanged = { if: eq('sequence', before.sequence) };
    try {
      if (actions.length)
        await transactWrite([AgendaEvent.transact.update(key, update, unchanged), ...actions]);
      else await AgendaEvent.update(key, update, { ...unchanged, returnValues: 'none' });
      return { before, after, linkedEntry };
    } catch (error) {
      if (!lostRace(error)) throw error;
    }
  }
  throw conflict('The event is being changed elsewhere. Please try again.');
}

/** Changes or reschedules one of the caller's events; its reminder notification moves with it. */
export const handler = withHttp(agendaRoutes.updateAgendaEvent, async ({ path, body, identity }) => {
  const patch = body as Patch;
  // only links that change are checked: a link kept as it was stays, even if its client has gone since
  const current = await AgendaEvent.get({ agent_id: identity.agentId, event_id: path.id });
  if (!current) throw eventNotFound();
  const links = await checkLinks(identity, {
    client_id: patch.client_id !== current.client_id ? patch.client_id : undefined,
    property_id: patch.property_id !== current.property_id ? patch.property_id : undefined,
    deal_id: patch.deal_id !== current.deal_id ? patch.deal_id : undefined,
  });
  const deal = links.deal_id?.deal;
  const { before, after, linkedEntry } = await save(identity, path.id, patch, deal);
  if (deal && linkedEntry)
    await noticeLinkedEvent(
      deal.deal,
      deal.side,
      { entryId: linkedEntry.entry_id, title: after.title },
      'linked',
    );
  await syncReminder(identity.agentId, before, after);
  if (after.client_id && after.client_id !== before.client_id)
    await noteOnClient(identity, after, 'scheduled');
  else if (after.client_id && after.starts_at !== before.starts_at)
    await noteOnClient(identity, after, 'moved');
  return eventView(after);
});
