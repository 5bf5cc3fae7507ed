import type { AgendaEventView } from '#contracts/schemas/agenda';
import { recordClientActivity } from '#functions/clients/entities';
import type { Identity } from '#platform/auth';
import { notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import type { AgendaEventItem } from './entities.ts';
import { describeWhen, typeLabel } from './time.ts';

/** The optional fields of an event: absent means none (an update removes the ones it clears). */
export const OPTIONAL_FIELDS = [
  'location',
  'notes',
  'client_id',
  'property_id',
  'deal_id',
  'deal_entry_id',
  'reminder_minutes',
  'reminder_at',
] as const satisfies readonly (keyof AgendaEventItem)[];

/** What the API shows of a stored event (the index instants stay inside). */
export function eventView(item: AgendaEventItem): AgendaEventView {
  const { starts_at: _startsAt, ends_at: _endsAt, deal_entry_id: _entry, ...view } = item;
  return view;
}

export const eventNotFound = () => notFound('Event');

/**
 * Notes an event on its client's activity trail ("Viewing scheduled: … on Tue 10 Jun, 14:00"). The trail is
 * a log beside the record: a failure is logged and the event change stands.
 */
export async function noteOnClient(
  identity: Identity,
  event: AgendaEventItem,
  what: 'scheduled' | 'moved' | 'cancelled',
): Promise<void> {
  if (!event.client_id) return;
  try {
    await recordClientActivity({
      clientId: event.client_id,
      kind: 'event',
      actor: { agentId: identity.agentId, name: identity.agent.full_name },
      summary: `${typeLabel(event.type)} ${what}: “${event.title}” on ${describeWhen(event)}`,
    });
  } catch (error) {
    logger.error('client activity not recorded', { error: error as Error, eventId: event.event_id });
  }
}
