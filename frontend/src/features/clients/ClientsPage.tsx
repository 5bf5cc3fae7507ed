import clsx from 'clsx';
import { Columns3, Contact, Download, FileUp, Plus, RefreshCw, Search, Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CLIENT_STAGES, CLIENT_TYPES, type ClientStage } from '#contracts/client-values';
import { planFor } from '#contracts/plans';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { selectAgencyData } from '../agencies/selectors.ts';
import { selectAgentData } from '../agents/selectors.ts';
import { useLazyGetFeatureLimitQuery } from '../preferences/api.ts';
import { useCurrency } from '../preferences/usePreferences.ts';
import { isAgencyAdmin } from '../shell/roles.ts';
import {
  type Client,
  clientLimitPrompt,
  FEATURE_LIMIT_REACHED,
  useClientBookArg,
  useListClientsInfiniteQuery,
  useListPendingLeadsQuery,
} from './api.ts';
import { ClientDrawer, type ClientDrawerTab, type ClientRights } from './ClientDrawer.tsx';
import { ClientFormDialog } from './ClientFormDialog.tsx';
import { ClientTable, type ClientTableFilters } from './ClientTable.tsx';
import { ColumnsDialog } from './ColumnsDialog.tsx';
import { matchesSearch } from './clientColumns.tsx';
import { STAGE_DOTS, STAGE_LABELS, TYPE_LABELS } from './clientFormat.ts';
import { clientsErrorSet, selectClientsError } from './clientsSlice.ts';
import { DeleteClientDialog } from './DeleteClientDialog.tsx';
import { PendingLeadsPanel } from './PendingLeadsPanel.tsx';
import { selectClientAgents, selectClientBookComplete, selectClients } from './selectors.ts';
import { useTablePreferences } from './useTablePreferences.ts';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; client: Client }
  | { kind: 'delete'; client: Client }
  | { kind: 'import' }
  | { kind: 'columns' };

// the CSV code (papaparse) loads with the import dialog or the export action, not with the page
const ImportClientsDialog = lazy(() =>
  import('./ImportClientsDialog.tsx').then((module) => ({ default: module.ImportClientsDialog })),
);

const NO_FILTERS: ClientTableFilters = { search: '', stage: null, type: null };

