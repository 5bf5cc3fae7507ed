import { randomUUID } from 'node:crypto';
import type { ClientActivityKind } from '#contracts/client-values';
import type { ClientActivityView, ClientTablePreferencesView, ClientView } from '#contracts/schemas/clients';
import type { PendingLeadView } from '#contracts/schemas/pending-leads';
import { Agency } from '#platform/accounts/entities';
import type { Identity } from '#platform/auth';
import { defineEntity } from '#platform/data/entity';
import { type Condition, eq, notExists, or } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import { logger } from '#platform/logger';

/**
 * The client book (docs/decisions.md, "Client fields" and "Who sees and edits a client"). A client belongs
 * to the agency it was added in (every member sees it) or, added by an agent without an agency, to that
 * agent alone. Two access patterns page the book newest first: the agent's own clients (`byAgent`) and the
 * agency's (`byAgency`); the item itself is keyed by its id, so a lookup needs no owner.
 */

/** A client as stored: exactly the contract's client (contracts/schemas/clients.ts). */
export type ClientItem = ClientView;

/** The fields the lower-cased `search_key` is built from: an update touching one must send them all. */
export const CLIENT_SEARCH_FIELDS = ['full_name', 'email', 'phone', 'preferred_areas', 'tags'] as const;

function searchKeyOf(client: Partial<ClientItem>): string | undefined {
  const parts = [
    client.full_name,
    client.email,
    client.phone,
    client.phone?.replace(/\D/g, ''),
    ...(client.preferred_areas ?? []),
    ...(client.tags ?? []),
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' | ').toLowerCase() : undefined;
}

export const Client = defineEntity<ClientItem, 'client_id', 'created_at'>()({
  type: 'client',
  key: { pk: { prefix: 'CLIENT', attributes: ['client_id'] }, sk: { prefix: 'PROFILE' } },
  indexes: {
    /** the clients an agent added, newest first */
    byAgent: {
      index: 'gsi1',
      pk: { prefix: 'AGENT', attributes: ['agentId'] },
      sk: { prefix: 'CLIENT', attributes: ['created_at', 'client_id'] },
    },
    /** the clients of an agency, newest first (agents without an agency are not in it) */
    byAgency: {
      index: 'gsi2',
      pk: { prefix: 'AGENCY', attributes: ['agencyId'] },
      sk: { prefix: 'CLIENT', attributes: ['created_at', 'client_id'] },
    },
  },
  derived: {
    /** name, email, phone (also digits only), areas and tags, lower-cased: the list's `search` filter */
    search_key: { from: [...CLIENT_SEARCH_FIELDS], compute: searchKeyOf },
  },
  defaults: () => ({ created_at: new Date().toISOString() }),
});

/** A substring filter on the lower-cased search key. */
export const searchMatches =
  (text: string): Condition<'search_key'> =>
  (context) =>
    `contains(${context.name('search_key')}, ${context.value(text.toLowerCase())})`;

export type ClientChange = NonNullable<ClientActivityView['changes']>[number];

/** One entry of a client's activity trail, as the contract shows it. */
export type ClientActivityItem = ClientActivityView;

/** A client's activity trail, in the client's own partition, sorted by time. */
export const ClientActivity = defineEntity<ClientActivityItem, 'client_id' | 'at' | 'activity_id'>()({
  type: 'clientActivity',
  key: {
    pk: { prefix: 'CLIENT', attributes: ['client_id'] },
    sk: { prefix: 'ACTIVITY', attributes: ['at', 'activity_id'] },
  },
});

/** The contract's table preferences, keyed by the agent (`agent_id`), always stamped. */
export type ClientTablePreferencesItem = Pick<ClientTablePreferencesView, 'columnPreferences'> & {
  agent_id: string;
  updated_at: string;
};

/** The client table's columns of one agent (spec §3 "Table preferences: columnPreferences"). */
export const ClientTablePreferences = defineEntity<ClientTablePreferencesItem, 'agent_id', 'updated_at'>()({
  type: 'clientTablePreferences',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'CLIENT_TABLE_PREFERENCES' } },
  defaults: () => ({ updated_at: new Date().toISOString() }),
});

// ---- who sees and who changes a client ------------------------------------------------------------------

type Caller = Pick<Identity, 'agentId' | 'agencyId'>;

/** A client added in an agency is seen by every member of it; one added outside any agency by its agent. */
export function canSeeClient(caller: Caller, client: Pick<ClientItem, 'agentId' | 'agencyId'>): boolean {
  return client.agencyId ? client.agencyId === caller.agencyId : client.agentId === caller.agentId;
}

/** The filter that keeps, of the clients an agent added, those it still sees (not a former agency's). */
export const visibleOwnClients = (caller: Caller): Condition<'agencyId'> =>
  caller.agencyId ? or(notExists('agencyId'), eq('agencyId', caller.agencyId)) : notExists('agencyId');

