import * as z from 'zod/mini';
import { MAX_BEDROOMS_MIN, MAX_SAVED_SEARCH_AREAS } from '../listing-match.ts';
import { PROPERTY_STATUSES } from '../property-values.ts';
import { cursor, queryInt } from './common.ts';
import { listEntry } from './forms.ts';
import { currencyCode, DEFAULT_CURRENCY } from './preferences.ts';

/**
 * Matching clients and saved searches to the network's listings (issue 22). A match shows the listing as
 * any agent may see it, never whose client matched it.
 */

/** What a client or a search looks for: a listing for sale or for rent. */
export const SOUGHT_STATUSES = ['for_sale', 'for_rent'] as const;

/** The listing agent, as every agent sees them. */
export const matchListingAgent = z.object({ agent_id: z.string(), full_name: z.string() });

/** The listing of a match as it is now (its current price and status). */
export const matchedListing = z.object({
  property_id: z.string(),
  title: z.string(),
  city: z.string(),
  area: z.optional(z.string()),
  /** in `currency`, as the listing agent entered it */
  price: z.number(),
  currency: z.string(),
  bedrooms_count: z.optional(z.number()),
  /** the first photo's URL */
  image: z.optional(z.string()),
  status: z.enum(PROPERTY_STATUSES),
  listing_agent: matchListingAgent,
  collaborator_commission: z.optional(z.number()),
});
export type MatchedListingView = z.infer<typeof matchedListing>;

export const listingMatch = z.object({
  listing: matchedListing,
  /** 0–100: how well the listing fits (areas, budget, interests); every match scores at least 50 */
  score: z.number(),
  /** the client's interests (or tags) the listing mentions */
  interests_found: z.array(z.string()),
  /** when the listing first matched */
  matched_at: z.string(),
  /** the open deal of this client for this listing, if one exists ("View deal" instead of "Propose deal") */
  deal_id: z.optional(z.string()),
});
export type ListingMatchView = z.infer<typeof listingMatch>;

/** Current matches, best first; a listing that no longer fits (sold, repriced out of budget) is left out. */
export const matchList = z.object({ items: z.array(listingMatch), cursor: z.optional(z.string()) });
export type MatchListView = z.infer<typeof matchList>;

export const listMatchesQuery = z.object({ cursor, limit: queryInt(1, 100, 25) });

const price = z
  .number({ error: 'must be a number' })
  .check(z.minimum(0, 'must be 0 or more'), z.maximum(1e12, 'must be at most 1000000000000'));

/** "At least n bedrooms" of a client or a search. */
export const bedroomsMin = z
  .number({ error: 'must be a number of bedrooms' })
  .check(
    z.int('must be a whole number of bedrooms'),
    z.minimum(0, 'must be 0 or more'),
    z.maximum(MAX_BEDROOMS_MIN, `must be at most ${MAX_BEDROOMS_MIN}`),
  );

export const PRICE_ORDER_MESSAGE = 'must be at least the minimum price';

export const savedSearchCreate = z
  .strictObject({
    name: z
      .string({ error: 'is required' })
      .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(80, 'must be at most 80 characters')),
    status: z.enum(SOUGHT_STATUSES, { error: `must be one of ${SOUGHT_STATUSES.join(', ')}` }),
    min_price: z.optional(price),
    max_price: z.optional(price),
    currency: z._default(currencyCode, DEFAULT_CURRENCY),
    areas: z._default(
      z
        .array(listEntry, { error: 'must be a list of areas' })
        .check(z.maxLength(MAX_SAVED_SEARCH_AREAS, `must have at most ${MAX_SAVED_SEARCH_AREAS} areas`)),
      [],
    ),
    bedrooms_min: z.optional(bedroomsMin),
  })
  .check(
    z.refine(
      (value) =>
        value.min_price === undefined || value.max_price === undefined || value.min_price <= value.max_price,
      { message: PRICE_ORDER_MESSAGE, path: ['max_price'] },
    ),
  );
export type SavedSearchCreateInput = z.input<typeof savedSearchCreate>;

export const savedSearch = z.object({
  saved_search_id: z.string(),
  name: z.string(),
  status: z.enum(SOUGHT_STATUSES),
  min_price: z.optional(z.number()),
  max_price: z.optional(z.number()),
  currency: z.string(),
  areas: z.array(z.string()),
  bedrooms_min: z.optional(z.number()),
  created_at: z.string(),
});
export type SavedSearchView = z.infer<typeof savedSearch>;

/** The caller's saved searches, newest first (at most MAX_SAVED_SEARCHES: one list, no pages). */
export const savedSearchList = z.object({ items: z.array(savedSearch) });
