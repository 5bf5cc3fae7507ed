/**
 * The property vocabularies, free of zod so the browser's property screens can use them without the schema
 * code (contracts/schemas/properties.ts re-exports them for the handlers and the schemas).
 */

export const PROPERTY_STATUSES = ['for_sale', 'for_rent', 'under_offer', 'sold', 'rented'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

export const FURNISHING_OPTIONS = ['furnished', 'semi_furnished', 'unfurnished'] as const;
export type Furnishing = (typeof FURNISHING_OPTIONS)[number];

export const PROPERTY_SORTS = ['newest', 'oldest', 'price_asc', 'price_desc'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];
export const DEFAULT_PROPERTY_SORT = 'newest' satisfies PropertySort;

/** Spec §3/§9: the default sort reads "Sort by Newest". */
export const SORT_LABELS: Record<PropertySort, string> = {
  newest: 'Sort by Newest',
  oldest: 'Sort by Oldest',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
};

export const isPropertySort = (value: string): value is PropertySort =>
  (PROPERTY_SORTS as readonly string[]).includes(value);
