import {
  type Column,
  columnFilteringFeature,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';
import { Mail, Phone } from 'lucide-react';
import { CLIENT_STAGES, type ClientColumnKey, type ClientStage } from '#contracts/client-values';
import type { Client } from './api.ts';
import {
  COLUMN_LABELS,
  formatBudget,
  formatDate,
  formatRelativeDate,
  initialsOf,
  STAGE_LABELS,
  TYPE_LABELS,
} from './clientFormat.ts';
import { StageBadge } from './StageBadge.tsx';

/** The client table's features: client-side sorting, filtering, search and paging over the loaded book. */
export const clientTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text, basic: sortFn_basic },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type ClientTableFeatures = typeof clientTableFeatures;
export type ClientColumn = Column<ClientTableFeatures, Client, unknown>;

const helper = createColumnHelper<ClientTableFeatures, Client>();

/** Default widths in pixels; the agent's saved widths override them. */
export const DEFAULT_WIDTHS: Record<ClientColumnKey, number> = {
  full_name: 240,
  stage: 140,
  type: 120,
  email: 230,
  phone: 170,
  budget: 180,
  preferred_areas: 200,
  tags: 190,
  last_contact_at: 140,
  assigned_agent_id: 170,
  agentId: 170,
  source: 150,
  property_interests: 180,
  notes: 280,
  created_at: 130,
};

export const MIN_WIDTH = 80;
export const MAX_WIDTH = 640;

/** Everything the search box looks through, lower-cased once per client. */
const searchTexts = new WeakMap<Client, string>();
export function searchTextOf(client: Client, names: ReadonlyMap<string, string>): string {
  let text = searchTexts.get(client);
  if (text === undefined) {
    text = [
      client.full_name,
      client.email,
      client.phone,
      client.phone?.replace(/\D/g, ''),
      client.source,
      client.notes,
      ...client.preferred_areas,
      ...client.tags,
      ...client.property_interests,
      client.assigned_agent_id && names.get(client.assigned_agent_id),
      STAGE_LABELS[client.stage],
      TYPE_LABELS[client.type],
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    searchTexts.set(client, text);
  }
  return text;
}

/** Whether a client matches the search box: every word somewhere in its text. */
export function matchesSearch(client: Client, search: string, names: ReadonlyMap<string, string>): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchTextOf(client, names);
  return words.every((word) => text.includes(word) || text.includes(word.replace(/\D/g, '') || '\u0000'));
}

const stageOrder = (stage: ClientStage) => CLIENT_STAGES.indexOf(stage);
const joined = (values: readonly string[]) => values.join(', ');

function Chips({ values, tone = 'slate' }: { values: readonly string[]; tone?: 'slate' | 'brand' }) {
  if (values.length === 0) return <Empty />;
  return (
    <span className="flex min-w-0 gap-1 overflow-hidden">
      {values.map((value) => (
        <span
          key={value}
          className={
            tone === 'brand'
              ? 'shrink-0 rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100'
              : 'shrink-0 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700'
          }
        >
          {value}
        </span>
      ))}
    </span>
  );
}

