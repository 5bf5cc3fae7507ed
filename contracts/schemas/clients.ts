import * as z from 'zod/mini';
import {
  CLIENT_ACTIVITY_KINDS,
  CLIENT_COLUMNS,
  CLIENT_STAGES,
  CLIENT_TYPES,
  SORT_DIRECTIONS,
} from '../client-values.ts';
import { cursor, id, isoDate, queryInt } from './common.ts';
import { listEntry } from './forms.ts';
import { bedroomsMin } from './matches.ts';
import { currencyCode, DEFAULT_CURRENCY } from './preferences.ts';

export {
  CLIENT_ACTIVITY_KINDS,
  CLIENT_COLUMN_DEFAULTS,
  CLIENT_COLUMNS,
  CLIENT_STAGES,
  CLIENT_TYPES,
  normalizeColumnPreferences,
} from '../client-values.ts';

/**
 * A client of an agent (docs/decisions.md, "Client fields"): who they are, what they want (type, budget
 * range in one currency, areas, properties of interest), where they are in the pipeline (stage, last
 * contact) and who works with them (agentId added them, assigned_agent_id follows them up).
 */
export const client = z.object({
  client_id: z.string(),
  agentId: z.string(),
  agencyId: z.optional(z.string()),
  full_name: z.string(),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  type: z.enum(CLIENT_TYPES),
  stage: z.enum(CLIENT_STAGES),
  budget_min: z.optional(z.number()),
  budget_max: z.optional(z.number()),
  currency: z.string(),
  preferred_areas: z.array(z.string()),
  /** at least this many bedrooms (matching, issue 22) */
  bedrooms_min: z.optional(z.number()),
  property_interests: z.array(z.string()),
  source: z.optional(z.string()),
  assigned_agent_id: z.optional(z.string()),
  notes: z.optional(z.string()),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.optional(z.string()),
  last_contact_at: z.optional(z.string()),
});
export type ClientView = z.infer<typeof client>;

/** An agent the client list names: the agency's members (owners and possible assignees), or the caller. */
export const clientAgent = z.object({ agent_id: z.string(), full_name: z.string() });

/** A page of clients, newest first; `agents` is the roster the table shows names from. */
export const clientList = z.object({
  items: z.array(client),
  cursor: z.optional(z.string()),
  agents: z.array(clientAgent),
});
export type ClientListView = z.infer<typeof clientList>;

const budget = z
  .number({ error: 'must be a number' })
  .check(z.minimum(0, 'must be 0 or more'), z.maximum(1e12, 'must be at most 1000000000000'));

/** The editable fields; `null` clears an optional field on update. */
const clientFields = {
  full_name: z
    .string({ error: 'is required' })
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(120, 'must be at most 120 characters')),
  email: z.nullable(
    z
      .string({ error: 'must be a valid email address' })
      .check(
        z.trim(),
        z.maxLength(254, 'must be at most 254 characters'),
        z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be a valid email address'),
      ),
  ),
  phone: z.nullable(
    z
      .string({ error: 'must be a phone number' })
      .check(
        z.trim(),
        z.maxLength(40, 'must be at most 40 characters'),
        z.regex(/^[+\d(][\d\s().-]*$/, 'must be a phone number'),
      ),
  ),
  type: z.enum(CLIENT_TYPES, { error: `must be one of ${CLIENT_TYPES.join(', ')}` }),
  stage: z.enum(CLIENT_STAGES, { error: `must be one of ${CLIENT_STAGES.join(', ')}` }),
  budget_min: z.nullable(budget),
  budget_max: z.nullable(budget),
  currency: currencyCode,
  preferred_areas: z
    .array(listEntry, { error: 'must be a list of areas' })
    .check(z.maxLength(50, 'must have at most 50 areas')),
  bedrooms_min: z.nullable(bedroomsMin),
  property_interests: z
    .array(id, { error: 'must be a list of property ids' })
    .check(z.maxLength(100, 'must have at most 100 properties')),
  source: z.nullable(
    z.string({ error: 'must be text' }).check(z.trim(), z.maxLength(100, 'must be at most 100 characters')),
  ),
  assigned_agent_id: z.nullable(id),
  notes: z.nullable(
    z.string({ error: 'must be text' }).check(z.maxLength(5000, 'must be at most 5000 characters')),
  ),
  tags: z
    .array(listEntry, { error: 'must be a list of tags' })
    .check(z.maxLength(30, 'must have at most 30 tags')),
  last_contact_at: z.nullable(isoDate),
};

type BudgetFields = { budget_min?: number | null; budget_max?: number | null };
export const budgetInOrder = (value: BudgetFields) =>
  value.budget_min == null || value.budget_max == null || value.budget_min <= value.budget_max;
export const BUDGET_ORDER_MESSAGE = 'must be at least the minimum budget';
const budgetOrderIssue = { message: BUDGET_ORDER_MESSAGE, path: ['budget_max'] };

