import { BellDot } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import type { ListingMatch, MatchListView } from './api.ts';
import { MatchCard, MatchCardSkeletons } from './MatchCard.tsx';

// The deal dialog loads when a deal is proposed, from the listing page's chunk that holds it: imported
// from here too, it would become a chunk of its own that every route's preload list names (the dashboard's
// first load has no room for it).
const CollaborateDialog = lazy(() =>
  import('../properties/PropertyDetailPage.tsx').then((module) => ({ default: module.CollaborateDialog })),
);

/** What MatchList reads of an infinite matches query (a client's or a saved search's). */
export interface MatchesQuery {
  data?: { pages: MatchListView[] } | undefined;
  error?: unknown;
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * Matches best first, a page at a time: placeholders while the first page loads, the failure with Try
 * again, `empty` when there are none. Each match proposes a deal in Collaborate on this listing, with
 * `clientId` chosen when the matches are a client's.
 */
export function MatchList({
  query,
  label,
  intro,
  empty,
  clientId,
  proposeLabel,
}: {
  query: MatchesQuery;
  /** the list's accessible name */
  label: string;
  intro?: ReactNode;
  empty: ReactNode;
  clientId?: string;
  proposeLabel?: string;
}) {
  const matches = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.items), [query.data]);
  const [proposing, setProposing] = useState<ListingMatch>();

  if (query.isLoading) {
    return (
      <section aria-busy="true" aria-label="Loading matches">
        <MatchCardSkeletons />
      </section>
    );
  }
  if (query.isError && matches.length === 0) {
    return (
      <EmptyState
        className="py-8"
        title="The matches could not be loaded"
        description={apiErrorMessage(query.error, 'Please try again.')}
        action={
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (matches.length === 0) return empty;

  return (
    <>
      {intro && <p className="mb-3 text-sm text-slate-600">{intro}</p>}
      <ul aria-label={label} className="space-y-3">
        {matches.map((match) => (
          <li key={match.listing.property_id}>
            <MatchCard match={match} onPropose={setProposing} {...(proposeLabel ? { proposeLabel } : {})} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Show more matches
          </Button>
        </div>
      )}
      {proposing && (
        <Suspense fallback={null}>
          <CollaborateDialog
            key={proposing.listing.property_id}
            listing={proposing.listing}
            {...(clientId ? { clientId } : {})}
            open
            onOpenChange={(open) => !open && setProposing(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Nothing matches yet: the agent is told a notification will come. */
export function NoMatchesYet() {
  return (
    <EmptyState
      className="py-8"
      icon={<BellDot />}
      title="No matches yet"
      description="No listings on the network match yet — you'll be notified when one does."
    />
  );
}
