import { DEFAULT_PROPERTY_SORT, isPropertySort } from '#contracts/property-values';
import type { PropertyFilters } from './types.ts';

/**
 * The property list's state as the spec names it (§3: sortBy, price range, created_at range; gridStyle,
 * toPage, totalPages, propertyCount; noResults, errorMessage). Filters, page and view live in the URL, so a
 * reload or the back button keeps them; these pure helpers read and write it.
 */

export type GridStyle = 'grid' | 'list';

export const EMPTY_FILTERS: PropertyFilters = {
  sortBy: DEFAULT_PROPERTY_SORT,
  minPrice: '',
  maxPrice: '',
  createdFrom: '',
  createdTo: '',
  city: '',
  bedrooms: '',
  status: '',
};

const FILTER_NAMES = Object.keys(EMPTY_FILTERS) as Array<keyof PropertyFilters>;

export interface ListingLocation {
  filters: PropertyFilters;
  toPage: number;
  gridStyle: GridStyle;
}

export function readListing(params: URLSearchParams): ListingLocation {
  const filters = { ...EMPTY_FILTERS };
  for (const name of FILTER_NAMES) {
    const value = params.get(name)?.trim();
    if (value) (filters as Record<string, string>)[name] = value;
  }
  if (!isPropertySort(filters.sortBy)) filters.sortBy = DEFAULT_PROPERTY_SORT;
  const page = Number(params.get('page'));
  return {
    filters,
    toPage: Number.isInteger(page) && page > 1 ? Math.min(page, 10_000) : 1,
    gridStyle: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

export function writeListing({ filters, toPage, gridStyle }: ListingLocation): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name].trim();
    if (value && !(name === 'sortBy' && value === DEFAULT_PROPERTY_SORT)) params.set(name, value);
  }
  if (toPage > 1) params.set('page', String(toPage));
  if (gridStyle === 'list') params.set('view', 'list');
  return params;
}

/** Spec §5: a search whose parameters are all empty is skipped (the plain list is shown instead). */
export function isEmptySearch(filters: PropertyFilters): boolean {
  return FILTER_NAMES.every((name) =>
    name === 'sortBy' ? filters.sortBy === DEFAULT_PROPERTY_SORT : filters[name].trim() === '',
  );
}

/** A price typed in the viewer's currency ("425,000"), as a number; undefined when empty or not a number. */
export function typedAmount(amount: string): number | undefined {
  const value = Number(amount.replace(/[\s,_]/g, ''));
  if (amount.trim() === '' || !Number.isFinite(value)) return undefined;
  return value;
}

/**
 * The query of GET /api/properties/search: empty parameters left out, the price range as typed in the
 * viewer's `currency` (the API compares it with every listing's price by the stored rates).
 */
export function searchQuery(
  filters: PropertyFilters,
  page: number,
  limit: number,
  currency: string,
  cursor?: string,
): Record<string, string | number> {
  const query: Record<string, string | number> = { sortBy: filters.sortBy, page, limit };
  const min = typedAmount(filters.minPrice);
  const max = typedAmount(filters.maxPrice);
  if (min !== undefined) query.minPrice = Math.max(0, min);
  if (max !== undefined) query.maxPrice = max;
  if (min !== undefined || max !== undefined) query.currency = currency;
  if (filters.createdFrom) query.createdFrom = filters.createdFrom;
  if (filters.createdTo) query.createdTo = filters.createdTo;
  if (filters.city.trim()) query.city = filters.city.trim();
  if (filters.bedrooms) query.bedrooms = filters.bedrooms;
  if (filters.status) query.status = filters.status;
  if (cursor) query.cursor = cursor;
  return query;
}

/** The page numbers to offer around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, total: number): Array<number | 'gap'> {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  const pages = new Set(
    [1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const [index, page] of sorted.entries()) {
    if (index > 0 && page - sorted[index - 1]! > 1) result.push('gap');
    result.push(page);
  }
  return result;
}
