/**
 * The client book's fixed vocabularies, free of zod so the browser's clients screen, the clients slice and
 * CSV import can use them without the schema code (contracts/schemas/clients.ts re-exports them).
 */

export const CLIENT_TYPES = ['buyer', 'seller', 'tenant', 'landlord', 'investor'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** The pipeline, in order: a client moves forward from new to closed, or drops out as lost. */
export const CLIENT_STAGES = ['new', 'contacted', 'viewing', 'negotiating', 'closed', 'lost'] as const;
export type ClientStage = (typeof CLIENT_STAGES)[number];

/** What happened to a client, newest first in its activity trail. */
export const CLIENT_ACTIVITY_KINDS = [
  'created',
  'edited',
  'stage_changed',
  'contacted',
  'assigned',
  /** an agenda event linked to the client (viewing, meeting, call, deadline) */
  'event',
] as const;
export type ClientActivityKind = (typeof CLIENT_ACTIVITY_KINDS)[number];

/**
 * The client table's columns, in the order a new agent sees them, and whether each shows by default.
 * `budget` is the range with its currency; `agentId` is the agent who added the client.
 */
export const CLIENT_COLUMN_DEFAULTS = [
  { key: 'full_name', visible: true },
  { key: 'stage', visible: true },
  { key: 'type', visible: true },
  { key: 'email', visible: true },
  { key: 'phone', visible: true },
  { key: 'budget', visible: true },
  { key: 'preferred_areas', visible: true },
  { key: 'tags', visible: true },
  { key: 'last_contact_at', visible: true },
  { key: 'assigned_agent_id', visible: false },
  { key: 'agentId', visible: false },
  { key: 'source', visible: false },
  { key: 'property_interests', visible: false },
  { key: 'notes', visible: false },
  { key: 'created_at', visible: true },
] as const;

export type ClientColumnKey = (typeof CLIENT_COLUMN_DEFAULTS)[number]['key'];
export const CLIENT_COLUMNS = CLIENT_COLUMN_DEFAULTS.map((column) => column.key) as [
  ClientColumnKey,
  ...ClientColumnKey[],
];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** One column of the client table: the array order is the column order; at most one column sorts. */
export interface ColumnPreference {
  key: ClientColumnKey;
  visible: boolean;
  /** pixels; absent = the column's default width */
  width?: number;
  sort?: SortDirection;
}

/**
 * A complete, ordered column list from saved preferences: unknown keys and repeats dropped, columns the
 * saved list lacks (added since it was saved) appended with their defaults.
 */
export function normalizeColumnPreferences(
  saved: readonly ColumnPreference[] | undefined,
): ColumnPreference[] {
  const known = new Set<string>(CLIENT_COLUMNS);
  const seen = new Set<string>();
  const columns: ColumnPreference[] = [];
  let sorted = false;
  for (const column of saved ?? []) {
    if (!known.has(column.key) || seen.has(column.key)) continue;
    seen.add(column.key);
    const sort = column.sort && !sorted ? column.sort : undefined;
    if (sort) sorted = true;
    columns.push({
      key: column.key,
      visible: column.visible,
      ...(column.width === undefined ? {} : { width: column.width }),
      ...(sort ? { sort } : {}),
    });
  }
  for (const column of CLIENT_COLUMN_DEFAULTS) {
    if (!seen.has(column.key)) columns.push({ key: column.key, visible: column.visible });
  }
  return columns;
}
