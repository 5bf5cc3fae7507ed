import type { Client, ClientAgent, NewClient } from './api.ts';
import { STAGE_LABELS, splitList, TYPE_LABELS } from './clientFormat.ts';
import { parseCsv, toCsv, unguardCell } from './csv.ts';
import { type FieldErrors, validateNewClient } from './validation.ts';

/**
 * The clients CSV: what export writes and import reads. Lists are separated by semicolons; type and stage
 * by label; the assigned agent by name. Import matches headers loosely (case, spaces and punctuation
 * ignored, common synonyms) and validates each row with the API's own rules.
 */

interface CsvColumn {
  header: string;
  /** the client field import fills, if any */
  field?: keyof NewClient;
  aliases?: string[];
  write: (client: Client, names: ReadonlyMap<string, string>) => string;
}

const list = (values: readonly string[]) => values.join('; ');
const number = (value: number | undefined) => (value === undefined ? '' : String(value));

export const CSV_COLUMNS: CsvColumn[] = [
  {
    header: 'Full name',
    field: 'full_name',
    aliases: ['name', 'client', 'client name'],
    write: (c) => c.full_name,
  },
  { header: 'Email', field: 'email', aliases: ['e-mail', 'email address'], write: (c) => c.email ?? '' },
  {
    header: 'Phone',
    field: 'phone',
    aliases: ['telephone', 'mobile', 'phone number'],
    write: (c) => c.phone ?? '',
  },
  { header: 'Type', field: 'type', aliases: ['client type'], write: (c) => TYPE_LABELS[c.type] },
  {
    header: 'Stage',
    field: 'stage',
    aliases: ['status', 'pipeline stage'],
    write: (c) => STAGE_LABELS[c.stage],
  },
  {
    header: 'Budget from',
    field: 'budget_min',
    aliases: ['budget min', 'min budget', 'minimum budget'],
    write: (c) => number(c.budget_min),
  },
  {
    header: 'Budget to',
    field: 'budget_max',
    aliases: ['budget max', 'max budget', 'maximum budget', 'budget'],
    write: (c) => number(c.budget_max),
  },
  { header: 'Currency', field: 'currency', write: (c) => c.currency },
  {
    header: 'Preferred areas',
    field: 'preferred_areas',
    aliases: ['areas', 'locations'],
    write: (c) => list(c.preferred_areas),
  },
  { header: 'Tags', field: 'tags', aliases: ['labels'], write: (c) => list(c.tags) },
  {
    header: 'Property interests',
    field: 'property_interests',
    aliases: ['properties', 'property ids'],
    write: (c) => list(c.property_interests),
  },
  { header: 'Source', field: 'source', aliases: ['lead source'], write: (c) => c.source ?? '' },
  {
    header: 'Assigned agent',
    field: 'assigned_agent_id',
    aliases: ['assigned to', 'assignee', 'agent'],
    write: (c, names) => (c.assigned_agent_id ? (names.get(c.assigned_agent_id) ?? '') : ''),
  },
  { header: 'Notes', field: 'notes', aliases: ['note', 'comments'], write: (c) => c.notes ?? '' },
  {
    header: 'Last contact',
    field: 'last_contact_at',
    aliases: ['last contacted', 'last contact at'],
    write: (c) => c.last_contact_at ?? '',
  },
  { header: 'Added by', write: (c, names) => names.get(c.agentId) ?? '' },
  { header: 'Added', write: (c) => c.created_at },
];

/** The CSV of a list of clients (the rows the table shows, or the whole book). */
export function clientsToCsv(clients: readonly Client[], agents: readonly ClientAgent[]): string {
  const names = new Map(agents.map((agent) => [agent.agent_id, agent.full_name]));
  return toCsv(
    CSV_COLUMNS.map((column) => column.header),
    clients.map((client) => CSV_COLUMNS.map((column) => column.write(client, names))),
  );
}

/** `clients-2026-03-14.csv` */
export const exportFileName = (now = new Date()) => `clients-${now.toISOString().slice(0, 10)}.csv`;

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const EXPORT_ONLY = new Set(
  CSV_COLUMNS.filter((column) => !column.field).map((column) => headerKey(column.header)),
);

