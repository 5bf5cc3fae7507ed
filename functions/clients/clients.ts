import type { ClientUpdateInput } from '#contracts/schemas/clients';
import { BUDGET_ORDER_MESSAGE, budgetInOrder } from '#contracts/schemas/clients';
import { Agent } from '#platform/accounts/entities';
import type { Identity } from '#platform/auth';
import { invalidField } from '#platform/validation';
import {
  CLIENT_SEARCH_FIELDS,
  type ClientChange,
  type ClientItem,
  type NewClientActivity,
} from './entities.ts';

/** What the client handlers share: field clean-up, the assignee check and the activity an edit makes. */

type Caller = Pick<Identity, 'agentId' | 'agencyId'>;
type EditableField = keyof ClientUpdateInput & keyof ClientItem;

const LIST_FIELDS = new Set<string>(['preferred_areas', 'property_interests', 'tags']);

/** A list without repeats (case-insensitive for free text), in the order given. */
function distinct(values: readonly string[], caseSensitive = false): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = caseSensitive ? value : value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A field's value as stored: lists without repeats, blank text as absent (null clears). */
function storedValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (LIST_FIELDS.has(field)) return distinct(value as string[], field === 'property_interests');
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** The validated body's fields as the item stores them (absent = not stored). */
export function storedFields<T extends Record<string, unknown>>(fields: T): Partial<ClientItem> {
  const stored: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const clean = storedValue(field, value);
    if (clean !== undefined) stored[field] = clean;
  }
  return stored as Partial<ClientItem>;
}

/** 400 naming `assigned_agent_id` unless the agent may follow the client: the caller, or a member of its agency. */
export async function assertAssignable(
  caller: Caller,
  agencyId: string | undefined,
  assignedAgentId: string,
): Promise<{ agent_id: string; full_name: string }> {
  const agent = await Agent.get({ agent_id: assignedAgentId });
  const allowed =
    agent && (assignedAgentId === caller.agentId || (agencyId !== undefined && agent.agency_id === agencyId));
  if (!agent || !allowed) {
    const message = 'must be you or an agent of your agency';
    throw invalidField('assigned_agent_id', message);
  }
  return { agent_id: agent.agent_id, full_name: agent.full_name };
}

/** The update a PUT makes: fields to set and fields to remove, with the budget range checked as a whole. */
export function planUpdate(before: ClientItem, body: ClientUpdateInput) {
  const set: Partial<ClientItem> = {};
  const remove: EditableField[] = [];
  for (const [field, value] of Object.entries(body) as Array<[EditableField, unknown]>) {
    const clean = storedValue(field, value);
    if (clean === undefined) {
      if (before[field] !== undefined) remove.push(field);
    } else {
      (set as Record<string, unknown>)[field] = clean;
    }
  }
  const after: ClientItem = { ...before, ...set };
  for (const field of remove) delete after[field];
  if (!budgetInOrder(after)) {
    throw invalidField('budget_max', BUDGET_ORDER_MESSAGE);
  }
  const changes = changesBetween(before, after, Object.keys(body) as EditableField[]);
  // the search key is derived from several fields: an update touching one carries them all
  if (CLIENT_SEARCH_FIELDS.some((field) => changes.some((change) => change.field === field))) {
    for (const field of CLIENT_SEARCH_FIELDS) {
      if (after[field] !== undefined) (set as Record<string, unknown>)[field] = after[field];
    }
  }
  return { set, remove, after, changes };
}

const MAX_CHANGE_TEXT = 120;

function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  if (text === '') return undefined;
  return text.length > MAX_CHANGE_TEXT ? `${text.slice(0, MAX_CHANGE_TEXT - 1)}…` : text;
}

/** The fields among `fields` whose values differ, as text. */
export function changesBetween(
  before: ClientItem,
  after: ClientItem,
  fields: readonly EditableField[],
): ClientChange[] {
  const changes: ClientChange[] = [];
  for (const field of fields) {
    const from = before[field];
    const to = after[field];
    if (JSON.stringify(from ?? null) === JSON.stringify(to ?? null)) continue;
    const fromText = asText(from);
    const toText = asText(to);
    changes.push({
      field,
      ...(fromText === undefined ? {} : { from: fromText }),
      ...(toText === undefined ? {} : { to: toText }),
    });
  }
  return changes;
}

/**
 * The trail entries one edit makes: a stage change, a contact (last contact moved), an assignment, and
 * one `edited` entry with every other changed field.
 */
export function activitiesForEdit(
  clientId: string,
  actor: NewClientActivity['actor'],
  changes: ClientChange[],
  assignee?: { full_name: string },
): NewClientActivity[] {
  const entries: NewClientActivity[] = [];
  const rest: ClientChange[] = [];
  const at = new Date().toISOString();
  for (const change of changes) {
    if (change.field === 'stage') {
      entries.push({ clientId, actor, at, kind: 'stage_changed', changes: [change] });
    } else if (change.field === 'last_contact_at' && change.to) {
      entries.push({ clientId, actor, at, kind: 'contacted', changes: [change] });
    } else if (change.field === 'assigned_agent_id') {
      entries.push({
        clientId,
        actor,
        at,
        kind: 'assigned',
        summary: assignee ? `Assigned to ${assignee.full_name}` : 'Unassigned',
        changes: [change],
      });
    } else {
      rest.push(change);
    }
  }
  if (rest.length) entries.push({ clientId, actor, at, kind: 'edited', changes: rest });
  return entries;
}

/** The actor of a trail entry: the caller, with its name. */
export const actorOf = (identity: Identity) => ({
  agentId: identity.agentId,
  name: identity.agent.full_name,
});
