import * as z from 'zod/mini';
import { cursor, id, isoDate, queryInt } from './common.ts';
import { listEntry } from './forms.ts';
import { currencyCode, DEFAULT_CURRENCY } from './preferences.ts';

export const CLIENT_TYPES = ['buyer', 'seller', 'tenant', 'landlord', 'investor'] as const;
export const CLIENT_STAGES = ['new', 'contacted', 'viewing', 'negotiating', 'closed', 'lost'] as const;

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

export const clientList = z.object({ items: z.array(client), cursor: z.optional(z.string()) });

const budget = z
  .number({ error: 'must be a number' })
  .check(z.minimum(0, 'must be 0 or more'), z.maximum(1e12, 'must be at most 1000000000000'));

/** The editable fields; `null` clears an optional field on update. */
const clientFields = {
  full_name: z
    .string({ error: 'is required' })
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(120, 'must be at most 120 characters')),
  email: z.nullable(z.email('must be a valid email address').check(z.maxLength(254))),
  phone: z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(40, 'must be at most 40 characters'),
        z.regex(/^[+\d][\d\s().-]*$/, 'must be a phone number'),
      ),
  ),
  type: z.enum(CLIENT_TYPES, { error: `must be one of ${CLIENT_TYPES.join(', ')}` }),
  stage: z.enum(CLIENT_STAGES, { error: `must be one of ${CLIENT_STAGES.join(', ')}` }),
  budget_min: z.nullable(budget),
  budget_max: z.nullable(budget),
  currency: currencyCode,
  preferred_areas: z.array(listEntry).check(z.maxLength(50, 'must have at most 50 areas')),
  property_interests: z.array(id).check(z.maxLength(100, 'must have at most 100 properties')),
  source: z.nullable(z.string().check(z.trim(), z.maxLength(100, 'must be at most 100 characters'))),
  assigned_agent_id: z.nullable(id),
  notes: z.nullable(z.string().check(z.maxLength(5000, 'must be at most 5000 characters'))),
  tags: z.array(listEntry).check(z.maxLength(30, 'must have at most 30 tags')),
  last_contact_at: z.nullable(isoDate),
};

type BudgetFields = { budget_min?: number | null; budget_max?: number | null };
const budgetInOrder = (value: BudgetFields) =>
  value.budget_min == null || value.budget_max == null || value.budget_min <= value.budget_max;
const budgetOrderIssue = { message: 'must be at least budget_min', path: ['budget_max'] };

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

/** Update: any subset of the client fields, at least one. */
export const clientUpdate = z.partial(z.strictObject(clientFields)).check(
  z.refine((value) => Object.keys(value).length > 0, 'must change at least one field'),
  z.refine(budgetInOrder, budgetOrderIssue),
);

export const listClientsQuery = z.object({
  agencyId: z.optional(id),
  stage: z.optional(z.enum(CLIENT_STAGES)),
  cursor,
  limit: queryInt(1, 500, 100),
});

/** The client table's columns, in the order a new agent sees them. */
export const CLIENT_COLUMNS = [
  'full_name',
  'email',
  'phone',
  'type',
  'stage',
  'budget_min',
  'budget_max',
  'currency',
  'preferred_areas',
  'property_interests',
  'source',
  'assigned_agent_id',
  'notes',
  'tags',
  'created_at',
  'last_contact_at',
] as const;

/** One column of the client table; the array order is the column order. */
export const columnPreference = z.strictObject({
  key: z.enum(CLIENT_COLUMNS, { error: 'must be a client table column' }),
  visible: z.boolean({ error: 'must be true or false' }),
  width: z.optional(
    z.number().check(z.int(), z.minimum(40, 'must be at least 40'), z.maximum(1000, 'must be at most 1000')),
  ),
});

export const columnPreferences = z.array(columnPreference).check(
  z.maxLength(CLIENT_COLUMNS.length),
  z.refine(
    (columns) => new Set(columns.map((column) => column.key)).size === columns.length,
    'must list each column once',
  ),
);

export const clientTablePreferences = z.object({
  agentId: z.string(),
  columnPreferences: z.array(
    z.object({ key: z.enum(CLIENT_COLUMNS), visible: z.boolean(), width: z.optional(z.number()) }),
  ),
});

export const clientTablePreferencesInput = z.strictObject({ columnPreferences });
