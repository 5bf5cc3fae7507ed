import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  isEmptySearch,
  pageWindow,
  readListing,
  searchQuery,
  typedAmount,
  writeListing,
} from './listing.ts';

describe('the property list state in the URL', () => {
  it('reads filters, page and layout back as they were written, leaving defaults out', () => {
    const location = {
      filters: { ...EMPTY_FILTERS, city: 'Porto', minPrice: '200000', sortBy: 'price_asc' as const },
      toPage: 3,
      gridStyle: 'list' as const,
    };

    const params = writeListing(location);

    expect(params.toString()).toBe('sortBy=price_asc&minPrice=200000&city=Porto&page=3&view=list');
    expect(readListing(params)).toEqual(location);
    expect(writeListing({ filters: EMPTY_FILTERS, toPage: 1, gridStyle: 'grid' }).toString()).toBe('');
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(readListing(new URLSearchParams('sortBy=cheapest&page=-4&view=table'))).toEqual({
      filters: EMPTY_FILTERS,
      toPage: 1,
      gridStyle: 'grid',
    });
  });
});

describe('searches', () => {
  it('skips a search whose parameters are all empty (spec §5), the default sort included', () => {
    expect(isEmptySearch(EMPTY_FILTERS)).toBe(true);
    expect(isEmptySearch({ ...EMPTY_FILTERS, city: '  ' })).toBe(true);
    expect(isEmptySearch({ ...EMPTY_FILTERS, sortBy: 'oldest' })).toBe(false);
    expect(isEmptySearch({ ...EMPTY_FILTERS, bedrooms: '2' })).toBe(false);
  });

  it('sends only the given filters, the price range as typed with the currency it is in', () => {
    const query = searchQuery(
      { ...EMPTY_FILTERS, minPrice: '100,000', maxPrice: '200000', city: ' Lisbon ', status: 'for_sale' },
      2,
      12,
      'EUR',
      'cursor-1',
    );

    expect(query).toEqual({
      sortBy: 'newest',
      page: 2,
      limit: 12,
      minPrice: 100_000,
      maxPrice: 200_000,
      currency: 'EUR',
      city: 'Lisbon',
      status: 'for_sale',
      cursor: 'cursor-1',
    });
    expect(searchQuery({ ...EMPTY_FILTERS, city: 'Porto' }, 1, 12, 'EUR')).not.toHaveProperty('currency');
    expect(typedAmount('abc')).toBeUndefined();
    expect(typedAmount('')).toBeUndefined();
    expect(typedAmount('1 250.5')).toBe(1250.5);
  });
});

describe('page numbers', () => {
  it('shows every page of a short list and a window with gaps for a long one', () => {
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 'gap', 20]);
  });
});
