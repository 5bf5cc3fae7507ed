import type * as z from 'zod/mini';
import type { PropertySort } from '#contracts/property-values';
import type {
  addPropertyResult,
  propertyMedia,
  propertyPage,
  savedPropertiesResult,
  savedPropertyIds,
} from '#contracts/schemas/properties';

/** The property types of the API (contracts/schemas/properties.ts), types only: no zod at run time. */
export type {
  Furnishing,
  PropertySort,
  PropertyStatus,
  PropertyView as Property,
} from '#contracts/schemas/properties';
export type PropertyPage = z.infer<typeof propertyPage>;
export type PropertyMediaList = z.infer<typeof propertyMedia>;
export type MediaItem = PropertyMediaList['media'][number];
export type AddPropertyResult = z.infer<typeof addPropertyResult>;
export type SavedPropertiesPage = z.infer<typeof savedPropertiesResult>;
export type SavedPropertyIds = z.infer<typeof savedPropertyIds>;

/** A presigned POST of POST /api/uploads. */
export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresAt: string;
}

/** The search filters of the list (spec §3: sortBy, price range, created_at range) plus city, bedrooms, status. */
export interface PropertyFilters {
  sortBy: PropertySort;
  /** in the viewer's currency, as typed */
  minPrice: string;
  maxPrice: string;
  /** YYYY-MM-DD */
  createdFrom: string;
  createdTo: string;
  city: string;
  /** at least; '' for any */
  bedrooms: string;
  status: string;
}