/** Create: client fields plus agentId/agencyId, which must be the caller's own (the server sets them). */
export const clientCreate = z
  .strictObject({
    ...clientFields,
    email: z.optional(clientFields.email),
    phone: z.optional(clientFields.phone),
    type: z._default(clientFields.type, 'buyer'),
    stage: z._default(clientFields.stage, 'new'),
    budget_min: z.optional(clientFields.budget_min),
    budget_max: z.optional(clientFields.budget_max),
    currency: z._default(clientFields.currency, DEFAULT_CURRENCY),
    preferred_areas: z._default(clientFields.preferred_areas, []),
    bedrooms_min: z.optional(clientFields.bedrooms_min),
    property_interests: z._default(clientFields.property_interests, []),
    source: z.optional(clientFields.source),
    assigned_agent_id: z.optional(clientFields.assigned_agent_id),
    notes: z.optional(clientFields.notes),
    tags: z._default(clientFields.tags, []),
    last_contact_at: z.optional(clientFields.last_contact_at),
    agentId: z.optional(id),
    agencyId: z.optional(id),
  })
  .check(z.refine(budgetInOrder, budgetOrderIssue));
export type ClientCreateInput = z.input<typeof clientCreate>;

/** Update: any subset of the client fields, at least one. */
export const clientUpdate = z.partial(z.strictObject(clientFields)).check(
  z.refine((value) => Object.keys(value).length > 0, 'must change at least one field'),
  z.refine(budgetInOrder, budgetOrderIssue),
);
export type ClientUpdateInput = z.input<typeof clientUpdate>;

/**
 * The list: the caller's own clients, or with `agencyId` (the caller's agency) the agency's. Newest first,
 * a page at a time; stage, type and a search over name, email, phone, areas and tags narrow it.
 */
export const listClientsQuery = z.object({
  agencyId: z.optional(id),
  stage: z.optional(z.enum(CLIENT_STAGES, { error: `must be one of ${CLIENT_STAGES.join(', ')}` })),
  type: z.optional(z.enum(CLIENT_TYPES, { error: `must be one of ${CLIENT_TYPES.join(', ')}` })),
  search: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'must not be empty'),
        z.maxLength(100, 'must be at most 100 characters'),
      ),
  ),
  cursor,
  limit: queryInt(1, 500, 100),
});

/** One change an edit made, as text (long values shortened). */
export const clientChange = z.object({
  field: z.string(),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
});

/** One entry of a client's activity trail. */
export const clientActivity = z.object({
  activity_id: z.string(),
  client_id: z.string(),
  kind: z.enum(CLIENT_ACTIVITY_KINDS),
  at: z.string(),
  actor_id: z.string(),
  actor_name: z.optional(z.string()),
  summary: z.optional(z.string()),
  changes: z.optional(z.array(clientChange)),
});
export type ClientActivityView = z.infer<typeof clientActivity>;

export const clientActivityList = z.object({
  items: z.array(clientActivity),
  cursor: z.optional(z.string()),
});

export const clientActivityQuery = z.object({ cursor, limit: queryInt(1, 100, 25) });

const columnKey = z.enum(CLIENT_COLUMNS, { error: 'must be a client table column' });
const sortDirection = z.enum(SORT_DIRECTIONS, { error: 'must be asc or desc' });

/** One column of the client table; the array order is the column order. */
export const columnPreference = z.strictObject({
  key: columnKey,
  visible: z.boolean({ error: 'must be true or false' }),
  width: z.optional(
    z
      .number({ error: 'must be a number of pixels' })
      .check(
        z.int('must be a whole number'),
        z.minimum(40, 'must be at least 40'),
        z.maximum(1000, 'must be at most 1000'),
      ),
  ),
  sort: z.optional(sortDirection),
});

export const columnPreferences = z.array(columnPreference, { error: 'must be a list of columns' }).check(
  z.maxLength(CLIENT_COLUMNS.length, `must have at most ${CLIENT_COLUMNS.length} columns`),
  z.refine(
    (columns) => new Set(columns.map((column) => column.key)).size === columns.length,
    'must list each column once',
  ),
  z.refine(
    (columns) => columns.filter((column) => column.sort !== undefined).length <= 1,
    'must sort by at most one column',
  ),
);

/** The saved columns, always complete (defaults fill what was never saved). */
export const clientTablePreferences = z.object({
  agentId: z.string(),
  columnPreferences: z.array(
    z.object({
      key: z.enum(CLIENT_COLUMNS),
      visible: z.boolean(),
      width: z.optional(z.number()),
      sort: z.optional(z.enum(SORT_DIRECTIONS)),
    }),
  ),
  updated_at: z.optional(z.string()),
});
export type ClientTablePreferencesView = z.infer<typeof clientTablePreferences>;

export const clientTablePreferencesInput = z.strictObject({ columnPreferences });
