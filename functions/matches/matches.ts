import { randomUUID } from 'node:crypto';
import { MAX_SAVED_SEARCHES } from '#contracts/listing-match';
import type { SavedSearchCreateInput, SavedSearchView } from '#contracts/schemas/matches';
import { Client, type ClientItem } from '#functions/clients/entities';
import { currentExchangeRates } from '#functions/preferences/exchange-rates';
import { Agent } from '#platform/accounts/entities';
import { cancellationCodes, transactWrite } from '#platform/data/entity';
import { exists, lt, notExists, or } from '#platform/data/expression';
import { conflict, notFound } from '#platform/errors';
import {
  clientCriteria,
  DELETED_VERSION,
  type IndexedOwner,
  searchCriteria,
  syncCriteria,
} from './criteria.ts';
import { MatchRecord, ownerOf, SavedSearch, SavedSearchCount, type SavedSearchItem } from './entities.ts';
import { backfillMatches } from './matching.ts';

/** What the match handlers and consumers share: the owners (clients, saved searches) and their upkeep. */

export const SAVED_SEARCHES_FULL_MESSAGE = `You can save at most ${MAX_SAVED_SEARCHES} searches; delete one to save another`;

const rates = async () => (await currentExchangeRates()).rates;
/**
 * The market an agent works: the city on its profile (./criteria.ts, areasOrMarket). Read consistently:
 * after the agent moves, the re-index of its no-area owners must see the new city.
 */
const marketOf = async (agentId: string) =>
  (await Agent.get({ agent_id: agentId }, { consistent: true }))?.city;

/** The agent a client's matches are for: the one following it up, else the one who added it. */
export const clientAgentOf = (client: Pick<ClientItem, 'agentId' | 'assigned_agent_id'>) =>
  client.assigned_agent_id ?? client.agentId;

export async function clientOwner(client: ClientItem): Promise<IndexedOwner> {
  return {
    owner: ownerOf('client', client.client_id),
    agent_id: clientAgentOf(client),
    label: client.full_name,
    criteria: clientCriteria(client, await rates(), await marketOf(clientAgentOf(client))),
    version: client.updated_at ?? client.created_at,
  };
}

export async function searchOwner(search: SavedSearchItem): Promise<IndexedOwner> {
  return {
    owner: ownerOf('search', search.saved_search_id),
    agent_id: search.agent_id,
    label: search.name,
    criteria: searchCriteria(search, await rates(), await marketOf(search.agent_id)),
    version: search.created_at,
  };
}

/** Every match record of a gone owner (bounded: an owner's own partition). */
async function deleteMatchRecords(owner: string): Promise<void> {
  const records = await MatchRecord.queryAll('primary', { owner });
  for (let start = 0; start < records.length; start += 25) {
    await Promise.all(
      records
        .slice(start, start + 25)
        .map((record) => MatchRecord.delete({ owner, property_id: record.property_id })),
    );
  }
}

/**
 * Brings a client's index entries in step with the client as it is now (read consistently, so a late
 * event indexes the current client, and the head's version refuses an older one), then records the
 * listings already on the market that match it. A deleted client's entries and matches are removed.
 */
export async function syncClient(clientId: string): Promise<void> {
  const client = await Client.get({ client_id: clientId }, { consistent: true });
  const owner = ownerOf('client', clientId);
  if (!client) {
    await syncCriteria({ owner, agent_id: '', label: '', criteria: undefined, version: DELETED_VERSION });
    await deleteMatchRecords(owner);
    return;
  }
  const indexed = await clientOwner(client);
  if ((await syncCriteria(indexed)) && indexed.criteria) await backfillMatches(indexed, indexed.criteria);
}

/** Owners re-indexed at once when an agent's market moves. */
const MARKET_SYNC_CONCURRENCY = 4;

/**
 * The agent's market moved (its city changed, AgentMarketChanged): the clients it follows up and its saved
 * searches that name no area looked in the old city, so each is indexed again — in the new one — and its
 * matches there recorded. Each owner is re-read and synced at its own version, as its own change would be,
 * so an edit meanwhile still wins. Answers how many owners were re-indexed.
 */