/** /clients: the client book as a table, with the detail drawer, the form, import and export. */
export function ClientsPage() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectAgentData);
  const agency = useAppSelector(selectAgencyData);
  const bookArg = useClientBookArg();
  const book = useListClientsInfiniteQuery(bookArg);
  const clients = useAppSelector(selectClients);
  // a new client's budget starts in the agent's display currency
  const { currency } = useCurrency();
  const agents = useAppSelector(selectClientAgents);
  const complete = useAppSelector(selectClientBookComplete);
  const error = useAppSelector(selectClientsError);
  const preferences = useTablePreferences();
  const [filters, setFilters] = useState<ClientTableFilters>(NO_FILTERS);
  const [mineOnly, setMineOnly] = useState(false);
  // the open client and its tab are in the address (?client=…&tab=matches): a match notification opens them
  const [params, setParams] = useSearchParams();
  const openId = params.get('client');
  const openTab: ClientDrawerTab = params.get('tab') === 'matches' ? 'matches' : 'details';
  const setOpenId = useCallback(
    (id: string | null, tab: ClientDrawerTab = 'details') =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('client');
          next.delete('tab');
          if (id) next.set('client', id);
          if (id && tab !== 'details') next.set('tab', tab);
          return next;
        },
        // a tab change of the open client does not add to the history
        { replace: id !== null && id === openId },
      ),
    [setParams, openId],
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [visibleRows, setVisibleRows] = useState<Client[]>([]);
  const [checkLimit, limitCheck] = useLazyGetFeatureLimitQuery();
  // website leads waiting outside the book: their panel says the limit and the way up instead
  const leadsWaiting = (useListPendingLeadsQuery().data?.items.length ?? 0) > 0;

  // the table sorts and filters the whole book: fetch every page, one after the other
  const { hasNextPage, isFetching, fetchNextPage } = book;
  useEffect(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);

  const myId = me?.agent_id ?? '';
  const inAgency = Boolean(me?.agency_id);
  const admin = isAgencyAdmin(me, agency);
  const names = useMemo(() => new Map(agents.map((agent) => [agent.agent_id, agent.full_name])), [agents]);
  const scoped = useMemo(
    () =>
      mineOnly
        ? clients.filter((client) => client.agentId === myId || client.assigned_agent_id === myId)
        : clients,
    [clients, mineOnly, myId],
  );

  // the pipeline's counts follow the search, type and scope, not the stage being looked at
  const stageCounts = useMemo(() => {
    const counts = Object.fromEntries(CLIENT_STAGES.map((stage) => [stage, 0])) as Record<
      ClientStage,
      number
    >;
    let all = 0;
    for (const client of scoped) {
      if (filters.type && client.type !== filters.type) continue;
      if (!matchesSearch(client, filters.search, names)) continue;
      counts[client.stage] += 1;
      all += 1;
    }
    return { counts, all };
  }, [scoped, filters.type, filters.search, names]);

  const rightsOf = useCallback(
    (client: Client): ClientRights => {
      const agencyAdmin = admin && client.agencyId === agency?.id;
      return {
        canEdit: client.agentId === myId || client.assigned_agent_id === myId || agencyAdmin,
        canDelete: client.agentId === myId || agencyAdmin,
      };
    },
    [admin, agency?.id, myId],
  );

  const plan = planFor(me?.role);
  const clientLimit = plan.limits.clients;
  const mine = clients.filter((client) => client.agentId === myId).length;
  const atLimit =
    error === FEATURE_LIMIT_REACHED || (clientLimit !== null && complete && mine >= clientLimit);

  /** Spec §5: creation is blocked in the browser at the clients limit, with the message and the prompt. */
  const onAdd = async () => {
    const result = await checkLimit('clients', false);
    // 402: the paywall (payment failed, subscription expired) has opened through the API layer
    if ((result.error as { status?: unknown } | undefined)?.status === 402) return;
    if (result.data?.isAtLimit) {
      dispatch(clientsErrorSet(FEATURE_LIMIT_REACHED));
      dispatch(clientLimitPrompt(result.data.current, result.data.maximum));
      return;
    }
    setDialog({ kind: 'create' });
  };

  const onExport = async () => {
    const rows = visibleRows.length || filtersActive(filters, mineOnly) ? visibleRows : clients;
    let csv: typeof import('./clientCsv.ts');
    try {
      csv = await import('./clientCsv.ts');
    } catch {
      showToast('error', 'The export could not start. Check your connection and try again.');
      return;
    }
    const url = URL.createObjectURL(
      new Blob([csv.clientsToCsv(rows, agents, csv.csvDelimiterFor(navigator.language))], {
        type: 'text/csv;charset=utf-8',
      }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = csv.exportFileName();
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    showToast('success', `Exported ${rows.length} ${rows.length === 1 ? 'client' : 'clients'}`);
  };

  const onOpen = useCallback((client: Client) => setOpenId(client.client_id), [setOpenId]);
  const open = openId ? clients.find((client) => client.client_id === openId) : undefined;
  const loading = book.isLoading || (!book.isSuccess && !book.isError && clients.length === 0);
  const failed = book.isError && clients.length === 0;
  const empty = book.isSuccess && clients.length === 0;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Clients</h1>
          <p className="mt-1 text-sm text-slate-600">
            {inAgency && agency
              ? `${agency.name}'s client book, shared with every agent of the agency.`
              : 'Your client book.'}
            {clientLimit !== null && (
              <span className="ml-1.5 whitespace-nowrap">
                <span className="font-semibold text-slate-900 tabular-nums">
                  {Math.min(mine, clientLimit)} of {clientLimit}
                </span>{' '}
                clients on the {plan.label}.
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
            <FileUp className="size-4" aria-hidden="true" />
            Import CSV
          </Button>
          <Button variant="secondary" onClick={onExport} disabled={clients.length === 0}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </Button>
          <Button onClick={onAdd} loading={limitCheck.isFetching}>
            <Plus className="size-4" aria-hidden="true" />
            Add client
          </Button>
        </div>
      </header>

      <PendingLeadsPanel />

      {atLimit && !leadsWaiting && (
        <Alert tone="error">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <p>
              <span className="font-semibold">{FEATURE_LIMIT_REACHED}.</span> Your {plan.label} includes{' '}
              {clientLimit ?? 'a limited number of'} clients. Upgrade for unlimited clients.
            </p>
            <Button asChild size="sm" className="self-start sm:self-auto">
              <Link to={`${paths.upgrade}?reason=limit`}>
                <Sparkles className="size-4" aria-hidden="true" />
                Upgrade Now
              </Link>
            </Button>
          </div>
        </Alert>
      )}
      {error && error !== FEATURE_LIMIT_REACHED && !failed && (
        <Alert>
          <div className="flex items-start justify-between gap-3">
            <span>{error}</span>
            <button
              type="button"
              aria-label="Dismiss"
              className="text-red-700 hover:text-red-900"
              onClick={() => dispatch(clientsErrorSet(null))}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        </Alert>
      )}

      {!loading && !failed && !empty && (
        <nav aria-label="Stages" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex gap-2">
            <StageChip
              label="All"
              count={stageCounts.all}
              active={filters.stage === null}
              onClick={() => setFilters((current) => ({ ...current, stage: null }))}
            />
            {CLIENT_STAGES.map((stage) => (
              <StageChip
                key={stage}
                label={STAGE_LABELS[stage]}
                dot={STAGE_DOTS[stage]}
                count={stageCounts.counts[stage]}
                active={filters.stage === stage}
                onClick={() =>
                  setFilters((current) => ({ ...current, stage: current.stage === stage ? null : stage }))
                }
              />
            ))}
          </ul>
        </nav>
      )}

      <Card className="overflow-hidden">
        {failed ? (
          <div className="p-6">
            <Alert>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <span>Your clients could not be loaded.</span>
                <Button size="sm" variant="secondary" onClick={() => book.refetch()}>
                  <RefreshCw className="size-4" aria-hidden="true" />
                  Try again
                </Button>
              </div>
            </Alert>
          </div>
        ) : loading || !preferences.ready ? (
          <TableSkeleton />
        ) : empty ? (
          <EmptyState
            icon={<Contact />}
            title="No clients yet"
            description="Add your first client, or import your list from a spreadsheet. Everyone you add shows here with their stage, budget and history."
            action={
              <>
                <Button onClick={onAdd}>
                  <Plus className="size-4" aria-hidden="true" />
                  Add client
                </Button>
                <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
                  <FileUp className="size-4" aria-hidden="true" />
                  Import CSV
                </Button>
              </>
            }
          />
        ) : (
          <>
            <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:px-5">
              <Input
                type="search"
                aria-label="Search clients"
                placeholder="Search name, email, phone, area, tag…"
                value={filters.search}
                onChange={(event) => setFilters((current) => ({ ...current, search: event.target.value }))}
                leading={<Search className="size-4.5" />}
                className="sm:max-w-sm sm:flex-1"
              />
              <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
                <label className="sr-only" htmlFor="client-type-filter">
                  Type
                </label>
                <select
                  id="client-type-filter"
                  value={filters.type ?? ''}
                  onChange={(event) =>
                    setFilters((current) => ({ ...current, type: event.target.value || null }))
                  }
                  className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-800 shadow-xs hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none"
                >
                  <option value="">All types</option>
                  {CLIENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
                {inAgency && (
                  <fieldset className="flex rounded-lg border border-slate-300 bg-slate-50 p-0.5 text-sm shadow-xs">
                    <legend className="sr-only">Whose clients</legend>
                    {[
                      { mine: false, label: 'All clients' },
                      { mine: true, label: 'My clients' },
                    ].map((option) => (
                      <label
                        key={option.label}
                        className={clsx(
                          'cursor-pointer rounded-md px-3 py-1.5 font-medium whitespace-nowrap transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-1',
                          mineOnly === option.mine
                            ? 'bg-white text-slate-900 shadow-sm'
                            : 'text-slate-600 hover:text-slate-900',
                        )}
                      >
                        <input
                          type="radio"
                          name="client-scope"
                          className="sr-only"
                          checked={mineOnly === option.mine}
                          onChange={() => setMineOnly(option.mine)}
                        />
                        {option.label}
                      </label>
                    ))}
                  </fieldset>
                )}
                <Button variant="secondary" onClick={() => setDialog({ kind: 'columns' })}>
                  <Columns3 className="size-4" aria-hidden="true" />
                  Columns
                </Button>
              </div>
            </div>
            {!complete && (
              <p className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-5 py-2 text-xs text-slate-600">
                <Spinner className="size-3.5 text-brand-2" />
                Loading more clients… {clients.length} so far
              </p>
            )}
            <ClientTable
              clients={scoped}
              names={names}
              columns={preferences.columns}
              onColumnsChange={preferences.setColumns}
              filters={filters}
              onOpen={onOpen}
              onClearFilters={() => {
                setFilters(NO_FILTERS);
                setMineOnly(false);
              }}
              onVisibleRowsChange={setVisibleRows}
            />
          </>
        )}
      </Card>

      {open && (
        <ClientDrawer
          client={open}
          names={names}
          rights={rightsOf(open)}
          tab={openTab}
          onTabChange={(tab) => setOpenId(open.client_id, tab)}
          onClose={() => setOpenId(null)}
          onEdit={() => setDialog({ kind: 'edit', client: open })}
          onDelete={() => setDialog({ kind: 'delete', client: open })}
        />
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <ClientFormDialog
          {...(dialog.kind === 'edit' ? { client: dialog.client } : {})}
          agents={agents}
          showAssignee={inAgency}
          defaultCurrency={currency}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteClientDialog
          client={dialog.client}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            setOpenId(null);
          }}
        />
      )}
      {dialog?.kind === 'import' && (
        <Suspense fallback={null}>
          <ImportClientsDialog agents={agents} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <ColumnsDialog
        open={dialog?.kind === 'columns'}
        onOpenChange={(next) => !next && setDialog(null)}
        columns={preferences.columns}
        onChange={preferences.setColumns}
        onReset={preferences.resetColumns}
      />
    </div>
  );
}

const filtersActive = (filters: ClientTableFilters, mineOnly: boolean) =>
  mineOnly || filters.search.trim() !== '' || filters.stage !== null || filters.type !== null;

function StageChip({
  label,
  count,
  active,
  dot,
  onClick,
}: {
  label: string;
  count: number;
  active: boolean;
  dot?: string;
  onClick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={active}
        onClick={onClick}
        className={clsx(
          'inline-flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap shadow-xs transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1',
          active
            ? 'border-brand-2 bg-brand-2 text-white'
            : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50',
        )}
      >
        {dot && (
          <span className={clsx('size-2 rounded-full', active ? 'bg-white' : dot)} aria-hidden="true" />
        )}
        {label}
        <span
          className={clsx(
            'rounded-full px-1.5 text-xs tabular-nums',
            active ? 'bg-brand-800 text-white' : 'bg-slate-100 text-slate-600',
          )}
        >
          {count}
        </span>
      </button>
    </li>
  );
}

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

function TableSkeleton() {
  return (
    <div className="animate-pulse" role="status" aria-label="Loading clients">
      <div className="flex gap-3 border-b border-slate-200 p-4 sm:px-5">
        <div className="h-10 w-full max-w-sm rounded-lg bg-slate-100" />
        <div className="ml-auto hidden h-10 w-28 rounded-lg bg-slate-100 sm:block" />
      </div>
      {SKELETON_ROWS.map((row) => (
        <div
          key={row}
          className="flex items-center gap-4 border-b border-slate-100 px-5 py-3.5 last:border-b-0"
        >
          <div className="size-8 rounded-full bg-slate-100" />
          <div className="h-3.5 w-40 rounded bg-slate-100" />
          <div className="h-5 w-20 rounded-full bg-slate-100" />
          <div className="hidden h-3.5 w-48 rounded bg-slate-100 md:block" />
          <div className="hidden h-3.5 w-28 rounded bg-slate-100 lg:block" />
        </div>
      ))}
    </div>
  );
}