const FIELD_BY_HEADER = new Map<string, keyof NewClient>(
  CSV_COLUMNS.flatMap((column) =>
    column.field
      ? [column.header, ...(column.aliases ?? [])].map((name) => [headerKey(name), column.field!] as const)
      : [],
  ),
);

const byLabel = <T extends string>(labels: Record<T, string>, text: string): T | string => {
  const key = text.trim().toLowerCase();
  const found = (Object.keys(labels) as T[]).find(
    (value) => value === key || labels[value].toLowerCase() === key,
  );
  return found ?? text.trim();
};

export interface ImportRow {
  /** the line in the file (the header is line 1) */
  line: number;
  name: string;
  client?: NewClient;
  errors: string[];
}

export interface ImportPlan {
  rows: ImportRow[];
  valid: ImportRow[];
  invalid: ImportRow[];
  /** headers that match no client field */
  ignoredHeaders: string[];
  /** a problem with the file as a whole (no header, no name column, no rows) */
  fileError?: string;
}

const MAX_IMPORT_ROWS = 5000;

/** Reads a clients CSV and validates every row; nothing is sent. */
export function planImport(text: string, agents: readonly ClientAgent[]): ImportPlan {
  const empty = (fileError: string): ImportPlan => ({
    rows: [],
    valid: [],
    invalid: [],
    ignoredHeaders: [],
    fileError,
  });
  const table = parseCsv(text).filter((row) => row.some((cell) => cell.trim() !== ''));
  const [header, ...lines] = table;
  if (!header) return empty('The file is empty.');
  const fields = header.map((name) => FIELD_BY_HEADER.get(headerKey(name)));
  if (!fields.includes('full_name')) return empty('The file needs a "Full name" column.');
  if (lines.length === 0) return empty('The file has a header but no clients.');
  if (lines.length > MAX_IMPORT_ROWS)
    return empty(`The file has more than ${MAX_IMPORT_ROWS} clients; split it up.`);
  const agentByName = new Map(agents.map((agent) => [agent.full_name.trim().toLowerCase(), agent.agent_id]));

  const rows = lines.map((cells, index): ImportRow => {
    const line = index + 2;
    const body: Record<string, unknown> = {};
    const errors: string[] = [];
    fields.forEach((field, column) => {
      const raw = unguardCell((cells[column] ?? '').trim());
      if (!field || raw === '') return;
      switch (field) {
        case 'budget_min':
        case 'budget_max': {
          const amount = Number(raw.replace(/[\s,_]/g, ''));
          body[field] = Number.isFinite(amount) ? amount : raw;
          break;
        }
        case 'preferred_areas':
        case 'tags':
        case 'property_interests':
          body[field] = splitList(raw);
          break;
        case 'type':
          body[field] = byLabel(TYPE_LABELS, raw);
          break;
        case 'stage':
          body[field] = byLabel(STAGE_LABELS, raw);
          break;
        case 'currency':
          body[field] = raw.toUpperCase();
          break;
        case 'assigned_agent_id': {
          const agentId = agentByName.get(raw.toLowerCase());
          if (agentId) body[field] = agentId;
          else errors.push(`Assigned agent "${raw}" is not an agent of your agency`);
          break;
        }
        case 'last_contact_at': {
          const date = new Date(raw);
          body[field] = Number.isNaN(date.getTime()) ? raw : date.toISOString();
          break;
        }
        default:
          body[field] = raw;
      }
    });
    const { data, errors: fieldErrors } = validateNewClient(body);
    errors.push(...Object.values(fieldErrors as FieldErrors));
    const name = typeof body.full_name === 'string' ? body.full_name : '';
    return errors.length === 0 && data ? { line, name, client: data, errors } : { line, name, errors };
  });
  return {
    rows,
    valid: rows.filter((row) => row.errors.length === 0),
    invalid: rows.filter((row) => row.errors.length > 0),
    // the columns export writes for reading only (who added the client, when) are not news
    ignoredHeaders: header.filter(
      (name, column) => !fields[column] && name.trim() !== '' && !EXPORT_ONLY.has(headerKey(name)),
    ),
  };
}