function Empty() {
  return (
    <span className="text-slate-300">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

const text = (value: string | undefined) => (value ? <span className="truncate">{value}</span> : <Empty />);

/**
 * The column definitions. `names` resolves agent ids (added by, assigned to) and `onOpen` opens a client's
 * drawer from its name.
 */
export function clientColumns(names: ReadonlyMap<string, string>, onOpen: (client: Client) => void) {
  const columns = helper.columns([
    helper.accessor('full_name', {
      header: COLUMN_LABELS.full_name,
      sortFn: 'text',
      enableHiding: false,
      cell: ({ row }) => {
        const client = row.original;
        // the initials stay outside the button: its name ("Open <name>") holds all of its visible text (WCAG 2.5.3)
        return (
          <div className="flex min-w-0 items-center gap-2.5">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-800 ring-1 ring-brand-100"
            >
              {initialsOf(client.full_name)}
            </span>
            <button
              type="button"
              onClick={() => onOpen(client)}
              className="min-w-0 truncate rounded-md text-left font-medium text-slate-900 hover:text-brand-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1"
              aria-label={`Open ${client.full_name}`}
            >
              {client.full_name}
            </button>
          </div>
        );
      },
    }),
    helper.accessor('stage', {
      header: COLUMN_LABELS.stage,
      sortFn: (a, b) => stageOrder(a.original.stage) - stageOrder(b.original.stage),
      filterFn: (row, _columnId, value) => row.original.stage === value,
      cell: ({ row }) => <StageBadge stage={row.original.stage} />,
    }),
    helper.accessor('type', {
      header: COLUMN_LABELS.type,
      sortFn: 'text',
      filterFn: (row, _columnId, value) => row.original.type === value,
      cell: ({ row }) => <span className="text-slate-700">{TYPE_LABELS[row.original.type]}</span>,
    }),
    helper.accessor((client) => client.email ?? '', {
      id: 'email',
      header: COLUMN_LABELS.email,
      sortFn: 'text',
      sortUndefined: 'last',
      cell: ({ row }) =>
        row.original.email ? (
          <a
            href={`mailto:${row.original.email}`}
            className="flex min-w-0 items-center gap-1.5 text-slate-700 hover:text-brand-2"
          >
            <Mail className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">{row.original.email}</span>
          </a>
        ) : (
          <Empty />
        ),
    }),
    helper.accessor((client) => client.phone ?? '', {
      id: 'phone',
      header: COLUMN_LABELS.phone,
      sortFn: 'text',
      cell: ({ row }) =>
        row.original.phone ? (
          <a
            href={`tel:${row.original.phone.replace(/[^\d+]/g, '')}`}
            className="flex min-w-0 items-center gap-1.5 whitespace-nowrap text-slate-700 tabular-nums hover:text-brand-2"
          >
            <Phone className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">{row.original.phone}</span>
          </a>
        ) : (
          <Empty />
        ),
    }),
    helper.accessor((client) => client.budget_max ?? client.budget_min, {
      id: 'budget',
      header: COLUMN_LABELS.budget,
      sortFn: 'basic',
      sortUndefined: 'last',
      sortDescFirst: true,
      cell: ({ row }) => (
        <span className="whitespace-nowrap text-slate-800 tabular-nums">
          {formatBudget(row.original) || <Empty />}
        </span>
      ),
    }),
    helper.accessor((client) => joined(client.preferred_areas), {
      id: 'preferred_areas',
      header: COLUMN_LABELS.preferred_areas,
      sortFn: 'text',
      cell: ({ row }) => <Chips values={row.original.preferred_areas} />,
    }),
    helper.accessor((client) => joined(client.tags), {
      id: 'tags',
      header: COLUMN_LABELS.tags,
      sortFn: 'text',
      cell: ({ row }) => <Chips values={row.original.tags} tone="brand" />,
    }),
    helper.accessor((client) => client.last_contact_at, {
      id: 'last_contact_at',
      header: COLUMN_LABELS.last_contact_at,
      sortFn: 'basic',
      sortUndefined: 'last',
      sortDescFirst: true,
      cell: ({ row }) =>
        row.original.last_contact_at ? (
          <time dateTime={row.original.last_contact_at} className="whitespace-nowrap text-slate-700">
            {formatRelativeDate(row.original.last_contact_at)}
          </time>
        ) : (
          <span className="text-slate-400">Never</span>
        ),
    }),
    helper.accessor(
      (client) => (client.assigned_agent_id ? names.get(client.assigned_agent_id) : undefined),
      {
        id: 'assigned_agent_id',
        header: COLUMN_LABELS.assigned_agent_id,
        sortFn: 'text',
        sortUndefined: 'last',
        cell: ({ row }) =>
          text(
            row.original.assigned_agent_id
              ? (names.get(row.original.assigned_agent_id) ?? 'Former member')
              : undefined,
          ),
      },
    ),
    helper.accessor((client) => names.get(client.agentId) ?? 'Former member', {
      id: 'agentId',
      header: COLUMN_LABELS.agentId,
      sortFn: 'text',
      cell: ({ getValue }) => text(getValue()),
    }),
    helper.accessor((client) => client.source ?? '', {
      id: 'source',
      header: COLUMN_LABELS.source,
      sortFn: 'text',
      cell: ({ row }) => text(row.original.source),
    }),
    helper.accessor((client) => joined(client.property_interests), {
      id: 'property_interests',
      header: COLUMN_LABELS.property_interests,
      sortFn: 'text',
      cell: ({ row }) => <Chips values={row.original.property_interests} />,
    }),
    helper.accessor((client) => client.notes ?? '', {
      id: 'notes',
      header: COLUMN_LABELS.notes,
      sortFn: 'text',
      cell: ({ row }) =>
        row.original.notes ? (
          <span className="truncate text-slate-600">{row.original.notes}</span>
        ) : (
          <Empty />
        ),
    }),
    helper.accessor('created_at', {
      header: COLUMN_LABELS.created_at,
      sortFn: 'basic',
      sortDescFirst: true,
      cell: ({ row }) => (
        <time dateTime={row.original.created_at} className="whitespace-nowrap text-slate-600">
          {formatDate(row.original.created_at)}
        </time>
      ),
    }),
  ]);
  return columns.map((column) => {
    const id = (column.id ?? (column as { accessorKey?: string }).accessorKey) as ClientColumnKey;
    return { ...column, id, size: DEFAULT_WIDTHS[id], minSize: MIN_WIDTH, maxSize: MAX_WIDTH };
  });
}
