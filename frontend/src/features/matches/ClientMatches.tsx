import { PencilLine, SearchCheck } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { type Client, useListClientMatchesInfiniteQuery } from '../clients/api.ts';
import { MatchList, NoMatchesYet } from './MatchList.tsx';
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
  return (
    <MatchList
      query={query}
      label={`Matches for ${client.full_name}`}
      intro={`Other agents' listings that fit what ${client.full_name} looks for, best first.`}
      empty={<NoMatches client={client} canEdit={canEdit} onEdit={onEdit} />}
      clientId={client.client_id}
    />
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
  return <NoMatchesYet />;
}
