import * as z from 'zod/mini';
import { CURRENCY_CODES, RATES_BASE } from '../exchange-rates.ts';
import {
  DEFAULT_PROPERTY_SORT,
  FURNISHING_OPTIONS,
  type Furnishing,
  PROPERTY_SORTS,
  PROPERTY_STATUSES,
  type PropertySort,
  type PropertyStatus,
} from '../property-values.ts';
import { cursor, id, pagination, queryInt } from './common.ts';
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

export {
  DEFAULT_PROPERTY_SORT,
  FURNISHING_OPTIONS,
  type Furnishing,
  PROPERTY_SORTS,
  PROPERTY_STATUSES,
  type PropertySort,
  type PropertyStatus,
};
/** Images per request of add/update/uploadImages. */
export const MAX_PROPERTY_FILES = 30;
/** Images one property may hold in all. */
export const MAX_PROPERTY_MEDIA = 40;
/** One property image at most (presigned or inline); larger photos are refused with a 413. */
export const MAX_PROPERTY_IMAGE_BYTES = 20 * 1024 * 1024;
/** Properties one agent may keep saved. */
export const MAX_SAVED_PROPERTIES = 200;

export const mediaItem = z.object({
  url: z.string(),
  key: z.optional(z.string()),
  type: z.optional(z.enum(['image', 'video', 'document'])),
  name: z.optional(z.string()),
  metaDetails: z.optional(z.record(z.string(), z.unknown())),
});

export const property = z.object({
  property_id: z.string(),
  agent_id: z.string(),
  agency_id: z.optional(z.string()),
  title: z.string(),
  /** as the listing agent entered it, in `currency` */
  price: z.number(),
  /** the currency the price was entered in; listings saved before prices had one are USD */
  currency: z._default(z.enum(CURRENCY_CODES), RATES_BASE),
  street_address: z.optional(z.string()),
  city: z.string(),
  area: z.optional(z.string()),
  bedrooms_count: z.optional(z.number()),
  bathrooms_count: z.optional(z.number()),
  size: z.optional(z.number()),
  measurement_metric: z.enum(AREA_UNITS),
  furnishing: z.optional(z.enum(FURNISHING_OPTIONS)),
  status: z.enum(PROPERTY_STATUSES),
  collaborator_commission: z.optional(z.number()),
  description: z.optional(z.string()),
  additionalFeatures: z.array(z.string()),
  closeTo: z.array(z.string()),
  views: z.array(z.string()),
  video_link: z.optional(z.string()),
  virtual_tour_link: z.optional(z.string()),
  metaDetails: z.record(z.string(), z.unknown()),
  media: z.array(mediaItem),
  imageOrder: z.array(z.string()),
  /** the deed was approved by EstateNet's support staff (GET /api/properties/{id}/verifications) */
  deed_verified: z.boolean(),
  /** the owner confirmed the listing through the emailed link */
  owner_acknowledged: z.boolean(),
  created_at: z.string(),
  updated_at: z.optional(z.string()),
});
export type PropertyView = z.infer<typeof property>;

const link = z.url('must be a valid URL').check(z.maxLength(2048, 'must be at most 2048 characters'));
const count = (what: string) =>
  z
    .number({ error: `must be a number of ${what}` })
    .check(
      z.int(`must be a whole number of ${what}`),
      z.minimum(0, 'must be 0 or more'),
      z.maximum(100, 'must be at most 100'),
    );
const requiredOr = (message: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const title = z
  .string({ error: requiredOr('must be text') })
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'must be at most 200 characters'));
const price = z
  .number({ error: requiredOr('must be a number') })
  .check(z.minimum(0, 'must be 0 or more'), z.maximum(1e12, 'must be at most 1,000,000,000,000'));
