import * as z from 'zod';
import { id, pagination } from './common.ts';
import {
  fileKeys,
  formBoolean,
  formJson,
  formList,
  formNumber,
  formText,
  listEntry,
  metadataObject,
} from './forms.ts';
import { AREA_UNITS, DEFAULT_AREA_UNIT } from './preferences.ts';

export const PROPERTY_STATUSES = ['for_sale', 'for_rent', 'under_offer', 'sold', 'rented'] as const;
export const FURNISHING_OPTIONS = ['furnished', 'semi_furnished', 'unfurnished'] as const;
export const PROPERTY_SORTS = ['newest', 'oldest', 'price_asc', 'price_desc'] as const;
export const DEFAULT_PROPERTY_SORT = 'newest';
/** Images per request of add/update/uploadImages. */
export const MAX_PROPERTY_FILES = 30;

export const mediaItem = z.object({
  url: z.string(),
  key: z.string().optional(),
  type: z.enum(['image', 'video', 'document']).optional(),
  name: z.string().optional(),
  metaDetails: z.record(z.string(), z.unknown()).optional(),
});

export const property = z.object({
  property_id: z.string(),
  agent_id: z.string(),
  agency_id: z.string().optional(),
  title: z.string(),
  price: z.number(),
  street_address: z.string().optional(),
  city: z.string(),
  area: z.string().optional(),
  bedrooms_count: z.number().optional(),
  bathrooms_count: z.number().optional(),
  size: z.number().optional(),
  measurement_metric: z.enum(AREA_UNITS),
  furnishing: z.enum(FURNISHING_OPTIONS).optional(),
  status: z.enum(PROPERTY_STATUSES),
  collaborator_commission: z.number().optional(),
  description: z.string().optional(),
  additionalFeatures: z.array(z.string()),
  closeTo: z.array(z.string()),
  views: z.array(z.string()),
  video_link: z.string().optional(),
  virtual_tour_link: z.string().optional(),
  metaDetails: z.record(z.string(), z.unknown()),
  media: z.array(mediaItem),
  imageOrder: z.array(z.string()),
  deed_verified: z.boolean(),
  owner_acknowledged: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().optional(),
});
export type PropertyView = z.infer<typeof property>;

const link = z.url('must be a valid URL').max(2048, 'must be at most 2048 characters');
const count = (what: string) =>
  z
    .number({ error: `must be a number of ${what}` })
    .int(`must be a whole number of ${what}`)
    .min(0, 'must be 0 or more')
    .max(100, 'must be at most 100');
const requiredOr = (message: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const title = z
  .string({ error: requiredOr('must be text') })
  .trim()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters');
const price = z
  .number({ error: requiredOr('must be a number') })
  .min(0, 'must be 0 or more')
  .max(1e12);
const city = z
  .string({ error: requiredOr('must be text') })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters');
const areaUnit = z.enum(AREA_UNITS, { error: `must be one of ${AREA_UNITS.join(', ')}` });
const propertyStatus = z.enum(PROPERTY_STATUSES, { error: `must be one of ${PROPERTY_STATUSES.join(', ')}` });
const flag = z.boolean({ error: 'must be true or false' });
const entries = z.array(listEntry).max(50, 'must have at most 50 entries');

/**
 * The property form fields as they arrive in the multipart body, all optional (the update body). Files come
 * as `fileKeys` of presigned uploads.
 */
const propertyFormFields = {
  title: formText(title.optional()),
  price: formNumber(price.optional()),
  street_address: formText(z.string().trim().max(200, 'must be at most 200 characters').optional()),
  city: formText(city.optional()),
  area: formText(z.string().trim().max(100, 'must be at most 100 characters').optional()),
  bedrooms_count: formNumber(count('bedrooms').optional()),
  bathrooms_count: formNumber(count('bathrooms').optional()),
  size: formNumber(
    z.number({ error: 'must be a number' }).positive('must be more than 0').max(1e9).optional(),
  ),
  measurement_metric: formText(areaUnit.optional()),
  furnishing: formText(
    z.enum(FURNISHING_OPTIONS, { error: `must be one of ${FURNISHING_OPTIONS.join(', ')}` }).optional(),
  ),
  status: formText(propertyStatus.optional()),
  /** percent of the commission offered to a collaborating agent */
  collaborator_commission: formNumber(
    z
      .number({ error: 'must be a number' })
      .min(0, 'must be 0 or more')
      .max(100, 'must be at most 100')
      .optional(),
  ),
  description: formText(z.string().max(10_000, 'must be at most 10000 characters').optional()),
  additionalFeatures: formList(entries.optional()),
  closeTo: formList(entries.optional()),
  views: formList(entries.optional()),
  video_link: formText(link.optional()),
  virtual_tour_link: formText(link.optional()),
  metaDetails: formJson(metadataObject.optional()),
  deed_verified: formBoolean(flag.optional()),
  owner_acknowledged: formBoolean(flag.optional()),
  fileKeys: fileKeys(MAX_PROPERTY_FILES),
};

/** POST /api/addProperty multipart body: title, price and city are required. */
export const propertyCreate = z.object({
  ...propertyFormFields,
  title: formText(title),
  price: formNumber(price),
  city: formText(city),
  measurement_metric: formText(areaUnit.default(DEFAULT_AREA_UNIT)),
  status: formText(propertyStatus.default('for_sale')),
  additionalFeatures: formList(entries.default([])),
  closeTo: formList(entries.default([])),
  views: formList(entries.default([])),
  deed_verified: formBoolean(flag.default(false)),
  owner_acknowledged: formBoolean(flag.default(false)),
});

/**
 * PUT /api/properties/updateProperty/{id} multipart body: any subset; new fileKeys are appended to media.
 * Setting deed_verified or owner_acknowledged to true emits the reputation event once.
 */
export const propertyUpdate = z
  .object(propertyFormFields)
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'must change at least one field',
  );