/** The client if the caller may see it; undefined when it is missing or someone else's. */
export async function findVisibleClient(
  caller: Caller,
  clientId: string,
  options: { consistent?: boolean } = {},
): Promise<ClientItem | undefined> {
  const client = await Client.get({ client_id: clientId }, options);
  return client && canSeeClient(caller, client) ? client : undefined;
}

/**
 * A client the caller may see, for linking to it (agenda events, ...): another tenant's client is answered
 * exactly like a missing one, 404 `Client not found`.
 */
export async function getOwnedClient(
  caller: Caller,
  clientId: string,
  options: { consistent?: boolean } = {},
): Promise<ClientItem> {
  const client = await findVisibleClient(caller, clientId, options);
  if (!client) throw notFound('Client');
  return client;
}

/** Why the caller may change a client, or undefined when it may only look. */
export type ClientRight = 'agent' | 'assigned' | 'admin';

async function isAdminOf(caller: Caller, agencyId: string | undefined): Promise<boolean> {
  if (!agencyId || agencyId !== caller.agencyId) return false;
  const agency = await Agency.get({ id: agencyId });
  return agency?.admin_agent_id === caller.agentId;
}

/**
 * Edit rights on a visible client: the agent who added it, the agent it is assigned to and the admin of
 * its agency may edit; only the agent who added it and the admin may delete.
 */
export async function clientRight(caller: Caller, client: ClientItem): Promise<ClientRight | undefined> {
  if (client.agentId === caller.agentId) return 'agent';
  if (await isAdminOf(caller, client.agencyId)) return 'admin';
  if (client.assigned_agent_id === caller.agentId) return 'assigned';
  return undefined;
}

// ---- the activity trail -----------------------------------------------------------------------------------

export interface NewClientActivity {
  clientId: string;
  kind: ClientActivityKind;
  actor: Pick<Identity, 'agentId'> & { name?: string | undefined };
  summary?: string;
  changes?: ClientChange[];
  /** defaults to now */
  at?: string;
}

/**
 * Appends one entry to a client's trail. Exported for other features that act on a client (an agenda
 * event linked to it records kind `event` with a summary).
 */
export async function recordClientActivity(entry: NewClientActivity): Promise<ClientActivityItem> {
  return ClientActivity.create({
    client_id: entry.clientId,
    activity_id: randomUUID(),
    kind: entry.kind,
    at: entry.at ?? new Date().toISOString(),
    actor_id: entry.actor.agentId,
    ...(entry.actor.name ? { actor_name: entry.actor.name } : {}),
    ...(entry.summary ? { summary: entry.summary } : {}),
    ...(entry.changes?.length ? { changes: entry.changes } : {}),
  });
}

/**
 * Records trail entries after the client itself was written. The trail is a log, not the record: a failed
 * entry is logged and the request still succeeds rather than failing a change that was made.
 */
export async function recordClientActivities(entries: NewClientActivity[]): Promise<void> {
  const results = await Promise.allSettled(entries.map(recordClientActivity));
  for (const result of results) {
    if (result.status === 'rejected') {
      logger.error('client activity not recorded', { error: result.reason as Error });
    }
  }
}

/** Deletes a client's whole trail (after the client itself is gone). */
export async function deleteClientActivity(clientId: string): Promise<void> {
  const entries = await ClientActivity.queryAll('primary', { client_id: clientId });
  for (let start = 0; start < entries.length; start += 25) {
    await Promise.all(
      entries
        .slice(start, start + 25)
        .map((entry) =>
          ClientActivity.delete({ client_id: clientId, at: entry.at, activity_id: entry.activity_id }),
        ),
    );
  }
}

export type PendingLeadReason = PendingLeadView['reason'];

/**
 * A waiting lead as stored: the contract's pending lead (its `lead_id` time-ordered, `pendingLeadId`, so the
 * partition lists leads oldest first) in its agent's partition, expiring in epoch seconds (the table's TTL
 * attribute; the contract shows an ISO time).
 */
export type PendingLeadItem = Omit<PendingLeadView, 'expires_at'> & {
  agent_id: string;
  expires_at: number;
};

/**
 * A lead waiting in its agent's partition, outside the client book and the clients count. Keyed by agent
 * and lead, so another agent's lead is simply not there (404), and the partition is the waiting list.
 */
export const PendingLead = defineEntity<PendingLeadItem, 'agent_id' | 'lead_id'>()({
  type: 'pendingLead',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'PENDING_LEAD', attributes: ['lead_id'] },
  },
});

/**
 * A lead id that sorts by arrival: the time in base 36 (fixed width, good until the year 5188) and 16
 * random hex digits.
 */
export function pendingLeadId(at = new Date()): string {
  const random = randomUUID().replace(/-/g, '').slice(0, 16);
  return `${at.getTime().toString(36).padStart(9, '0')}-${random}`;
}
