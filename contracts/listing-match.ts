import type { ClientType } from './client-values.ts';

/**
 * Matching listings to what clients look for (issue 22). Zod-free and pure: the matcher (a consumer of the
 * listing events), the client's Matches tab and the tests all read it.
 *
 * Cost that does not grow with the network: a client's criteria are indexed under the partitions a listing
 * can be found from — what it is (for sale / for rent), where (each preferred area, or anywhere) and its
 * price band — so a new listing reads only the criteria of its own status, city or area, and price band,
 * plus those with an open budget, and never the rest of the network's clients.
 */

/** What each kind of client looks for; sellers and landlords bring listings instead. */
export const STATUS_SOUGHT: Partial<Record<ClientType, 'for_sale' | 'for_rent'>> = {
  buyer: 'for_sale',
  investor: 'for_sale',
  tenant: 'for_rent',
};
export type SoughtStatus = 'for_sale' | 'for_rent';

/** What a client (or a saved search) asks of a listing, in the units the matcher compares. */
export interface MatchCriteria {
  status: SoughtStatus;
  /** budget in USD; either end may be open */
  minUsd?: number;
  maxUsd?: number;
  /** normalised area names (see `normaliseArea`); empty = anywhere */
  areas: string[];
  minBedrooms?: number;
  /** normalised words or phrases the agent noted as interests ("sea view", "garden") */
  interests: string[];
}

/** What the matcher knows of a listing. */
export interface ListingFacts {
  status: string;
  priceUsd: number;
  city: string;
  area?: string;
  bedrooms?: number;
  /** title, features, views and what it is close to: where interests are looked for */
  text: string;
}

export interface ListingMatch {
  /** 0–100: areas, budget fit and interests; a match scores at least 50 */
  score: number;
  /** the interests the listing mentions */
  interestsFound: string[];
}

/** Lower case, no accents, single spaces: "  Évora " and "evora" are one area. */
export function normaliseArea(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The area key of criteria with no preferred area. */
export const ANYWHERE = '*';

/** Whether the listing meets every criterion, and how well; undefined when it does not. */
export function matchListing(criteria: MatchCriteria, listing: ListingFacts): ListingMatch | undefined {
  if (listing.status !== criteria.status) return undefined;
  if (criteria.minUsd !== undefined && listing.priceUsd < criteria.minUsd) return undefined;
  if (criteria.maxUsd !== undefined && listing.priceUsd > criteria.maxUsd) return undefined;
  if (criteria.minBedrooms !== undefined && (listing.bedrooms ?? 0) < criteria.minBedrooms) return undefined;
  const places = [listing.city, listing.area ?? ''].map(normaliseArea).filter(Boolean);
  const inArea = criteria.areas.length === 0 || criteria.areas.some((area) => places.includes(area));
  if (!inArea) return undefined;

  const text = normaliseArea(listing.text);
  const interestsFound = criteria.interests.filter((interest) => interest && text.includes(interest));
  // 50 for meeting every criterion; up to 25 for a named area (not "anywhere"), 15 for the price's place
  // in the budget (its middle best), 10 for the interests the listing mentions
  const areaPoints = criteria.areas.length > 0 ? 25 : 10;
  const budgetPoints = budgetFit(criteria, listing.priceUsd) * 15;
  const interestPoints = criteria.interests.length
    ? (interestsFound.length / criteria.interests.length) * 10
    : 5;
  return { score: Math.round(50 + areaPoints + budgetPoints + interestPoints), interestsFound };
}

/** 1 at the middle of a closed budget, falling to 0 at its ends; 0.5 for an open one. */
function budgetFit(criteria: MatchCriteria, priceUsd: number): number {
  if (criteria.minUsd === undefined || criteria.maxUsd === undefined) return 0.5;
  const half = (criteria.maxUsd - criteria.minUsd) / 2;
  if (half <= 0) return 1;
  return Math.max(0, 1 - Math.abs(priceUsd - (criteria.minUsd + half)) / half);
}

/** Each price band is this many times the one below it (USD). */
export const PRICE_BAND_RATIO = 1.25;
/** Criteria spanning more bands than this are kept under the open band (read for every listing). */
export const MAX_BANDS_PER_CRITERIA = 12;
/** The band of criteria with an open or very wide budget. */
export const OPEN_BAND = 'OPEN';

/** The price band of a price in USD: prices within a factor of PRICE_BAND_RATIO share one. */
export function priceBand(usd: number): string {
  const band = Math.max(0, Math.floor(Math.log(Math.max(usd, 1)) / Math.log(PRICE_BAND_RATIO)));
  return `B${String(band).padStart(3, '0')}`;
}

/** The bands under which criteria are indexed: every band their budget touches, or the open band. */
export function criteriaBands(criteria: Pick<MatchCriteria, 'minUsd' | 'maxUsd'>): string[] {
  if (criteria.minUsd === undefined || criteria.maxUsd === undefined) return [OPEN_BAND];
  const low = Number(priceBand(criteria.minUsd).slice(1));
  const high = Number(priceBand(criteria.maxUsd).slice(1));
  if (high - low + 1 > MAX_BANDS_PER_CRITERIA) return [OPEN_BAND];
  return Array.from({ length: high - low + 1 }, (_, index) => `B${String(low + index).padStart(3, '0')}`);
}

/** The areas under which criteria are indexed: each preferred area, or anywhere. */
export const criteriaAreas = (criteria: Pick<MatchCriteria, 'areas'>): string[] =>
  criteria.areas.length ? [...new Set(criteria.areas)] : [ANYWHERE];

/** Every (area, band) partition a listing's matching criteria can be under: at most 3 areas × 2 bands. */
export function listingPartitions(listing: Pick<ListingFacts, 'city' | 'area' | 'priceUsd'>): Array<{
  area: string;
  band: string;
}> {
  const areas = [
    ...new Set([normaliseArea(listing.city), normaliseArea(listing.area ?? '')].filter(Boolean)),
    ANYWHERE,
  ];
  const bands = [priceBand(listing.priceUsd), OPEN_BAND];
  return areas.flatMap((area) => bands.map((band) => ({ area, band })));
}

/** Saved searches an agent may keep (enforced with a counter in the transaction that adds one). */
export const MAX_SAVED_SEARCHES = 20;
/** Areas one saved search may name: its index items stay few enough to write in one request. */
export const MAX_SAVED_SEARCH_AREAS = 10;
/** The most bedrooms a client or a search may ask for at least. */
export const MAX_BEDROOMS_MIN = 50;

/** Where a match notification opens: the client's Matches tab, or the saved search's matches. */
export const clientMatchesLink = (clientId: string) =>
  `/clients?client=${encodeURIComponent(clientId)}&tab=matches`;
export const savedSearchMatchesLink = (savedSearchId: string) =>
  `/properties/saved?tab=searches&search=${encodeURIComponent(savedSearchId)}`;
