import { RATES_BASE, usdValueOf } from '#contracts/exchange-rates';
import {
  criteriaAreas,
  criteriaBands,
  type ListingFacts,
  type MatchCriteria,
  normaliseArea,
  STATUS_SOUGHT,
} from '#contracts/listing-match';
import type { ClientItem } from '#functions/clients/entities';
import { indexedPrice, type PropertyItem } from '#functions/properties/entities';
import { isConditionFailure } from '#platform/data/entity';
import { eq, lte, notExists, or } from '#platform/data/expression';
import {
  MatchCriteriaEntry,
  type MatchCriteriaEntryItem,
  MatchCriteriaHead,
  type SavedSearchItem,
} from './entities.ts';

/** Stages after which a client no longer looks for listings. */
const DONE_STAGES = new Set<ClientItem['stage']>(['closed', 'lost']);

/** The version of a deleted owner: after every real one, so no late sync brings its criteria back. */
export const DELETED_VERSION = '~deleted';

const distinct = (values: readonly string[]) => [...new Set(values.filter(Boolean))];

/** A budget in USD, the unit listings are indexed by (`indexedPrice`). */
const usd = (amount: number | undefined, currency: string, rates: Readonly<Record<string, number>>) =>
  amount === undefined ? undefined : currency === RATES_BASE ? amount : usdValueOf(amount, currency, rates);

/**
 * The areas criteria are indexed under: the ones named, else the agent's own market (the city on its
 * profile). Agents work a market: a buyer who names no area is looking in theirs, not in every town of the
 * network — and criteria under "anywhere" would be read by every new listing, a cost that grows with the
 * network (docs/decisions.md, "Matching clients to listings"). Empty when neither is known.
 */
const areasOrMarket = (named: readonly string[], market: string | undefined) =>
  distinct((named.length ? named : market ? [market] : []).map(normaliseArea));

/**
 * What a client looks for, or undefined when it looks for nothing: sellers and landlords bring listings,
 * a closed or lost client is done, one with neither an area nor a budget has not said, and one naming no
 * area whose agent names no city has no place to look. Its tags are its interests ("sea view", "garden").
 * `market`: the city of the client's agent.
 */
export function clientCriteria(
  client: ClientItem,
  rates: Readonly<Record<string, number>>,
  market?: string,
): MatchCriteria | undefined {
  const status = STATUS_SOUGHT[client.type];
  if (!status || DONE_STAGES.has(client.stage)) return undefined;
  // neither an area nor a budget: every listing would match, and every listing would read it
  if (!client.preferred_areas.length && client.budget_min === undefined && client.budget_max === undefined)
    return undefined;
  const areas = areasOrMarket(client.preferred_areas, market);
  if (!areas.length) return undefined;
  const minUsd = usd(client.budget_min, client.currency, rates);
  const maxUsd = usd(client.budget_max, client.currency, rates);
  return {
    status,
    ...(minUsd === undefined ? {} : { minUsd }),
    ...(maxUsd === undefined ? {} : { maxUsd }),
    areas,
    ...(client.bedrooms_min === undefined ? {} : { minBedrooms: client.bedrooms_min }),
    interests: distinct(client.tags.map(normaliseArea)),
  };
}

/**
 * What a saved search looks for (it names no interests): its areas, else the agent's market, else anywhere
 * (a search saved on purpose by an agent who names no city).
 */
export function searchCriteria(
  search: SavedSearchItem,
  rates: Readonly<Record<string, number>>,
  market?: string,
): MatchCriteria {
  const minUsd = usd(search.min_price, search.currency, rates);
  const maxUsd = usd(search.max_price, search.currency, rates);
  return {
    status: search.status,
    ...(minUsd === undefined ? {} : { minUsd }),
    ...(maxUsd === undefined ? {} : { maxUsd }),
    areas: areasOrMarket(search.areas, market),
    ...(search.bedrooms_min === undefined ? {} : { minBedrooms: search.bedrooms_min }),
    interests: [],
  };
}

