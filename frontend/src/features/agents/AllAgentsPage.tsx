import clsx from 'clsx';
import { MapPin, RotateCcw, Search, UsersRound } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { selectAgentId } from '../auth/authSlice.ts';
import { useGetConnectionStatusesQuery } from '../connections/api.ts';
import {
  ConnectionRequestItems,
  useIncomingConnectionRequests,
} from '../connections/ConnectionRequestItems.tsx';
import { AgentCard, AgentCardSkeleton } from './AgentCard.tsx';
import { useAgentSearch } from './useAgentSearch.ts';

/** The placeholder cards while the first page loads. */
const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** How long typing pauses before the directory searches. */
const TYPING_PAUSE_MS = 350;

const queryFrom = (params: URLSearchParams) => ({
  search: params.get('q')?.trim() ?? '',
  city: params.get('city')?.trim() ?? '',
});

/**
 * /agents/all-agents: every agent of the network with picture, name, agency, reputation points and
 * property count; search by name and city (kept in the address, so a search can be shared or reloaded),
 * a page at a time, and each card's connection state with the action it allows.
 */
export function AllAgentsPage() {
  const [params, setParams] = useSearchParams();
  const wanted = queryFrom(params);
  const [name, setName] = useState(wanted.search);
  const [city, setCity] = useState(wanted.city);
  const selfId = useAppSelector(selectAgentId);
  const { results, loading, error, answered, stale, hasMore, loadMore, refresh, retry } =
    useAgentSearch(wanted);

  const applyQuery = (next: { search: string; city: string }) => {
    const current = queryFrom(params);
    if (next.search === current.search && next.city === current.city) return;
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        for (const [key, value] of [
          ['q', next.search],
          ['city', next.city],
        ] as const) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );
  };

  // typing searches once it pauses
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed values restart the pause
  useEffect(() => {
    const timer = setTimeout(() => applyQuery({ search: name.trim(), city: city.trim() }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [name, city]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { search: name.trim(), city: city.trim() };
    const current = queryFrom(params);
    // the address is the query (typing, back and forward, a shared link); the same one again reads it again
    if (next.search === current.search && next.city === current.city) refresh();
    else applyQuery(next);
  };
  const clear = () => {
    setName('');
    setCity('');
    applyQuery({ search: '', city: '' });
  };

  const otherIds = useMemo(
    () => results.flatMap((agent) => (agent.agent_id === selfId ? [] : [agent.agent_id])),
    [results, selfId],
  );
  const statuses = useGetConnectionStatusesQuery(otherIds, { skip: otherIds.length === 0 });
  const statusOf = useMemo(
    () => new Map((statuses.data ?? []).map((status) => [status.agent_id, status])),
    [statuses.data],
  );

  const firstLoad = !answered && !error;
  const filtered = Boolean(wanted.search || wanted.city);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Agents</h1>
        <p className="mt-1 text-[0.9375rem] text-slate-600">
          Find agents across the network, see their reputation and connect to collaborate.
        </p>
      </header>

      <IncomingRequests />

      <form
        aria-label="Search agents"
        onSubmit={onSubmit}
        className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <FormField label="Name">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Search by name"
              autoComplete="off"
              maxLength={100}
              leading={<Search className="size-4" />}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="City">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Any city"
              autoComplete="off"
              maxLength={100}
              leading={<MapPin className="size-4" />}
              value={city}
              onChange={(event) => setCity(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" className="h-11 flex-1 sm:flex-none">
            <Search className="size-4" aria-hidden="true" />
            Search
          </Button>
          {(name || city) && (
            <Button variant="ghost" className="h-11" onClick={clear}>
              Clear
            </Button>
          )}
        </div>
      </form>

      {error && (
        <Alert className="items-center">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{error}</span>
            <Button size="sm" variant="secondary" onClick={retry}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Retry
            </Button>
          </div>
        </Alert>
      )}

      {error && results.length === 0 ? null : firstLoad || (stale && results.length === 0) ? (
        <ul aria-label="Loading agents" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {SKELETON_KEYS.map((key) => (
            <li key={key}>
              <AgentCardSkeleton />
            </li>
          ))}
        </ul>
      ) : answered && results.length === 0 && !loading ? (
        <EmptyState
          className="rounded-2xl border border-dashed border-slate-300 bg-white"
          icon={<UsersRound />}
          title="No agents found"
          description={
            filtered
              ? 'No agent matches this search. Check the spelling or try another name or city.'
              : 'No agents have joined the network yet.'
          }
          action={
            filtered ? (
              <Button variant="secondary" onClick={clear}>
                Clear search
              </Button>
            ) : undefined
          }
        />
      ) : (
        <section aria-label="Agents" aria-busy={loading || undefined}>
          <div className="mb-3 flex min-h-5 items-center gap-2 text-sm text-slate-500">
            {results.length > 0 && (
              <span>
                {results.length} {results.length === 1 ? 'agent' : 'agents'}
                {hasMore ? ' shown' : ''}
              </span>
            )}
            {loading && <Spinner className="size-4 text-brand-2" label="Searching agents" />}
          </div>
          <ul className={clsx('grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3', stale && 'opacity-60')}>
            {results.map((agent) => (
              <li key={agent.agent_id}>
                <AgentCard
                  agent={agent}
                  isSelf={agent.agent_id === selfId}
                  status={statusOf.get(agent.agent_id)}
                />
              </li>
            ))}
          </ul>
          {hasMore && (
            <div className="mt-6 flex justify-center">
              <Button variant="secondary" loading={loading} onClick={loadMore}>
                Load more agents
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/** Requests waiting for the signed-in agent's answer, above the directory (nothing when there is none). */
function IncomingRequests() {
  const { count } = useIncomingConnectionRequests();
  if (count === 0) return null;
  return (
    <section
      aria-labelledby="incoming-requests-title"
      className="rounded-2xl border border-brand-100 bg-white shadow-xs"
    >
      <h2
        id="incoming-requests-title"
        className="flex items-center gap-2 border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900"
      >
        Connection requests
        <span className="rounded-full bg-brand-2 px-2 py-0.5 text-xs font-bold text-white tabular-nums">
          {count}
        </span>
      </h2>
      <ConnectionRequestItems className="sm:grid sm:grid-cols-2 sm:divide-y-0 lg:grid-cols-3" />
    </section>
  );
}
