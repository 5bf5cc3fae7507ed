import { type SoughtStatus, STATUS_SOUGHT } from '#contracts/listing-match';
import { formatMoney } from '../preferences/format.ts';
import { STATUS_LABELS } from '../properties/labels.ts';
import type { PropertyFilters } from '../properties/types.ts';
import type { NewSavedSearch, SavedSearch } from './api.ts';

/** For sale, for rent: what a search looks for (the zod-free contract's, keeping zod off this screen). */
export const SOUGHT_STATUSES = [...new Set(Object.values(STATUS_SOUGHT))];
type SearchCriteria = Pick<SavedSearch, 'status' | 'min_price' | 'max_price' | 'currency' | 'areas'> & {
  bedrooms_min?: number | undefined;
};

export const isSoughtStatus = (status: string): status is SoughtStatus =>
  (SOUGHT_STATUSES as string[]).includes(status);

/** "€300,000 – €500,000", "from €300,000", "up to €500,000", or '' for any price. */
function priceRange({ min_price: min, max_price: max, currency }: SearchCriteria): string {
  if (min !== undefined && max !== undefined)
    return `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
  if (min !== undefined) return `from ${formatMoney(min, currency)}`;
  if (max !== undefined) return `up to ${formatMoney(max, currency)}`;
  return '';
}

/** What a saved search looks for, in words: "For sale · Cascais · up to €500,000 · 2+ bedrooms". */
export function describeSearch(search: SearchCriteria): string {
  return [
    STATUS_LABELS[search.status],
    search.areas.length ? search.areas.join(', ') : 'Anywhere',
    priceRange(search),
    search.bedrooms_min ? `${search.bedrooms_min}+ bedrooms` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The property filters a search keeps, with the prices as the list page read them (agent's currency). */
export type SearchFilters = Pick<PropertyFilters, 'city' | 'bedrooms' | 'status'> & {
  minPrice: number | undefined;
  maxPrice: number | undefined;
};

/**
 * The saved search the property filters stand for; the filters a search cannot keep (listing dates, sort)
 * are left out. `status` is the search's, for sale by default.
 */
export function searchFromFilters(
  filters: SearchFilters,
  currency: string,
  status: SoughtStatus,
): Omit<NewSavedSearch, 'name'> & SearchCriteria {
  const { minPrice: min, maxPrice: max } = filters;
  const bedrooms = Number(filters.bedrooms);
  return {
    status,
    currency,
    areas: filters.city.trim() ? [filters.city.trim()] : [],
    ...(min === undefined ? {} : { min_price: Math.max(0, min) }),
    ...(max === undefined ? {} : { max_price: max }),
    ...(filters.bedrooms && Number.isInteger(bedrooms) ? { bedrooms_min: bedrooms } : {}),
  };
}

/** A name to start from: "For sale in Cascais, 2+ bedrooms". */
export function suggestedName(search: SearchCriteria): string {
  const place = search.areas.length ? ` in ${search.areas.join(', ')}` : '';
  const beds = search.bedrooms_min ? `, ${search.bedrooms_min}+ bedrooms` : '';
  return `${STATUS_LABELS[search.status]}${place}${beds}`.slice(0, 80);
}
