import clsx from 'clsx';
import {
  BellPlus,
  Building2,
  LayoutGrid,
  List,
  Plus,
  ScanSearch,
  SearchX,
  SlidersHorizontal,
} from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PROPERTY_SORT } from '#contracts/property-values';
import { useAppDispatch } from '../../app/hooks.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { savedSearchesPath } from '../matches/paths.ts';
import { formatCount } from '../preferences/format.ts';
import { formatRatesDate, useCurrency } from '../preferences/usePreferences.ts';
import { useAddProperty } from '../shell/useAddProperty.ts';
import { propertiesApi } from './api.ts';
import { PAGE_SIZE, SORT_LABELS, STATUS_LABELS } from './labels.ts';
import {
  EMPTY_FILTERS,
  type GridStyle,
  isEmptySearch,
  readListing,
  searchQuery,
  typedAmount,
  writeListing,
} from './listing.ts';
import { Pagination } from './Pagination.tsx';
import { PropertyCard, PropertyCardSkeletons } from './PropertyCard.tsx';
import type { Property, PropertyFilters } from './types.ts';

// the dialog (and the saved searches endpoints) load when an agent saves a search, not with the list
const SaveSearchDialog = lazy(() =>
  import('../matches/SaveSearchDialog.tsx').then((module) => ({ default: module.SaveSearchDialog })),
);

const selectClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[0.9375rem] text-slate-900 shadow-xs hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none';

interface Results {
  properties: Property[];
  totalPages: number;
  propertyCount: number;
  countExact: boolean;
  noResults: boolean;
  errorMessage: string | null;
  loading: boolean;
}

const LOADING: Results = {
  properties: [],
  totalPages: 0,
  propertyCount: 0,
  countExact: true,
  noResults: false,
  errorMessage: null,
  loading: true,
};

/**
 * /properties/property-list: every listing of the network, newest first, in a grid or a list (gridStyle),
 * a page at a time (toPage, totalPages, propertyCount), with the search filters. Empty filters show the
 * plain list (spec §5: an empty search is skipped); a new search aborts the one still in flight; a 404
 * is the noResults state.
 */
