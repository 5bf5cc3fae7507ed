import type { SavedSearch } from './api.ts';
import { useListSavedSearchMatchesInfiniteQuery } from './api.ts';
import { MatchList, NoMatchesYet } from './MatchList.tsx';

/** A saved search's matches, best first; "Propose a client" brings one of the agent's clients to one. */
export function SavedSearchMatches({ search }: { search: SavedSearch }) {
  // matches come from the bus (other agents' listings): read them again whenever the search opens
  const query = useListSavedSearchMatchesInfiniteQuery(search.saved_search_id, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <MatchList
      query={query}
      label={`Matches for ${search.name}`}
      empty={<NoMatchesYet />}
      proposeLabel="Propose a client"
    />
  );
}
