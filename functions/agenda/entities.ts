import type { AgendaEventView } from '#contracts/schemas/agenda';
import { defineEntity } from '#platform/data/entity';

/**
 * The agenda: an agent's events, and the secret token of its calendar feed. An event's primary key never
 * changes (agent, event id), so a reschedule is one UpdateItem; its start time is the sort key of the
 * `byStart` index, which makes a calendar range one bounded Query of the agent's partition.
 */

/** An event as stored: the contract's event, plus the UTC instants its index and reminders use. */
export type AgendaEventItem = AgendaEventView & {
  /** the UTC instants the event begins and ends (all-day: midnight in its time zone) */
  starts_at: string;
  ends_at: string;
  /** the entry on the linked deal's timeline that shows the event to both agents */
  deal_entry_id?: string;
};

export const AgendaEvent = defineEntity<AgendaEventItem, 'agent_id' | 'event_id', 'sequence'>()({
  type: 'agendaEvent',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'EVENT', attributes: ['event_id'] },
  },
  indexes: {
    /** the agent's events by start time: what a calendar view shows (`between` two instants) */
    byStart: {
      index: 'gsi3',
      pk: { prefix: 'AGENDA', attributes: ['agent_id'] },
      sk: { prefix: 'START', attributes: ['starts_at', 'event_id'] },
    },
    /** the events linked to a client, by start time (sparse: only events with a client) */
    byClient: {
      index: 'gsi2',
      pk: { prefix: 'CLIENT_EVENTS', attributes: ['client_id'] },
      sk: { prefix: 'START', attributes: ['starts_at', 'event_id'] },
    },
  },
  defaults: () => ({ sequence: 0 }),
});

/** The agent's current feed token: at most one, so rotating replaces it and revoking removes it. */
export interface AgendaFeedItem {
  agent_id: string;
  token: string;
  created_at: string;
}

export const AgendaFeed = defineEntity<AgendaFeedItem, 'agent_id'>()({
  type: 'agendaFeed',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'AGENDA_FEED' } },
});

/** The public route's lookup: token → agent. Valid only while the agent's AgendaFeed names the same token. */
export interface AgendaFeedTokenItem {
  token: string;
  agent_id: string;
  created_at: string;
}

export const AgendaFeedToken = defineEntity<AgendaFeedTokenItem, 'token'>()({
  type: 'agendaFeedToken',
  key: { pk: { prefix: 'AGENDA_FEED', attributes: ['token'] }, sk: { prefix: 'TOKEN' } },
});
