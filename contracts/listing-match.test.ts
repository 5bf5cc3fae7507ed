import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANYWHERE,
  criteriaAreas,
  criteriaBands,
  type ListingFacts,
  listingPartitions,
  MAX_BANDS_PER_CRITERIA,
  type MatchCriteria,
  matchListing,
  normaliseArea,
  OPEN_BAND,
  priceBand,
} from './listing-match.ts';

const AREAS = ['Lisbon', 'Évora', 'Porto', 'Cascais', 'Alfama'];
const price = fc.integer({ min: 1_000, max: 50_000_000 });
const criteria: fc.Arbitrary<MatchCriteria> = fc
  .record({
    status: fc.constantFrom('for_sale' as const, 'for_rent' as const),
    budget: fc.option(fc.tuple(price, price), { nil: undefined }),
    areas: fc.subarray(AREAS).map((areas) => areas.map(normaliseArea)),
    minBedrooms: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
    interests: fc.subarray(['sea view', 'garden', 'garage']),
  })
  .map(({ budget, ...rest }) => ({
    ...rest,
    ...(budget ? { minUsd: Math.min(...budget), maxUsd: Math.max(...budget) } : {}),
  }));
const listing: fc.Arbitrary<ListingFacts> = fc.record({
  status: fc.constantFrom('for_sale', 'for_rent', 'sold'),
  priceUsd: price,
  city: fc.constantFrom(...AREAS, 'LISBON ', 'evora'),
  area: fc.option(fc.constantFrom(...AREAS), { nil: undefined }),
  bedrooms: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }),
  text: fc.constantFrom('Flat with a garden', 'SEA VIEW penthouse, garage', 'Studio'),
});

describe('matching a listing to criteria', () => {
  it('finds every matching criteria from the listing’s own partitions (the index misses none)', () => {
    fc.assert(
      fc.property(criteria, listing, (wanted, offered) => {
        fc.pre(matchListing(wanted, offered) !== undefined);
        const indexed = new Set(
          criteriaAreas(wanted).flatMap((area) => criteriaBands(wanted).map((band) => `${area}|${band}`)),
        );
        const read = listingPartitions(offered).map(({ area, band }) => `${area}|${band}`);
        expect(read.some((partition) => indexed.has(partition))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('scores every match between 50 and 100, and none outside its criteria', () => {
    fc.assert(
      fc.property(criteria, listing, (wanted, offered) => {
        const match = matchListing(wanted, offered);
        if (!match) return;
        expect(match.score).toBeGreaterThanOrEqual(50);
        expect(match.score).toBeLessThanOrEqual(100);
        expect(offered.status).toBe(wanted.status);
        if (wanted.maxUsd !== undefined) expect(offered.priceUsd).toBeLessThanOrEqual(wanted.maxUsd);
        if (wanted.minUsd !== undefined) expect(offered.priceUsd).toBeGreaterThanOrEqual(wanted.minUsd);
      }),
    );
  });

  it('reads at most six partitions for a listing, whatever the network holds', () => {
    fc.assert(
      fc.property(listing, (offered) => {
        expect(listingPartitions(offered).length).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('indexes criteria under a bounded number of bands, wide or open budgets under the open band', () => {
    expect(criteriaBands({ minUsd: 200_000, maxUsd: 400_000 })).toEqual([
      priceBand(200_000),
      'B055',
      'B056',
      priceBand(400_000),
    ]);
    expect(criteriaBands({ minUsd: 1_000, maxUsd: 90_000_000 })).toEqual([OPEN_BAND]);
    expect(criteriaBands({ maxUsd: 300_000 })).toEqual([OPEN_BAND]);
    fc.assert(
      fc.property(criteria, (wanted) => {
        expect(criteriaBands(wanted).length).toBeLessThanOrEqual(MAX_BANDS_PER_CRITERIA);
      }),
    );
    expect(criteriaAreas({ areas: [] })).toEqual([ANYWHERE]);
  });

  it('takes areas without case or accents, and ranks a named area and a centred price higher', () => {
    const base: MatchCriteria = {
      status: 'for_sale',
      minUsd: 200_000,
      maxUsd: 400_000,
      areas: [],
      interests: [],
    };
    const flat: ListingFacts = { status: 'for_sale', priceUsd: 300_000, city: 'Évora', text: 'Flat' };
    const named = matchListing({ ...base, areas: [normaliseArea('EVORA')] }, flat);
    const anywhere = matchListing(base, flat);
    expect(named?.score).toBeGreaterThan(anywhere?.score ?? 100);
    const edge = matchListing(base, { ...flat, priceUsd: 399_000 });
    expect(anywhere?.score).toBeGreaterThan(edge?.score ?? 100);
    expect(matchListing({ ...base, areas: ['porto'] }, flat)).toBeUndefined();
    expect(matchListing({ ...base, minBedrooms: 2 }, { ...flat, bedrooms: 1 })).toBeUndefined();
    expect(
      matchListing({ ...base, interests: ['garden'] }, { ...flat, text: 'A GARDEN flat' })?.interestsFound,
    ).toEqual(['garden']);
  });
});
