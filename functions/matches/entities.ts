import type { MatchCriteria } from '#contracts/listing-match';
import type { SavedSearchView } from '#contracts/schemas/matches';
import { defineEntity } from '#platform/data/entity';

/**
 * Matching clients and saved searches to listings (docs/decisions.md, "Matching clients to listings").
 *
 * Whoever looks for listings — a client, or an agent's saved search — is an *owner* (`client:<id>` or
 * `search:<id>`). An owner's criteria are indexed under every partition a matching listing reads
 * (`MatchCriteriaEntry`: status × area-or-anywhere × price-band-or-open, `listingPartitions`), with a head
 * item that says which partitions hold them and from which version of the owner. A match is recorded once
 * per owner and listing (`MatchRecord`), in the owner's own partition.
 */

export type MatchOwnerKind = 'client' | 'search';

/** One owner's criteria in one partition: the few bytes a new listing reads to decide. */
export interface MatchCriteriaEntryItem {
  /** `<status>|<area, URI-encoded>|<band>` */
  partition: string;
  owner: string;
  /** the agent notified of its matches (and whose own listings it never matches) */
  agent_id: string;
  /** the client's name or the search's, for the notification */
  label: string;
  criteria: MatchCriteria;
  /** the owner's version these criteria were read from */
  criteria_version: string;
}

export const MatchCriteriaEntry = defineEntity<MatchCriteriaEntryItem, 'partition' | 'owner'>()({
  type: 'matchCriteria',
  key: {
    pk: { prefix: 'MATCH_CRITERIA', attributes: ['partition'] },
    sk: { prefix: 'OWNER', attributes: ['owner'] },
  },
});

/** Which partitions hold an owner's criteria, and from which version (a late sync never undoes a newer). */
export interface MatchCriteriaHeadItem {
  owner: string;
  version: string;
  partitions: string[];
}

export const MatchCriteriaHead = defineEntity<MatchCriteriaHeadItem, 'owner'>()({
  type: 'matchCriteriaHead',
  key: { pk: { prefix: 'MATCH_OWNER', attributes: ['owner'] }, sk: { prefix: 'CRITERIA' } },
});

/** A listing that matched an owner, recorded once (the conditional create that makes a redelivery a no-op). */
export interface MatchRecordItem {
  owner: string;
  property_id: string;
  score: number;
  interests_found: string[];
  matched_at: string;
}

export const MatchRecord = defineEntity<MatchRecordItem, 'owner' | 'property_id'>()({
  type: 'matchRecord',
  key: {
    pk: { prefix: 'MATCH_OWNER', attributes: ['owner'] },
    sk: { prefix: 'MATCH', attributes: ['property_id'] },
  },
});

/** A saved search, in its agent's partition: another agent's is simply not there (404). */
export type SavedSearchItem = SavedSearchView & { agent_id: string };

export const SavedSearch = defineEntity<SavedSearchItem, 'agent_id' | 'saved_search_id'>()({
  type: 'savedSearch',
  key: {
    pk: { prefix: 'AGENT_SEARCHES', attributes: ['agent_id'] },
    sk: { prefix: 'SEARCH', attributes: ['saved_search_id'] },
  },
});

/** How many searches an agent has saved: the cap is checked on it in the transaction that adds one. */
export interface SavedSearchCountItem {
  agent_id: string;
  saved: number;
}

export const SavedSearchCount = defineEntity<SavedSearchCountItem, 'agent_id'>()({
  type: 'savedSearchCount',
  key: { pk: { prefix: 'AGENT_SEARCHES', attributes: ['agent_id'] }, sk: { prefix: 'COUNT' } },
});

export const ownerOf = (kind: MatchOwnerKind, id: string) => `${kind}:${id}`;
