import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClassName } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useSavedPropertiesQuery } from './api.ts';
import { PAGE_SIZE } from './labels.ts';
import { Pagination } from './Pagination.tsx';
import { PropertyCard, PropertyCardSkeletons } from './PropertyCard.tsx';
import { SAVED_LOAD_FAILED, selectSavedIds } from './savedSelectors.ts';

// the saved searches (issue 22) load with their tab: no route of their own, nothing on other screens
const SavedSearchesPage = lazy(() =>
  import('../matches/SavedSearchesPage.tsx').then((module) => ({ default: module.SavedSearchesPage })),
);

type SavedTab = 'properties' | 'searches';
const SAVED_TABS: Array<{ id: SavedTab; label: string }> = [
  { id: 'properties', label: 'Properties' },
  { id: 'searches', label: 'Searches' },
];

/**
 * /properties/saved: what the agent saved, in two tabs: the properties (below) and the property searches
 * (?tab=searches, with ?search=<id> opening one: a saved search's match notification links there).
 */
export function SavedPropertiesPage() {
  const [params, setParams] = useSearchParams();
  const tab: SavedTab = params.get('tab') === 'searches' ? 'searches' : 'properties';
  return (
    <div className="space-y-5">
      <nav aria-label="Saved" className="mx-auto flex max-w-7xl gap-5 border-b border-slate-200">
        {SAVED_TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            aria-current={item.id === tab ? 'page' : undefined}
            onClick={() => setParams(item.id === 'searches' ? { tab: 'searches' } : {})}
            className={clsx(
              '-mb-px border-b-2 px-0.5 pb-2.5 text-sm font-semibold transition-colors',
              item.id === tab
                ? 'border-brand-2 text-brand-800'
                : 'border-transparent text-slate-500 hover:text-slate-800',
            )}
          >
            {item.label}
          </button>
        ))}
      </nav>
      {tab === 'searches' ? (
        <Suspense
          fallback={
            <div className="flex justify-center py-24 text-brand-2">
              <Spinner className="size-8" label="Loading your saved searches" />
            </div>
          }
        >
          <SavedSearchesPage />
        </Suspense>
      ) : (
        <SavedPropertiesList />
      )}
    </div>
  );
}

/**
 * The Saved page's Properties tab: the properties the agent saved, newest saved first. Unsaving one removes its card at
 * once (the cache's saved ids, ./savedSelectors.ts); spec §4: any save or unsave asks for a refresh (its
 * tag), and the page's list is fetched again.
 */
function SavedPropertiesList() {
  const [page, setPage] = useState(1);
  const savedIds = useAppSelector(selectSavedIds);
  const { data, isLoading, isError, refetch, isFetching } = useSavedPropertiesQuery({
    page,
    limit: PAGE_SIZE,
  });

  // a page emptied by unsaving its last card goes back one page
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(page - 1);
  }, [data, page]);

  const shown = (data?.items ?? []).filter((property) => savedIds.includes(property.property_id));
  const total = data?.pagination.totalItems ?? 0;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Saved properties</h1>
        <p className="mt-1 text-sm text-slate-600" aria-live="polite">
          {isLoading ? 'Loading…' : `${savedIds.length || total} saved`}
        </p>
      </header>
      {isError && (
        <Alert>
          {SAVED_LOAD_FAILED}{' '}
          <button type="button" className="font-semibold underline" onClick={() => refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {isLoading ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          <PropertyCardSkeletons count={4} />
        </div>
      ) : shown.length === 0 && !isError ? (
        <div className="rounded-2xl border border-slate-200 bg-white">
          <EmptyState
            icon={<Heart />}
            title="No saved properties yet"
            description="Save listings you want to come back to with the heart on any property."
            action={
              <Link to={paths.propertyList} className={buttonClassName()}>
                Browse properties
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {shown.map((property) => (
              <PropertyCard key={property.property_id} property={property} />
            ))}
          </div>
          {(data?.pagination.totalPages ?? 0) > 1 && (
            <Pagination
              page={page}
              totalPages={data!.pagination.totalPages}
              onPage={setPage}
              className="mt-8"
            />
          )}
        </>
      )}
      {!isLoading && isFetching && (
        <p className="sr-only" role="status">
          Refreshing
        </p>
      )}
    </div>
  );
}
