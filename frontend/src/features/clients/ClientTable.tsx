import {
  type ColumnFiltersState,
  type ColumnOrderState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  functionalUpdate,
  type PaginationState,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown, SearchX } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { ClientColumnKey, ColumnPreference } from '#contracts/client-values';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import type { Client } from './api.ts';
import {
  clientColumns,
  clientTableFeatures,
  DEFAULT_WIDTHS,
  MAX_WIDTH,
  MIN_WIDTH,
  matchesSearch,
} from './clientColumns.tsx';
import { COLUMN_LABELS } from './clientFormat.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ClientTableFilters {
  search: string;
  stage: string | null;
  type: string | null;
}

interface ClientTableProps {
  clients: Client[];
  names: ReadonlyMap<string, string>;
  columns: ColumnPreference[];
  onColumnsChange: (columns: ColumnPreference[]) => void;
  filters: ClientTableFilters;
  onOpen: (client: Client) => void;
  onClearFilters: () => void;
  /** the rows the filters and sorting leave, all pages (what Export CSV writes) */
  onVisibleRowsChange?: (rows: Client[]) => void;
}

/** Column preferences → the table's state slices, and back. */
function stateOf(columns: ColumnPreference[]) {
  const sorted = columns.find((column) => column.sort);
  return {
    columnOrder: columns.map((column) => column.key) as ColumnOrderState,
    columnVisibility: Object.fromEntries(columns.map((column) => [column.key, column.visible])),
    columnSizing: Object.fromEntries(
      columns.filter((column) => column.width !== undefined).map((column) => [column.key, column.width!]),
    ) as ColumnSizingState,
    sorting: (sorted ? [{ id: sorted.key, desc: sorted.sort === 'desc' }] : []) as SortingState,
  };
}

/**
 * The client table (TanStack Table): the agent's columns in its order, widths and sort; search and stage and
 * type filters from the toolbar; pages of 10 to 100 rows. Every column change goes to `onColumnsChange`,
 * which saves it.
 */