const city = z
  .string({ error: requiredOr('must be text') })
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'must be at most 100 characters'));
/** A currency the app has exchange rates for (contracts/exchange-rates.ts). */
const priceCurrency = z.enum(CURRENCY_CODES, { error: `must be one of ${CURRENCY_CODES.join(', ')}` });
const areaUnit = z.enum(AREA_UNITS, { error: `must be one of ${AREA_UNITS.join(', ')}` });
const propertyStatus = z.enum(PROPERTY_STATUSES, { error: `must be one of ${PROPERTY_STATUSES.join(', ')}` });
const flag = z.boolean({ error: 'must be true or false' });
const entries = z.array(listEntry).check(z.maxLength(50, 'must have at most 50 entries'));
/** An optional text field of at most `max` characters, trimmed. */
const shortText = (max: number) =>
  formText(z.optional(z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`))));

/**
 * The property form fields as they arrive in the multipart body, all optional (the update body). Files come
 * as `fileKeys` of presigned uploads.
 */
const propertyFormFields = {
  title: formText(z.optional(title)),
  price: formNumber(z.optional(price)),
  /** the price's currency; a new listing without one takes the agent's currency preference */
  currency: formText(z.optional(priceCurrency)),
  street_address: shortText(200),
  city: formText(z.optional(city)),
  area: shortText(100),
  bedrooms_count: formNumber(z.optional(count('bedrooms'))),
  bathrooms_count: formNumber(z.optional(count('bathrooms'))),
  size: formNumber(
    z.optional(
      z
        .number({ error: 'must be a number' })
        .check(z.positive('must be more than 0'), z.maximum(1e9, 'must be at most 1,000,000,000')),
    ),
  ),
  measurement_metric: formText(z.optional(areaUnit)),
  furnishing: formText(
    z.optional(z.enum(FURNISHING_OPTIONS, { error: `must be one of ${FURNISHING_OPTIONS.join(', ')}` })),
  ),
  status: formText(z.optional(propertyStatus)),
  /** percent of the commission offered to a collaborating agent */
  collaborator_commission: formNumber(
    z.optional(
      z
        .number({ error: 'must be a number' })
        .check(z.minimum(0, 'must be 0 or more'), z.maximum(100, 'must be at most 100')),
    ),
  ),
  description: formText(
    z.optional(z.string().check(z.maxLength(10_000, 'must be at most 10000 characters'))),
  ),
  additionalFeatures: formList(z.optional(entries)),
  closeTo: formList(z.optional(entries)),
  views: formList(z.optional(entries)),
  video_link: formText(z.optional(link)),
  virtual_tour_link: formText(z.optional(link)),
  metaDetails: formJson(z.optional(metadataObject)),
  /** server-owned (issue 20): accepted only as the listing has it, for clients that echo the listing back */
  deed_verified: formBoolean(z.optional(flag)),
  owner_acknowledged: formBoolean(z.optional(flag)),
  fileKeys: fileKeys(MAX_PROPERTY_FILES),
};

/**
 * POST /api/addProperty multipart body: title, price and city are required. Unknown fields are refused
 * (a file part without a file name arrives as a text field, and must not pass silently).
 */
export const propertyCreate = z.strictObject({
  ...propertyFormFields,
  title: formText(title),
  price: formNumber(price),
  city: formText(city),
  measurement_metric: formText(z._default(areaUnit, DEFAULT_AREA_UNIT)),
  status: formText(z._default(propertyStatus, 'for_sale')),
  additionalFeatures: formList(z._default(entries, [])),
  closeTo: formList(z._default(entries, [])),
  views: formList(z._default(entries, [])),
});

const mediaUrl = z
  .string()
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(2048, 'must be at most 2048 characters'));

/** Optional fields an update may clear (a multipart field sent empty means "unchanged"). */
export const CLEARABLE_PROPERTY_FIELDS = [
  'street_address',
  'area',
  'bedrooms_count',
  'bathrooms_count',
  'size',
  'furnishing',
  'collaborator_commission',
  'description',
  'video_link',
  'virtual_tour_link',
] as const;
export type ClearablePropertyField = (typeof CLEARABLE_PROPERTY_FIELDS)[number];

/**
 * PUT /api/properties/updateProperty/{id} multipart body: any subset; new fileKeys (and inline images) are
 * appended to media, `removeMedia` names media urls to take away, `clearFields` empties optional fields.
 * deed_verified and owner_acknowledged are the server's (derived from the listing's verifications): they
 * may be sent as they are, and a different value is refused.
 */
export const propertyUpdate = z
  .strictObject({
    ...propertyFormFields,
    clearFields: formList(
      z.optional(
        z.array(
          z.enum(CLEARABLE_PROPERTY_FIELDS, {
            error: `must list fields among ${CLEARABLE_PROPERTY_FIELDS.join(', ')}`,
          }),
        ),
      ),
    ),
    removeMedia: formList(
      z.optional(z.array(mediaUrl).check(z.maxLength(MAX_PROPERTY_MEDIA, 'must have at most 40 entries'))),
    ),
  })
  .check(
    z.refine(
      (value) => Object.values(value).some((field) => field !== undefined),
      'must change at least one field',
    ),
  );

export const addPropertyResult = z.object({ propertyId: z.string(), points_awarded: z.number() });

/**
 * A page of properties. `pagination.totalItems` is exact when `totalExact` (equality filters are counted
 * by counters); with a price or date range it is a lower bound once more matches exist than one search
 * counts. `cursor` continues after this page (absent on the last); `page` without a cursor jumps.
 */
export const propertyPage = z.object({
  items: z.array(property),
  pagination,
  totalExact: z.boolean(),
  cursor: z.optional(z.string()),
});

export const propertyList = propertyPage;

/** GET /api/properties: the network's listings newest first, or one agent's (`agent_id`). */
export const listPropertiesQuery = z.object({
  agent_id: z.optional(id),
  cursor,
  page: queryInt(1, 10_000, 1),
  limit: queryInt(1, 100, 12),
});

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be a date like 2024-05-01 or an ISO date-time',
});
const queryPrice = formNumber(
  z.optional(z.number({ error: 'must be a number' }).check(z.minimum(0, 'must be 0 or more'))),
);

/**
 * Search filters (spec §3: sort, price range, created_at range); 404 when nothing matches. The price range
 * is in `currency` (USD when absent) and compared with every listing's price converted by the stored rates.
 */
export const searchPropertiesQuery = z
  .object({
    minPrice: queryPrice,
    maxPrice: queryPrice,
    currency: formText(z._default(priceCurrency, RATES_BASE)),
    createdFrom: formText(z.optional(dateOrDateTime)),
    createdTo: formText(z.optional(dateOrDateTime)),
    city: shortText(100),
    /** at least this many bedrooms */
    bedrooms: formNumber(z.optional(count('bedrooms'))),
    status: formText(z.optional(propertyStatus)),
    sortBy: formText(
      z._default(
        z.enum(PROPERTY_SORTS, { error: `must be one of ${PROPERTY_SORTS.join(', ')}` }),
        DEFAULT_PROPERTY_SORT,
      ),
    ),
    cursor,
    page: queryInt(1, 10_000, 1),
    limit: queryInt(1, 100, 12),
  })
  .check(
    z.refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
      message: 'must be at least the minimum price',
      path: ['maxPrice'],
    }),
    z.refine(
      (q) =>
        q.createdFrom === undefined ||
        q.createdTo === undefined ||
        Date.parse(q.createdFrom) <= Date.parse(q.createdTo),
      { message: 'must not be before createdFrom', path: ['createdTo'] },
    ),
  );

export const propertySearchResult = propertyPage;

/** POST /api/properties/{id}/uploadImages multipart body; propertyId must equal the path id. */
export const propertyImagesUpload = z.strictObject({
  propertyId: id,
  type: z.literal('property-image', { error: 'must be property-image' }),
  metaDetails: formJson(z.optional(metadataObject)),
  /** presigned uploads; small images may come inline as file parts instead (the handler needs at least one) */
  fileKeys: fileKeys(MAX_PROPERTY_FILES),
});

export const propertyMedia = z.object({ media: z.array(mediaItem), imageOrder: z.array(z.string()) });

/** The media urls in their new order; every url must already be in the property's media. */
export const imageOrderInput = z.strictObject({
  imageOrder: z
    .array(z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(2048)))
    .check(
      z.minLength(1, 'must list at least one image'),
      z.maxLength(200, 'must list at most 200 images'),
      z.refine((urls) => new Set(urls).size === urls.length, 'must list each image once'),
    ),
});

/** GET /api/saved-properties: every saved id (newest saved first) and one page of those properties. */
export const savedPropertiesQuery = z.object({
  page: queryInt(1, 10_000, 1),
  limit: queryInt(1, 100, 12),
});

export const savedPropertiesResult = z.object({
  savedProperties: z.array(z.string()),
  items: z.array(property),
  pagination,
});

/** PUT/DELETE /api/saved-properties/{id}: the saved ids after the change. */
export const savedPropertyIds = z.object({ savedProperties: z.array(z.string()) });
