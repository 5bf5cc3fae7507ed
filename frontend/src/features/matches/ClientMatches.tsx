import { BellRing, PencilLine, SearchCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import type { Client } from '../clients/api.ts';
import { CollaborateDialog } from '../deals/CollaborateDialog.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { type ListingMatch, useListClientMatchesInfiniteQuery } from './api.ts';
import { MatchCard, MatchCardSkeletons } from './MatchCard.tsx';
import { noMatchReason } from './matchReasons.ts';

/**
 * A client's Matches tab: the network's listings that match what the client looks for, best first, a page
 * at a time. "Propose deal" opens Collaborate on this listing with the client chosen; an open deal is
 * "View deal". Empty, it says why (nothing to match on, a seller, a closed client) or that it will notify.
 */
export function ClientMatches({
  client,
  canEdit,
  onEdit,
}: {
  client: Client;
  canEdit: boolean;
  onEdit: () => void;
}) {
  // matches come from the bus (another agent's listing), not from anything done here: read them on opening
  const query = useListClientMatchesInfiniteQuery(client.client_id, { refetchOnMountOrArgChange: true });
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
  if (matches.length === 0) return <NoMatches client={client} canEdit={canEdit} onEdit={onEdit} />;

  return (
    <>
      <p className="mb-3 text-sm text-slate-600">
        Other agents' listings that fit what {client.full_name} looks for, best first.
      </p>
      <ul aria-label={`Matches for ${client.full_name}`} className="space-y-3">
        {matches.map((match) => (
          <li key={match.listing.property_id}>
            <MatchCard match={match} onPropose={setProposing} />
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
        <CollaborateDialog
          key={proposing.listing.property_id}
          listing={proposing.listing}
          clientId={client.client_id}
          open
          onOpenChange={(open) => !open && setProposing(undefined)}
        />
      )}
    </>
  );
}

function NoMatches({ client, canEdit, onEdit }: { client: Client; canEdit: boolean; onEdit: () => void }) {
  const reason = noMatchReason(client);
  const editAction = canEdit ? (
    <Button variant="secondary" size="sm" onClick={onEdit}>
      <PencilLine className="size-4" aria-hidden="true" />
      Edit client
    </Button>
  ) : undefined;
  if (reason === 'no-criteria') {
    return (
      <EmptyState
        className="py-8"
        icon={<SearchCheck />}
        title="Nothing to match on yet"
        description={`Add a budget or preferred areas to ${client.full_name}, and the network's listings that fit will show here.`}
        action={editAction}
      />
    );
  }
  if (reason === 'brings-listings') {
    return (
      <EmptyState
        className="py-8"
        icon={<SearchCheck />}
        title="Matches are for buyers, investors and tenants"
        description="Sellers and landlords bring listings rather than look for them. Change the client's type if they are looking too."
        action={editAction}
      />
    );
  }
  if (reason === 'done') {
    return (
      <EmptyState
        className="py-8"
        icon={<SearchCheck />}
        title="No longer matched"
        description={`${client.full_name} is ${client.stage === 'closed' ? 'closed' : 'lost'}: move the client back to an open stage to match listings again.`}
      />
    );
  }
  return (
    <EmptyState
      className="py-8"
      icon={<BellRing />}
      title="No matches yet"
      description="No listings on the network match yet — you'll be notified when one does."
    />
  );
}