export const addPropertyResult = z.object({ propertyId: z.string(), points_awarded: z.number() });

export const propertyList = z.object({ items: z.array(property), cursor: z.string().optional() });

export const listPropertiesQuery = z.object({
  agent_id: id.optional(),
  cursor: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be a date like 2024-05-01 or an ISO date-time',
});
const queryPrice = formNumber(z.number({ error: 'must be a number' }).min(0, 'must be 0 or more').optional());

/** Search filters (spec §3: sort, price range, created_at range); 404 when nothing matches. */
export const searchPropertiesQuery = z
  .object({
    minPrice: queryPrice,
    maxPrice: queryPrice,
    createdFrom: formText(dateOrDateTime.optional()),
    createdTo: formText(dateOrDateTime.optional()),
    city: formText(z.string().trim().max(100, 'must be at most 100 characters').optional()),
    /** at least this many bedrooms */
    bedrooms: formNumber(count('bedrooms').optional()),
    status: formText(propertyStatus.optional()),
    sortBy: formText(
      z
        .enum(PROPERTY_SORTS, { error: `must be one of ${PROPERTY_SORTS.join(', ')}` })
        .default(DEFAULT_PROPERTY_SORT),
    ),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'must be at least minPrice',
    path: ['maxPrice'],
  })
  .refine(
    (q) =>
      q.createdFrom === undefined ||
      q.createdTo === undefined ||
      Date.parse(q.createdFrom) <= Date.parse(q.createdTo),
    { message: 'must not be before createdFrom', path: ['createdTo'] },
  );

export const propertySearchResult = z.object({ items: z.array(property), pagination });

/** POST /api/properties/{id}/uploadImages multipart body; propertyId must equal the path id. */
export const propertyImagesUpload = z.object({
  propertyId: id,
  type: z.literal('property-image', { error: 'must be property-image' }),
  metaDetails: formJson(metadataObject.optional()),
  /** presigned uploads; small images may come inline as file parts instead (the handler needs at least one) */
  fileKeys: fileKeys(MAX_PROPERTY_FILES),
});

export const propertyMedia = z.object({ media: z.array(mediaItem), imageOrder: z.array(z.string()) });

/** The media urls in their new order; every url must already be in the property's media. */
export const imageOrderInput = z
  .object({
    imageOrder: z
      .array(z.string().trim().min(1, 'must not be empty').max(2048))
      .min(1, 'must list at least one image')
      .max(200, 'must list at most 200 images')
      .refine((urls) => new Set(urls).size === urls.length, 'must list each image once'),
  })
  .strict();
