import clsx from 'clsx';
import { Handshake, Kanban, List } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DEAL_STAGE_LABELS, OPEN_DEAL_STAGES } from '#contracts/deals';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { type Deal, useListDealsInfiniteQuery } from './api.ts';
import { DealCard } from './DealCard.tsx';

type View = 'board' | 'list';

/** The caller's deals on both sides: a board of the open stages, or the whole list newest first. */
export function DealsPage() {
  const [view, setView] = useState<View>('board');
  const query = useListDealsInfiniteQuery();
  const deals = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.items), [query.data]);

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Deals</h1>
          <p className="mt-1 text-sm text-slate-600">
            Your clients on other agents' listings, and other agents' clients on yours.
          </p>
        </div>
        <ViewToggle view={view} onChange={setView} />
      </header>

      {query.isLoading ? (
        <div className="flex justify-center py-24 text-brand-2">
          <Spinner className="size-8" label="Loading your deals" />
        </div>
      ) : query.isError && deals.length === 0 ? (
        <Card>
          <EmptyState
            title="Your deals could not be loaded"
            description={apiErrorMessage(query.error, 'Please try again.')}
            action={<Button onClick={() => query.refetch()}>Try again</Button>}
          />
        </Card>
      ) : deals.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Handshake />}
            title="No deals yet"
            description="A deal starts when an agent brings a client to another agent's listing. Open another agent's listing and choose Collaborate on this listing."
          />
        </Card>
      ) : view === 'board' ? (
        <Board deals={deals} />
      ) : (
        <ul aria-label="All deals" className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {deals.map((deal) => (
            <li key={deal.deal_id}>
              <DealCard deal={deal} />
            </li>
          ))}
        </ul>
      )}

      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const options = [
    { value: 'board', label: 'Board', icon: Kanban },
    { value: 'list', label: 'List', icon: List },
  ] as const;
  return (
    <fieldset className="inline-flex self-start rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs sm:self-auto">
      <legend className="sr-only">Show deals as</legend>
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={clsx(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-semibold transition-colors',
            view === value ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/** The open stages as columns; the ended deals are in the list view. */
function Board({ deals }: { deals: Deal[] }) {
  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {OPEN_DEAL_STAGES.map((stage) => {
        const column = deals.filter((deal) => deal.status === stage);
        const headingId = `deal-column-${stage}`;
        return (
          <section
            key={stage}
            aria-labelledby={headingId}
            className="flex flex-col rounded-2xl bg-slate-100/70 p-3 ring-1 ring-slate-200"
          >
            <h2
              id={headingId}
              className="flex items-center justify-between px-1 pb-3 text-sm font-semibold text-slate-700"
            >
              {DEAL_STAGE_LABELS[stage]}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-600 tabular-nums ring-1 ring-slate-200">
                {column.length}
              </span>
            </h2>
            {column.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-500">
                No deals here
              </p>
            ) : (
              <ul className="space-y-3">
                {column.map((deal) => (
                  <li key={deal.deal_id}>
                    <DealCard deal={deal} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