/** What the matcher compares of a listing: its interests are looked for in its title, features, views and surroundings. */
export function listingFacts(property: PropertyItem): ListingFacts {
  return {
    status: property.status,
    priceUsd: indexedPrice(property),
    city: property.city,
    ...(property.area ? { area: property.area } : {}),
    ...(property.bedrooms_count === undefined ? {} : { bedrooms: property.bedrooms_count }),
    text: [property.title, ...property.additionalFeatures, ...property.views, ...property.closeTo].join(
      ' · ',
    ),
  };
}

/** The key of one index partition: status × area (URI-encoded: no `#` or `|`) × price band. */
export const partitionKey = (status: string, area: string, band: string) =>
  `${status}|${encodeURIComponent(area)}|${band}`;

/** Every partition criteria are indexed under (`criteriaAreas` × `criteriaBands`). */
export const criteriaPartitions = (criteria: MatchCriteria): string[] =>
  criteriaAreas(criteria).flatMap((area) =>
    criteriaBands(criteria).map((band) => partitionKey(criteria.status, area, band)),
  );

/** Index writes in flight at once (one owner may span 50 areas × 12 bands). */
const WRITE_CONCURRENCY = 16;

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += WRITE_CONCURRENCY) {
    await Promise.all(items.slice(start, start + WRITE_CONCURRENCY).map(run));
  }
}

const ignoringConditionFailure = async (write: Promise<unknown>) => {
  try {
    await write;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

export interface IndexedOwner {
  owner: string;
  agent_id: string;
  label: string;
  /** what the owner looks for now; undefined: nothing (its entries are removed) */
  criteria: MatchCriteria | undefined;
  /** orders the owner's states (its updated_at); DELETED_VERSION once it is gone */
  version: string;
}

/**
 * Brings an owner's index entries in step with its criteria at `version`. Too many entries for one
 * transaction (50 areas × 12 bands), so the head item orders the syncs instead: the head first takes the
 * version (refused when a newer one holds it) with the union of old and new partitions, the new entries are
 * put (never over a newer version's), the partitions left are cleared, and the head keeps the new ones. A
 * sync that finds a newer head at its end removes the entries it wrote itself, which a newer sync may have
 * missed. Answers false when a newer version already held the head.
 */
export async function syncCriteria(indexed: IndexedOwner): Promise<boolean> {
  const { owner, version, criteria } = indexed;
  const head = await MatchCriteriaHead.get({ owner }, { consistent: true });
  if (head && head.version > version) return false;
  const wanted = criteria ? criteriaPartitions(criteria) : [];
  if (!head && wanted.length === 0) return true;
  const previous = head?.partitions ?? [];
  try {
    await MatchCriteriaHead.put(
      { owner, version, partitions: distinct([...previous, ...wanted]) },
      { if: or(notExists('owner'), lte('version', version)) },
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  const entry = (partition: string): MatchCriteriaEntryItem => ({
    partition,
    owner,
    agent_id: indexed.agent_id,
    label: indexed.label,
    criteria: criteria!,
    criteria_version: version,
  });
  await inBatches(wanted, (partition) =>
    ignoringConditionFailure(
      MatchCriteriaEntry.put(entry(partition), {
        if: or(notExists('owner'), lte('criteria_version', version)),
      }),
    ),
  );
  const left = previous.filter((partition) => !wanted.includes(partition));
  await inBatches(left, (partition) =>
    ignoringConditionFailure(
      MatchCriteriaEntry.delete({ partition, owner }, { if: lte('criteria_version', version) }),
    ),
  );
  try {
    await MatchCriteriaHead.update(
      { owner },
      { set: { partitions: wanted } },
      { if: eq('version', version) },
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  // a newer sync took the head meanwhile: what this one wrote may lie where the newer one does not look
  await inBatches(wanted, (partition) =>
    ignoringConditionFailure(
      MatchCriteriaEntry.delete({ partition, owner }, { if: eq('criteria_version', version) }),
    ),
  );
  return false;
}