export async function syncAgentMarket(agentId: string): Promise<number> {
  const agent = await Agent.get({ agent_id: agentId }, { consistent: true });
  if (!agent) return 0;
  const [added, agencyBook, searches] = await Promise.all([
    Client.queryAll('byAgent', { agentId }),
    agent.agency_id ? Client.queryAll('byAgency', { agencyId: agent.agency_id }) : [],
    SavedSearch.queryAll('primary', { agent_id: agentId }, { consistent: true }),
  ]);
  const clientIds = new Set(
    [...added, ...agencyBook]
      .filter((client) => clientAgentOf(client) === agentId && client.preferred_areas.length === 0)
      .map((client) => client.client_id),
  );
  const marketSearches = searches.filter((search) => search.areas.length === 0);
  const syncs: Array<() => Promise<void>> = [
    ...[...clientIds].map((clientId) => () => syncClient(clientId)),
    ...marketSearches.map((search) => () => syncSearch(search)),
  ];
  for (let start = 0; start < syncs.length; start += MARKET_SYNC_CONCURRENCY) {
    await Promise.all(syncs.slice(start, start + MARKET_SYNC_CONCURRENCY).map((sync) => sync()));
  }
  return syncs.length;
}

/** Indexes a saved search as it is now and records its matches among the listings on the market. */
async function syncSearch(search: SavedSearchItem): Promise<void> {
  const indexed = await searchOwner(search);
  if ((await syncCriteria(indexed)) && indexed.criteria) await backfillMatches(indexed, indexed.criteria);
}

const searchView = ({ agent_id, ...view }: SavedSearchItem): SavedSearchView => view;

/**
 * Saves a search: the item and the agent's count (capped, 409 beyond) in one transaction, so concurrent
 * saves cannot pass the cap; then its few index entries and its current matches, before the answer.
 */
export async function createSavedSearch(
  agentId: string,
  input: SavedSearchCreateInput,
): Promise<SavedSearchView> {
  const search: SavedSearchItem = {
    agent_id: agentId,
    saved_search_id: randomUUID(),
    name: input.name,
    status: input.status,
    ...(input.min_price === undefined ? {} : { min_price: input.min_price }),
    ...(input.max_price === undefined ? {} : { max_price: input.max_price }),
    currency: input.currency ?? 'USD',
    areas: [...new Set(input.areas ?? [])],
    ...(input.bedrooms_min === undefined ? {} : { bedrooms_min: input.bedrooms_min }),
    created_at: new Date().toISOString(),
  };
  try {
    await transactWrite([
      SavedSearch.transact.create(search),
      SavedSearchCount.transact.update(
        { agent_id: agentId },
        { add: { saved: 1 } },
        { mustExist: false, if: or(notExists('saved'), lt('saved', MAX_SAVED_SEARCHES)) },
      ),
    ]);
  } catch (error) {
    if (cancellationCodes(error)?.[1] === 'ConditionalCheckFailed')
      throw conflict(SAVED_SEARCHES_FULL_MESSAGE);
    throw error;
  }
  await syncSearch(search);
  return searchView(search);
}

/** The caller's saved search, or 404 (another agent's is not in the caller's partition). */
export async function ownSavedSearch(agentId: string, savedSearchId: string): Promise<SavedSearchItem> {
  const search = await SavedSearch.get({ agent_id: agentId, saved_search_id: savedSearchId });
  if (!search) throw notFound('Saved search');
  return search;
}

export async function listSavedSearches(agentId: string): Promise<SavedSearchView[]> {
  const searches = await SavedSearch.queryAll('primary', { agent_id: agentId }, { consistent: true });
  return searches
    .sort((a, b) => (a.created_at === b.created_at ? 0 : a.created_at > b.created_at ? -1 : 1))
    .map(searchView);
}

/** Deletes a saved search with its count (one transaction: of two deletes one gives the slot back), its entries and matches. */
export async function deleteSavedSearch(agentId: string, savedSearchId: string): Promise<void> {
  const search = await ownSavedSearch(agentId, savedSearchId);
  try {
    await transactWrite([
      SavedSearch.transact.delete(
        { agent_id: agentId, saved_search_id: search.saved_search_id },
        { if: exists('saved_search_id') },
      ),
      SavedSearchCount.transact.update({ agent_id: agentId }, { add: { saved: -1 } }),
    ]);
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') throw notFound('Saved search');
    throw error;
  }
  const owner = ownerOf('search', search.saved_search_id);
  await syncCriteria({ owner, agent_id: agentId, label: '', criteria: undefined, version: DELETED_VERSION });
  await deleteMatchRecords(owner);
}