export function ClientTable({
  clients,
  names,
  columns,
  onColumnsChange,
  filters,
  onOpen,
  onClearFilters,
  onVisibleRowsChange,
}: ClientTableProps) {
  const columnDefs = useMemo(() => clientColumns(names, onOpen), [names, onOpen]);
  const state = useMemo(() => stateOf(columns), [columns]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const columnFilters = useMemo<ColumnFiltersState>(
    () => [
      ...(filters.stage ? [{ id: 'stage', value: filters.stage }] : []),
      ...(filters.type ? [{ id: 'type', value: filters.type }] : []),
    ],
    [filters.stage, filters.type],
  );

  const change = useCallback(
    (patch: (column: ColumnPreference) => ColumnPreference, order?: string[]) => {
      const byKey = new Map(columns.map((column) => [column.key, patch(column)]));
      const keys = order ?? columns.map((column) => column.key);
      onColumnsChange(keys.flatMap((key) => byKey.get(key as ClientColumnKey) ?? []));
    },
    [columns, onColumnsChange],
  );

  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = functionalUpdate(updater, state.sorting);
    change(({ sort: _sort, ...column }) =>
      next && next.id === column.key ? { ...column, sort: next.desc ? 'desc' : 'asc' } : column,
    );
  };
  const onColumnSizingChange = (updater: Updater<ColumnSizingState>) => {
    const next = functionalUpdate(updater, state.columnSizing);
    change((column) => {
      const width = next[column.key];
      return width === undefined ? column : { ...column, width: Math.round(width) };
    });
  };
  const onColumnVisibilityChange = (updater: Updater<ColumnVisibilityState>) => {
    const next = functionalUpdate(updater, state.columnVisibility);
    change((column) => ({ ...column, visible: next[column.key] !== false }));
  };
  const onColumnOrderChange = (updater: Updater<ColumnOrderState>) => {
    change((column) => column, functionalUpdate(updater, state.columnOrder));
  };

  const table = useTable({
    features: clientTableFeatures,
    columns: columnDefs,
    data: clients,
    getRowId: (client) => client.client_id,
    state: { ...state, columnFilters, globalFilter: filters.search, pagination },
    onSortingChange,
    onColumnSizingChange,
    onColumnVisibilityChange,
    onColumnOrderChange,
    onPaginationChange: setPagination,
    columnResizeMode: 'onChange',
    enableMultiSort: false,
    // the search box looks through the whole client once (see matchesSearch), through one column
    getColumnCanGlobalFilter: (column) => column.id === 'full_name',
    globalFilterFn: (row, _columnId, value) => matchesSearch(row.original, String(value ?? ''), names),
  });

  const filteredRows = table.getSortedRowModel().rows;
  useVisibleRows(filteredRows, onVisibleRowsChange);
  const rows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const total = filteredRows.length;
  const { pageIndex, pageSize } = table.state.pagination;
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);

  return (
    <div>
      {/* relative: absolutely positioned bits of cells (sr-only text) stay inside the scroll area */}
      <div className="relative overflow-x-auto">
        <table
          className="w-full table-fixed border-separate border-spacing-0 text-sm"
          style={{ width: table.getTotalSize(), minWidth: '100%' }}
          aria-label="Clients"
          aria-rowcount={total + 1}
        >
          <thead>
            <tr>
              {headers.map((header, index) => {
                const sorted = header.column.getIsSorted();
                const label = COLUMN_LABELS[header.column.id as ClientColumnKey];
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-label={label}
                    style={{ width: header.getSize() }}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={clsx(
                      'group/th relative border-b border-slate-200 bg-slate-50/95 px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase',
                      index === 0 && 'sticky left-0 z-10 pl-4 sm:pl-5',
                    )}
                  >
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className="inline-flex max-w-full items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-1"
                      title={`Sort by ${label}`}
                    >
                      <span className="truncate">{label}</span>
                      {sorted === 'asc' ? (
                        <ArrowUp className="size-3.5 shrink-0 text-brand-2" aria-hidden="true" />
                      ) : sorted === 'desc' ? (
                        <ArrowDown className="size-3.5 shrink-0 text-brand-2" aria-hidden="true" />
                      ) : (
                        <ChevronsUpDown
                          className="size-3.5 shrink-0 opacity-0 transition-opacity group-hover/th:opacity-60"
                          aria-hidden="true"
                        />
                      )}
                    </button>
                    <ResizeHandle
                      label={label}
                      width={header.getSize()}
                      resizing={header.column.getIsResizing()}
                      onPointerStart={header.getResizeHandler()}
                      onResize={(width) =>
                        header.column.getCanResize() &&
                        table.setColumnSizing((sizes) => ({ ...sizes, [header.column.id]: width }))
                      }
                      onReset={() =>
                        table.setColumnSizing((sizes) => ({
                          ...sizes,
                          [header.column.id]: DEFAULT_WIDTHS[header.column.id as ClientColumnKey],
                        }))
                      }
                    />
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="group/row">
                {row.getVisibleCells().map((cell, index) => (
                  <td
                    key={cell.id}
                    className={clsx(
                      'h-14 overflow-hidden border-b border-slate-100 px-3 whitespace-nowrap group-last/row:border-b-0 group-hover/row:bg-slate-50',
                      index === 0 && 'sticky left-0 z-[1] bg-white pl-4 sm:pl-5',
                      index !== 0 && 'bg-white',
                    )}
                  >
                    <div className="flex min-w-0 items-center">
                      <table.FlexRender cell={cell} />
                    </div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {total === 0 && (
        <EmptyState
          icon={<SearchX />}
          title="No clients match"
          description="Try another search, or clear the filters to see every client."
          action={
            <Button variant="secondary" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
        />
      )}

      {total > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-5">
          <p aria-live="polite">
            Showing <span className="font-semibold text-slate-900 tabular-nums">{first}</span>–
            <span className="font-semibold text-slate-900 tabular-nums">{last}</span> of{' '}
            <span className="font-semibold text-slate-900 tabular-nums">{total}</span>{' '}
            {total === 1 ? 'client' : 'clients'}
          </p>
          <div className="flex items-center gap-3">
            <label className="flex items-center gap-2">
              <span className="whitespace-nowrap max-sm:sr-only">Rows per page</span>
              <select
                value={pageSize}
                onChange={(event) => table.setPageSize(Number(event.target.value))}
                className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 focus:border-brand-2 focus:ring-2 focus:ring-brand-1/20 focus:outline-none"
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <span className="whitespace-nowrap tabular-nums max-sm:sr-only">
              Page {pageIndex + 1} of {Math.max(1, table.getPageCount())}
            </span>
            <div className="flex gap-1">
              <Button
                variant="secondary"
                size="sm"
                className="px-2"
                aria-label="Previous page"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.previousPage()}
              >
                <ChevronLeft className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="px-2"
                aria-label="Next page"
                disabled={!table.getCanNextPage()}
                onClick={() => table.nextPage()}
              >
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** Reports the filtered, sorted rows upward when they change (for Export CSV). */
function useVisibleRows(
  rows: ReadonlyArray<{ original: Client }>,
  onChange: ((rows: Client[]) => void) | undefined,
) {
  const originals = useMemo(() => rows.map((row) => row.original), [rows]);
  useEffect(() => onChange?.(originals), [originals, onChange]);
}

/**
 * The drag handle on a header's right edge; also a keyboard control (a focusable separator: arrows change
 * the width by 16 px, Enter/double-click restores the default).
 */
function ResizeHandle({
  label,
  width,
  resizing,
  onPointerStart,
  onResize,
  onReset,
}: {
  label: string;
  width: number;
  resizing: boolean;
  onPointerStart: (event: unknown) => void;
  onResize: (width: number) => void;
  onReset: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 48 : 16;
    if (event.key === 'ArrowLeft') onResize(Math.max(MIN_WIDTH, width - step));
    else if (event.key === 'ArrowRight') onResize(Math.min(MAX_WIDTH, width + step));
    else if (event.key === 'Enter') onReset();
    else return;
    event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator is the ARIA pattern for a splitter
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label} column`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      onMouseDown={onPointerStart}
      onTouchStart={onPointerStart}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
      className={clsx(
        'absolute top-1.5 right-0 bottom-1.5 w-2 cursor-col-resize touch-none select-none focus-visible:outline-none',
        'after:absolute after:inset-y-0 after:right-0.5 after:w-0.5 after:rounded-full after:transition-colors',
        resizing
          ? 'after:bg-brand-2'
          : 'after:bg-slate-200 hover:after:bg-brand-1 focus-visible:after:bg-brand-2',
      )}
    />
  );
}
