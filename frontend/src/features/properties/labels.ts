/**
 * Words the property screens show for the API's values (docs: "Values the spec leaves open"). Plain data,
 * no zod: the list, the cards and the form share it.
 */
export const STATUS_LABELS = {
  for_sale: 'For sale',
  for_rent: 'For rent',
  under_offer: 'Under offer',
  sold: 'Sold',
  rented: 'Rented',
} as const;

export const FURNISHING_LABELS = {
  furnished: 'Furnished',
  semi_furnished: 'Semi-furnished',
  unfurnished: 'Unfurnished',
} as const;

export { SORT_LABELS } from '#contracts/property-values';

export const AREA_UNIT_LABELS = { sqm: 'Square metres (sqm)', sqft: 'Square feet (sqft)' } as const;

export const STATUS_TONES: Record<keyof typeof STATUS_LABELS, string> = {
  for_sale: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  for_rent: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  under_offer: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  sold: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  rented: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export const statusLabel = (status: string) => STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status;
export const furnishingLabel = (value: string) =>
  FURNISHING_LABELS[value as keyof typeof FURNISHING_LABELS] ?? value;

/** Images the photo picker takes (the server checks the bytes again). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MAX_PHOTOS = 30;

/** The list's page size: three or four cards a row. */
export const PAGE_SIZE = 12;

/** Rentals are priced per month (the demo and the form say so); sales in full. */
export const isRental = (status: string) => status === 'for_rent' || status === 'rented';
