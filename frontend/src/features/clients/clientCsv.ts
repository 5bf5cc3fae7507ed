import type { Client, ClientAgent, NewClient } from './api.ts';
import { STAGE_LABELS, TYPE_LABELS } from './clientFormat.ts';
import { type CsvDelimiter, formatCsvNumber, parseCsv, parseCsvNumber, toCsv, unguardCell } from './csv.ts';
import { type FieldErrors, validateNewClient } from './validation.ts';

/**
 * The clients CSV: what export writes and import reads, and what export writes import reads back unchanged
 * (clientCsv.test.ts checks it on random clients). Lists are separated by semicolons (an entry holding a
 * comma, a semicolon or a quote in double quotes); type and stage by label; the assigned agent by name;
 * numbers with the decimal separator that goes with the file's separator. Import matches headers loosely
 * (case, spaces and punctuation ignored, common synonyms) and validates each row with the API's own rules.
 */

interface CsvColumn {
  header: string;
  /** the client field import fills, if any */
  field?: keyof NewClient;
  aliases?: string[];
  write: (client: Client, names: ReadonlyMap<string, string>, delimiter: CsvDelimiter) => string;
}

/** `Alfama; Graça; "Lisbon, centre"`: entries that hold a separator or a quote are quoted. */
export const writeList = (values: readonly string[]) =>
  values.map((value) => (/[,;"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)).join('; ');

/** The entries of a list cell, split at `separator` outside quotes, each trimmed and unquoted. */
function splitEntries(text: string, separator: string): { entries: string[]; separated: boolean } {
  const entries: string[] = [];
  let at = 0;
  while (at <= text.length) {
    while (text[at] === ' ' || text[at] === '\t') at += 1;
    let entry = '';
    if (text[at] === '"') {
      // a quoted entry runs to the quote that is not doubled; anything after it up to the separator is kept
      for (at += 1; at < text.length; at += 1) {
        if (text[at] === '"' && text[at + 1] === '"') {
          entry += '"';
          at += 1;
        } else if (text[at] === '"') {
          at += 1;
          break;
        } else entry += text[at];
      }
    }
    const end = text.indexOf(separator, at);
    entry += text.slice(at, end === -1 ? text.length : end);
    entries.push(entry.trim());
    if (end === -1) break;
    at = end + 1;
  }
  return { entries: entries.filter(Boolean), separated: entries.length > 1 };
}

/**
 * A list cell's entries: separated by semicolons when it has one outside quotes, else by commas (as other
 * tools write tags), so `vip, relocation` and `Alfama; Graça` both read as two.
 */
export function readList(text: string): string[] {
  const bySemicolon = splitEntries(text, ';');
  return bySemicolon.separated ? bySemicolon.entries : splitEntries(text, ',').entries;
}

const number = (value: number | undefined, delimiter: CsvDelimiter) =>
  value === undefined ? '' : formatCsvNumber(value, delimiter);

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
    write: (c, _names, delimiter) => number(c.budget_min, delimiter),
  },
  {
    header: 'Budget to',
    field: 'budget_max',
    aliases: ['budget max', 'max budget', 'maximum budget', 'budget'],
    write: (c, _names, delimiter) => number(c.budget_max, delimiter),
  },
  { header: 'Currency', field: 'currency', write: (c) => c.currency },
  {
    header: 'Preferred areas',
    field: 'preferred_areas',
    aliases: ['areas', 'locations'],
    write: (c) => writeList(c.preferred_areas),
  },
  {
    header: 'Bedrooms (at least)',
    field: 'bedrooms_min',
    aliases: ['bedrooms', 'min bedrooms', 'minimum bedrooms', 'bedrooms min'],
    write: (c, _names, delimiter) => number(c.bedrooms_min, delimiter),
  },
  { header: 'Tags', field: 'tags', aliases: ['labels'], write: (c) => writeList(c.tags) },
  {
    header: 'Property interests',
    field: 'property_interests',
    aliases: ['properties', 'property ids'],
    write: (c) => writeList(c.property_interests),
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

/**
 * The CSV of a list of clients (the rows the table shows, or the whole book), separated as the reader's
 * spreadsheet expects (`csvDelimiterFor`).
 */
export function clientsToCsv(
  clients: readonly Client[],
  agents: readonly ClientAgent[],
  delimiter: CsvDelimiter = ',',
): string {
  const names = new Map(agents.map((agent) => [agent.agent_id, agent.full_name]));
  return toCsv(
    CSV_COLUMNS.map((column) => column.header),
    clients.map((client) => CSV_COLUMNS.map((column) => column.write(client, names, delimiter))),
    delimiter,
  );
}

export { csvDelimiterFor } from './csv.ts';

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

/** A date as written: kept when already an ISO date-time (what export writes), else read as a date. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Reads a clients CSV and validates every row; nothing is sent. */
export function planImport(text: string, agents: readonly ClientAgent[]): ImportPlan {
  const empty = (fileError: string): ImportPlan => ({
    rows: [],
    valid: [],
    invalid: [],
    ignoredHeaders: [],
    fileError,
  });
  const csv = parseCsv(text);
  if (csv.error) return empty(csv.error);
  // each record keeps its row in the spreadsheet (header = 1), blank records counted but not read
  const table = csv.rows
    .map((cells, index) => ({ cells, line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const [first, ...lines] = table;
  if (!first) return empty('The file is empty.');
  const header = first.cells;
  const fields = header.map((name) => FIELD_BY_HEADER.get(headerKey(name)));
  if (!fields.includes('full_name')) return empty('The file needs a "Full name" column.');
  if (lines.length === 0) return empty('The file has a header but no clients.');
  if (lines.length > MAX_IMPORT_ROWS)
    return empty(`The file has more than ${MAX_IMPORT_ROWS} clients; split it up.`);
  const agentByName = new Map(agents.map((agent) => [agent.full_name.trim().toLowerCase(), agent.agent_id]));

  const rows = lines.map(({ cells, line }): ImportRow => {
    const body: Record<string, unknown> = {};
    const errors: string[] = [];
    // cells past the header's (a separator inside an unquoted cell) would be lost: the row is refused
    const extra = cells.slice(header.length).filter((cell) => cell.trim() !== '').length;
    if (extra > 0)
      errors.push(
        `The row has ${extra} more ${extra === 1 ? 'cell' : 'cells'} than the header; put a cell that holds the separator in quotes`,
      );
    fields.forEach((field, column) => {
      const cell = cells[column] ?? '';
      // notes are kept as written (spaces and line breaks are the agent's); other fields are trimmed
      const raw = field === 'notes' ? unguardCell(cell) : unguardCell(cell.trim());
      if (!field || raw.trim() === '') return;
      switch (field) {
        case 'budget_min':
        case 'budget_max':
        case 'bedrooms_min':
          body[field] = parseCsvNumber(raw, csv.delimiter) ?? raw;
          break;
        case 'preferred_areas':
        case 'tags':
        case 'property_interests':
          body[field] = readList(raw);
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
          if (ISO_DATE_TIME.test(raw)) body[field] = raw;
          else {
            const date = new Date(raw);
            body[field] = Number.isNaN(date.getTime()) ? raw : date.toISOString();
          }
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
