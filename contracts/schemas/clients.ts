import * as z from 'zod';
import { id, isoDate } from './common.ts';
import { listEntry } from './forms.ts';
import { currencyCode, DEFAULT_CURRENCY } from './preferences.ts';

export const CLIENT_TYPES = ['buyer', 'seller', 'tenant', 'landlord', 'investor'] as const;
export const CLIENT_STAGES = ['new', 'contacted', 'viewing', 'negotiating', 'closed', 'lost'] as const;

export const client = z.object({
  client_id: z.string(),
  agentId: z.string(),
  agencyId: z.string().optional(),
  full_name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  type: z.enum(CLIENT_TYPES),
  stage: z.enum(CLIENT_STAGES),
  budget_min: z.number().optional(),
  budget_max: z.number().optional(),
  currency: z.string(),
  preferred_areas: z.array(z.string()),
  property_interests: z.array(z.string()),
  source: z.string().optional(),
  assigned_agent_id: z.string().optional(),
  notes: z.string().optional(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string().optional(),
  last_contact_at: z.string().optional(),
});
export type ClientView = z.infer<typeof client>;

export const clientList = z.object({ items: z.array(client), cursor: z.string().optional() });

const budget = z
  .number({ error: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(1e12, 'must be at most 1000000000000');

/** The editable fields; `null` clears an optional field on update. */
const clientFields = {
  full_name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(120, 'must be at most 120 characters'),
  email: z.email('must be a valid email address').max(254).nullable(),
  phone: z
    .string()
    .trim()
    .max(40, 'must be at most 40 characters')
    .regex(/^[+\d][\d\s().-]*$/, 'must be a phone number')
    .nullable(),
  type: z.enum(CLIENT_TYPES, { error: `must be one of ${CLIENT_TYPES.join(', ')}` }),
  stage: z.enum(CLIENT_STAGES, { error: `must be one of ${CLIENT_STAGES.join(', ')}` }),
  budget_min: budget.nullable(),
  budget_max: budget.nullable(),
  currency: currencyCode,
  preferred_areas: z.array(listEntry).max(50, 'must have at most 50 areas'),
  property_interests: z.array(id).max(100, 'must have at most 100 properties'),
  source: z.string().trim().max(100, 'must be at most 100 characters').nullable(),
  assigned_agent_id: id.nullable(),
  notes: z.string().max(5000, 'must be at most 5000 characters').nullable(),
  tags: z.array(listEntry).max(30, 'must have at most 30 tags'),
  last_contact_at: isoDate.nullable(),
};

type BudgetFields = { budget_min?: number | null; budget_max?: number | null };
const budgetInOrder = (value: BudgetFields) =>
  value.budget_min == null || value.budget_max == null || value.budget_min <= value.budget_max;
const budgetOrderIssue = { message: 'must be at least budget_min', path: ['budget_max'] };

/** Create: client fields plus agentId/agencyId, which must be the caller's own (the server sets them). */
export const clientCreate = z
  .object({
    ...clientFields,
    email: clientFields.email.optional(),
    phone: clientFields.phone.optional(),
    type: clientFields.type.default('buyer'),
    stage: clientFields.stage.default('new'),
    budget_min: clientFields.budget_min.optional(),
    budget_max: clientFields.budget_max.optional(),
    currency: clientFields.currency.default(DEFAULT_CURRENCY),
    preferred_areas: clientFields.preferred_areas.default([]),
    property_interests: clientFields.property_interests.default([]),
    source: clientFields.source.optional(),
    assigned_agent_id: clientFields.assigned_agent_id.optional(),
    notes: clientFields.notes.optional(),
    tags: clientFields.tags.default([]),
    last_contact_at: clientFields.last_contact_at.optional(),
    agentId: id.optional(),
    agencyId: id.optional(),
  })
  .strict()
  .refine(budgetInOrder, budgetOrderIssue);

/** Update: any subset of the client fields, at least one. */
export const clientUpdate = z
  .object(clientFields)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one field')
  .refine(budgetInOrder, budgetOrderIssue);

export const listClientsQuery = z.object({
  agencyId: id.optional(),
  stage: z.enum(CLIENT_STAGES).optional(),
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
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
export const columnPreference = z
  .object({
    key: z.enum(CLIENT_COLUMNS, { error: 'must be a client table column' }),
    visible: z.boolean({ error: 'must be true or false' }),
    width: z.number().int().min(40, 'must be at least 40').max(1000, 'must be at most 1000').optional(),
  })
  .strict();

export const columnPreferences = z
  .array(columnPreference)
  .max(CLIENT_COLUMNS.length)
  .refine(
    (columns) => new Set(columns.map((column) => column.key)).size === columns.length,
    'must list each column once',
  );

export const clientTablePreferences = z.object({
  agentId: z.string(),
  columnPreferences: z.array(
    z.object({ key: z.enum(CLIENT_COLUMNS), visible: z.boolean(), width: z.number().optional() }),
  ),
});

export const clientTablePreferencesInput = z.object({ columnPreferences }).strict();