export function PropertyListPage() {
  const [params, setParams] = useSearchParams();
  const { filters, toPage, gridStyle } = readListing(params);
  const { currency, ratesDate } = useCurrency();
  const dispatch = useAppDispatch();
  const [results, setResults] = useState<Results>(LOADING);
  const [retry, setRetry] = useState(0);
  const [savingSearch, setSavingSearch] = useState(false);
  const { addProperty, checking } = useAddProperty();
  /** the cursor that fetches each page, learnt from the page before it (page numbers jump without one) */
  const cursors = useRef(new Map<string, string>());
  const filterKey = JSON.stringify(filters);

  const go = (next: { filters?: PropertyFilters; toPage?: number; gridStyle?: GridStyle }) =>
    setParams(writeListing({ filters, toPage, gridStyle, ...next }));

  /**
   * What to ask for: the plain list when every filter is empty (spec §5), else the search (prices in the agent's currency).
   * The effect below runs only when this changes, so a re-render with the same request (the currency
   * preference arriving, say) never aborts a request only to ask for the same thing again.
   */
  const searching = !isEmptySearch(filters);
  const cursorKey = (page: number) =>
    `${searching ? JSON.stringify(searchQuery(filters, 1, PAGE_SIZE, currency)) : 'list'}|${page}`;
  const cursor = cursors.current.get(cursorKey(toPage));
  const request = searching
    ? { kind: 'search' as const, args: searchQuery(filters, toPage, PAGE_SIZE, currency, cursor) }
    : { kind: 'list' as const, args: { page: toPage, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } };
  const requestKey = JSON.stringify(request);

  // biome-ignore lint/correctness/useExhaustiveDependencies: requestKey stands for the request
  useEffect(() => {
    const options = { subscribe: false, forceRefetch: true } as const;
    const pending =
      request.kind === 'list'
        ? dispatch(propertiesApi.endpoints.listProperties.initiate(request.args, options))
        : dispatch(propertiesApi.endpoints.searchProperties.initiate(request.args, options));
    setResults((current) => ({ ...current, loading: true, errorMessage: null }));
    let active = true;
    pending.then((result) => {
      if (!active) return;
      if (result.data) {
        const page = result.data;
        if (page.cursor) cursors.current.set(cursorKey(toPage + 1), page.cursor);
        setResults({
          properties: page.items,
          totalPages: page.pagination.totalPages,
          propertyCount: page.pagination.totalItems,
          countExact: page.totalExact,
          noResults: page.pagination.totalItems === 0,
          errorMessage: null,
          loading: false,
        });
        return;
      }
      const error = result.error as { status?: unknown } | undefined;
      if (error?.status === 404) {
        setResults({ ...LOADING, loading: false, noResults: true });
        return;
      }
      setResults({ ...LOADING, loading: false, errorMessage: 'The properties could not be loaded.' });
    });
    return () => {
      active = false;
      // spec §7: an earlier in-flight search is aborted
      pending.abort();
    };
  }, [requestKey, retry, dispatch]);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Properties</h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {results.loading
              ? 'Loading properties…'
              : results.noResults
                ? 'No properties found'
                : `${formatCount(results.propertyCount)}${results.countExact ? '' : '+'} ${results.propertyCount === 1 ? 'property' : 'properties'}${searching ? ' match your search' : ' across the network'}`}
          </p>
          {searching && (
            // beside the results it would alert on; a search with nothing in it would match every listing
            <button
              type="button"
              onClick={() => setSavingSearch(true)}
              className="mt-1.5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-2 hover:underline"
            >
              <BellPlus className="size-4" aria-hidden="true" />
              Save this search
            </button>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={savedSearchesPath} className={buttonClassName({ variant: 'secondary' })}>
            <ScanSearch className="size-4" aria-hidden="true" />
            Saved searches
          </Link>
          <fieldset
            className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
            aria-label="Layout"
          >
            {(['grid', 'list'] as const).map((style) => (
              <button
                key={style}
                type="button"
                aria-pressed={gridStyle === style}
                aria-label={style === 'grid' ? 'Grid view' : 'List view'}
                title={style === 'grid' ? 'Grid view' : 'List view'}
                onClick={() => go({ gridStyle: style })}
                className={clsx(
                  'inline-flex size-9 items-center justify-center rounded-md transition-colors',
                  gridStyle === style ? 'bg-brand-2 text-white' : 'text-slate-600 hover:bg-slate-100',
                )}
              >
                {style === 'grid' ? (
                  <LayoutGrid className="size-4" aria-hidden="true" />
                ) : (
                  <List className="size-4" aria-hidden="true" />
                )}
              </button>
            ))}
          </fieldset>
          <Button onClick={addProperty} loading={checking}>
            <Plus className="size-4" aria-hidden="true" />
            Add Property
          </Button>
        </div>
      </header>

      <SearchFilters
        key={filterKey}
        filters={filters}
        currency={currency}
        onApply={(next) => go({ filters: next, toPage: 1 })}
      />
      {savingSearch && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            filters={{
              ...filters,
              minPrice: typedAmount(filters.minPrice),
              maxPrice: typedAmount(filters.maxPrice),
            }}
            currency={currency}
            open
            onOpenChange={(open) => !open && setSavingSearch(false)}
          />
        </Suspense>
      )}

      {results.errorMessage && (
        <Alert>
          {results.errorMessage}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => setRetry((count) => count + 1)}
          >
            Try again
          </button>
        </Alert>
      )}

      {results.noResults ? (
        <div className="rounded-2xl border border-slate-200 bg-white">
          {searching ? (
            <EmptyState
              icon={<SearchX />}
              title="No properties match your search"
              description="Try a wider price range, another city or fewer filters."
              action={
                <Button variant="secondary" onClick={() => go({ filters: EMPTY_FILTERS, toPage: 1 })}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Building2 />}
              title="No properties yet"
              description="Listings added by agents of the network appear here."
              action={
                <Button onClick={addProperty} loading={checking}>
                  Add Property
                </Button>
              }
            />
          )}
        </div>
      ) : (
        <section aria-label="Property results" aria-busy={results.loading || undefined}>
          <div
            className={clsx(
              gridStyle === 'grid'
                ? 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'
                : 'flex flex-col gap-4',
              results.loading && results.properties.length > 0 && 'opacity-60',
            )}
          >
            {results.loading && results.properties.length === 0 ? (
              <PropertyCardSkeletons count={gridStyle === 'grid' ? 8 : 4} layout={gridStyle} />
            ) : (
              results.properties.map((property, index) => (
                <PropertyCard
                  key={property.property_id}
                  property={property}
                  layout={gridStyle}
                  first={index === 0}
                />
              ))
            )}
          </div>
          {results.properties.some((property) => property.currency !== currency) && (
            <p className="mt-4 text-xs text-slate-600" data-testid="rates-note">
              ≈ values in {currency} by the exchange rates of {formatRatesDate(ratesDate)}
            </p>
          )}
          {!results.loading && results.totalPages > 1 && (
            <Pagination
              className="mt-8"
              page={toPage}
              totalPages={results.totalPages}
              more={!results.countExact}
              onPage={(page) => {
                go({ toPage: page });
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          )}
        </section>
      )}
    </div>
  );
}

/** The search form: applied with Search (or at once for the sort); empty fields are not sent. */
function SearchFilters({
  filters,
  currency,
  onApply,
}: {
  filters: PropertyFilters;
  currency: string;
  onApply: (filters: PropertyFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const [open, setOpen] = useState(!isEmptySearch({ ...filters, sortBy: DEFAULT_PROPERTY_SORT }));
  const field = (name: keyof PropertyFilters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <search aria-label="Search properties">
      <form
        onSubmit={submit}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5"
      >
        <div className="flex flex-wrap items-end gap-3">
          <FormField label="City" className="min-w-44 flex-1">
            {(control) => <Input {...control} {...field('city')} placeholder="Any city" />}
          </FormField>
          <FormField label={`Min price (${currency})`} className="w-36">
            {(control) => (
              <Input {...control} {...field('minPrice')} inputMode="decimal" placeholder="No min" />
            )}
          </FormField>
          <FormField label={`Max price (${currency})`} className="w-36">
            {(control) => (
              <Input {...control} {...field('maxPrice')} inputMode="decimal" placeholder="No max" />
            )}
          </FormField>
          <FormField label="Sort" className="w-52">
            {(control) => (
              <select
                {...control}
                value={draft.sortBy}
                onChange={(event) =>
                  onApply({ ...draft, sortBy: event.target.value as PropertyFilters['sortBy'] })
                }
                className={selectClass}
              >
                {Object.entries(SORT_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls="more-filters"
              onClick={() => setOpen((value) => !value)}
              className="h-11"
            >
              <SlidersHorizontal className="size-4" aria-hidden="true" />
              More filters
            </Button>
            <Button type="submit" className="h-11">
              Search
            </Button>
          </div>
        </div>
        {open && (
          <div
            id="more-filters"
            className="mt-4 grid grid-cols-1 gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-4"
          >
            <FormField label="Bedrooms">
              {(control) => (
                <select {...control} {...field('bedrooms')} className={selectClass}>
                  <option value="">Any</option>
                  {[1, 2, 3, 4, 5].map((count) => (
                    <option key={count} value={count}>
                      {count}+
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Status">
              {(control) => (
                <select {...control} {...field('status')} className={selectClass}>
                  <option value="">Any</option>
                  {Object.entries(STATUS_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Listed from">
              {(control) => <Input {...control} {...field('createdFrom')} type="date" />}
            </FormField>
            <FormField label="Listed until">
              {(control) => <Input {...control} {...field('createdTo')} type="date" />}
            </FormField>
            <div className="sm:col-span-2 lg:col-span-4">
              <button
                type="button"
                className="text-sm font-semibold text-brand-2 hover:underline"
                onClick={() => {
                  setDraft(EMPTY_FILTERS);
                  onApply(EMPTY_FILTERS);
                }}
              >
                Clear filters
              </button>
            </div>
          </div>
        )}
      </form>
    </search>
  );
}
