import {
  clientMatchesLink,
  type ListingMatch,
  listingPartitions,
  type MatchCriteria,
  matchListing,
  savedSearchMatchesLink,
} from '#contracts/listing-match';
import { Notification, notificationId } from '#functions/notifications/entities';
import { Property, type PropertyItem } from '#functions/properties/entities';
import { searchProperties } from '#functions/properties/property-search';
import { cancellationCodes, isConditionFailure, transactWrite } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { logger } from '#platform/logger';
import { listingFacts, partitionKey } from './criteria.ts';
import { MatchCriteriaEntry, type MatchCriteriaEntryItem, MatchRecord } from './entities.ts';

/** Listings on the market: what clients and searches look for. */
const ON_MARKET = new Set(['for_sale', 'for_rent']);

export interface ListingMatchReport {
  /** criteria entries read from the listing's partitions */
  candidates: number;
  /** owners the listing matched for the first time (each notified once) */
  matched: number;
}

/** The link a match notification opens. */
const linkOf = (owner: string) => {
  const [kind, id] = owner.split(/:(.*)/s) as [string, string];
  return kind === 'client' ? clientMatchesLink(id) : savedSearchMatchesLink(id);
};

const matchesMessage = (count: number, label: string) =>
  count === 1 ? `A new listing matches ${label}` : `${count} new listings match ${label}`;

/**
 * Records that a listing matched an owner, once: the record's conditional create and the owner's
 * notification of the day (one per owner and day, its count raised) are one transaction, so a redelivered
 * event writes neither again. The message then names the count read back; a concurrent match of the same
 * owner writes its own count after it. Answers false when the match was already recorded.
 */
export async function recordMatch(
  candidate: Pick<MatchCriteriaEntryItem, 'owner' | 'agent_id' | 'label'>,
  property: Pick<PropertyItem, 'property_id'>,
  match: ListingMatch,
  options: { notify: boolean; now?: string },
): Promise<boolean> {
  const now = options.now ?? new Date().toISOString();
  const record = MatchRecord.transact.create({
    owner: candidate.owner,
    property_id: property.property_id,
    score: match.score,
    interests_found: match.interestsFound,
    matched_at: now,
  });
  const day = now.slice(0, 10);
  const key = {
    agent_id: candidate.agent_id,
    notification_id: notificationId(`${day}T00:00:00.000Z`, `match:${candidate.owner}:${day}`),
  };
  try {
    await transactWrite([
      record,
      ...(options.notify
        ? [
            Notification.transact.update(
              key,
              {
                set: {
                  kind: 'match',
                  message: `New listings match ${candidate.label}`,
                  link: linkOf(candidate.owner),
                  created_at: now,
                  read: false,
                },
                add: { match_count: 1 },
              },
              { mustExist: false },
            ),
          ]
        : []),
    ]);
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
  if (options.notify) {
    const notification = await Notification.get(key, { consistent: true });
    const count = notification?.match_count ?? 1;
    try {
      await Notification.update(
        key,
        { set: { message: matchesMessage(count, candidate.label) } },
        { if: eq('match_count', count), returnValues: 'none' },
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return true;
}

/** Every criteria entry of a partition (one Query, paged). */
const entriesOf = (partition: string) => MatchCriteriaEntry.queryAll('primary', { partition });

/** Match records (each a small transaction) written at once for one listing. */
const RECORD_CONCURRENCY = 8;

export interface FoundMatch {
  candidate: MatchCriteriaEntryItem;
  match: ListingMatch;
}

/**
 * The owners a listing matches, from the criteria that can match it: its status × (city, area, anywhere) ×
 * (its price band, open) partitions — at most six Queries, whatever the network's size — then the pure
 * matcher on each candidate. The listing agent's own clients and searches are left out.
 */
export async function findListingMatches(
  property: PropertyItem,
): Promise<{ candidates: number; matches: FoundMatch[] }> {
  if (!ON_MARKET.has(property.status)) return { candidates: 0, matches: [] };
  const facts = listingFacts(property);
  const partitions = listingPartitions(facts).map(({ area, band }) =>
    partitionKey(property.status, area, band),
  );
  const candidates = (await Promise.all(partitions.map(entriesOf))).flat();
  const seen = new Set<string>();
  const matches: FoundMatch[] = [];
  for (const candidate of candidates) {
    // an owner indexed under two of the listing's areas is one candidate
    if (seen.has(candidate.owner) || candidate.agent_id === property.agent_id) continue;
    seen.add(candidate.owner);
    const match = matchListing(candidate.criteria, facts);
    if (match) matches.push({ candidate, match });
  }
  return { candidates: candidates.length, matches };
}

/**
 * Matches one listing (read as it is now) and records each owner it matches for the first time, notifying
 * its agent — who learns of the listing, never the listing agent of the owner.
 */
export async function matchListingToOwners(propertyId: string): Promise<ListingMatchReport> {
  const property = await Property.get({ property_id: propertyId }, { consistent: true });
  if (!property) return { candidates: 0, matched: 0 };
  const { candidates, matches } = await findListingMatches(property);
  let matched = 0;
  for (let start = 0; start < matches.length; start += RECORD_CONCURRENCY) {
    const recorded = await Promise.all(
      matches
        .slice(start, start + RECORD_CONCURRENCY)
        .map(({ candidate, match }) => recordMatch(candidate, property, match, { notify: true })),
    );
    matched += recorded.filter(Boolean).length;
  }
  logger.info('listing matched', { propertyId, candidates, matched });
  return { candidates, matched };
}

/** Listings one owner's backfill reads per city it names (newest first). */
export const BACKFILL_PER_AREA = 25;
/** Areas a backfill searches as cities (an owner may name 50; the first ones are its preferred). */
export const BACKFILL_AREAS = 20;
/** The newest listings of the sought status in the budget a backfill also reads: areas that are not cities. */
export const BACKFILL_MARKET = 100;

/**
 * The listings already on the market that match a new or changed owner, found with the property search's
 * own index (bounded pages, newest first, the budget as a key range): each area it names as a city, and the
 * newest listings of its status in its budget (where an area is a neighbourhood, which the search does not
 * index). Recorded without a notification: the agent is looking at the owner it just saved.
 */
export async function backfillMatches(
  owner: Pick<MatchCriteriaEntryItem, 'owner' | 'agent_id' | 'label'>,
  criteria: MatchCriteria,
): Promise<number> {
  const searches = [
    ...criteria.areas.slice(0, BACKFILL_AREAS).map((city) => ({ city, limit: BACKFILL_PER_AREA })),
    { city: undefined, limit: criteria.areas.length ? BACKFILL_MARKET : BACKFILL_PER_AREA * 2 },
  ];
  const pages = await Promise.all(
    searches.map(({ city, limit }) =>
      searchProperties({
        ...(city ? { city } : {}),
        status: criteria.status,
        ...(criteria.minUsd === undefined ? {} : { minPrice: criteria.minUsd }),
        ...(criteria.maxUsd === undefined ? {} : { maxPrice: criteria.maxUsd }),
        ...(criteria.minBedrooms ? { bedrooms: criteria.minBedrooms } : {}),
        sortBy: 'newest',
        page: 1,
        limit,
      }),
    ),
  );
  const listings = new Map(pages.flatMap((page) => page.items).map((item) => [item.property_id, item]));
  let recorded = 0;
  for (const property of listings.values()) {
    if (property.agent_id === owner.agent_id) continue;
    const match = matchListing(criteria, listingFacts(property));
    if (match && (await recordMatch(owner, property, match, { notify: false }))) recorded += 1;
  }
  return recorded;
}
