import clsx from 'clsx';
import { ChevronRight, Search, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MAX_SAVED_SEARCHES } from '#contracts/listing-match';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { type SavedSearch, useDeleteSavedSearchMutation, useListSavedSearchesQuery } from './api.ts';
import { describeSearch } from './savedSearchText.ts';

// the matches (cards, the deal dialog) load when a search is opened, not with the list of searches
const SavedSearchMatches = lazy(() =>
  import('./SavedSearchMatches.tsx').then((module) => ({ default: module.SavedSearchMatches })),
);

/**
 * The Saved page's Searches tab: the agent's saved property searches, newest first, each opening onto its matches among
 * the network's listings (?search=<id> opens one: a match notification links there). Delete asks first.
 */
export function SavedSearchesPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('search');
  const query = useListSavedSearchesQuery();
  const searches = query.data?.items ?? [];
  const [deleting, setDeleting] = useState<SavedSearch>();

  const toggle = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (openId === id) next.delete('search');
        else next.set('search', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // arriving from a notification: the search it names comes into view
  useEffect(() => {
    if (openId && query.isSuccess)
      document.getElementById(`saved-search-${openId}`)?.scrollIntoView({ block: 'start' });
  }, [openId, query.isSuccess]);

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Saved searches</h1>
          <p className="mt-1 text-sm text-slate-600">
            New listings on the network that match a saved search are notified, like your clients' matches.
            {query.isSuccess && ` ${searches.length} of ${MAX_SAVED_SEARCHES} saved.`}
          </p>
        </div>
        <Link to={paths.propertyList} className={buttonClassName({ variant: 'secondary' })}>
          <Search className="size-4" aria-hidden="true" />
          Search properties
        </Link>
      </header>

      {query.isLoading ? (
        <div className="flex justify-center py-24 text-brand-2">
          <Spinner className="size-8" label="Loading your saved searches" />
        </div>
      ) : query.isError ? (
        <Card>
          <EmptyState
            title="Your saved searches could not be loaded"
            description={apiErrorMessage(query.error, 'Please try again.')}
            action={<Button onClick={() => query.refetch()}>Try again</Button>}
          />
        </Card>
      ) : searches.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Search />}
            title="No saved searches yet"
            description="Search the network's properties, then choose Save this search: you'll be notified when a new listing matches it."
            action={
              <Link to={paths.propertyList} className={buttonClassName()}>
                Search properties
              </Link>
            }
          />
        </Card>
      ) : (
        <ul aria-label="Saved searches" className="space-y-3">
          {searches.map((search) => (
            <li key={search.saved_search_id} id={`saved-search-${search.saved_search_id}`}>
              <SavedSearchItem
                search={search}
                open={openId === search.saved_search_id}
                onToggle={() => toggle(search.saved_search_id)}
                onDelete={() => setDeleting(search)}
              />
            </li>
          ))}
        </ul>
      )}

      {deleting && (
        <DeleteSearchDialog
          search={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            if (openId === deleting.saved_search_id) toggle(deleting.saved_search_id);
            setDeleting(undefined);
          }}
        />
      )}
    </div>
  );
}

function SavedSearchItem({
  search,
  open,
  onToggle,
  onDelete,
}: {
  search: SavedSearch;
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const panelId = `saved-search-matches-${search.saved_search_id}`;
  return (
    <section
      aria-label={search.name}
      className={clsx(
        'rounded-2xl border bg-white shadow-xs transition-colors',
        open ? 'border-brand-200 ring-1 ring-brand-100' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-2 p-4">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-start gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-brand-1"
        >
          <ChevronRight
            className={clsx(
              'mt-0.5 size-5 shrink-0 text-slate-400 transition-transform',
              open && 'rotate-90',
            )}
            aria-hidden="true"
          />
          <span className="min-w-0">
            <span className="block text-base font-semibold text-slate-900">{search.name}</span>
            <span className="mt-0.5 block text-sm text-slate-600">{describeSearch(search)}</span>
          </span>
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${search.name}`}
          title="Delete saved search"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600"
        >
          <Trash2 className="size-4.5" aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div id={panelId} className="border-t border-slate-100 p-4">
          <Suspense
            fallback={
              <div className="flex justify-center py-6 text-brand-2">
                <Spinner label="Loading matches" />
              </div>
            }
          >
            <SavedSearchMatches search={search} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

function DeleteSearchDialog({
  search,
  onClose,
  onDeleted,
}: {
  search: SavedSearch;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [deleteSearch, { isLoading }] = useDeleteSavedSearchMutation();
  const confirm = async () => {
    const result = await deleteSearch(search.saved_search_id);
    if ('error' in result) {
      showToast('error', apiErrorMessage(result.error, 'The search could not be deleted. Please try again.'));
      return;
    }
    showToast('success', `Deleted ${search.name}`);
    onDeleted();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      title={`Delete ${search.name}?`}
      description="Its matches go with it, and new listings that match it will no longer be notified."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={isLoading}>
            Delete search
          </Button>
        </>
      }
    />
  );
}
