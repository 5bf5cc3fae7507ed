import { publishEvent } from '#aws/events';
import type { DetailType } from '#contracts/events';
import type { CurrencyCode } from '#contracts/exchange-rates';
import { REPUTATION_ACTIVITIES, type ReputationActivityType } from '#contracts/reputation-points';
import type { ClearablePropertyField } from '#contracts/schemas/properties';
import type { Identity } from '#platform/auth';
import { forbidden, notFound } from '#platform/errors';
import { logger } from '#platform/logger';
import { invalidField } from '#platform/validation';
import { Property, type PropertyItem } from './entities.ts';
import type { PropertySearchPage } from './property-search.ts';

/** What the property handlers share: ownership, the fields a form may set, and the reputation events. */

export const NOT_YOUR_PROPERTY = 'Only the listing agent can change this property';

/**
 * A property the caller may change. Listings are visible to every agent, so another agent's answers 403
 * (it is not hidden); a missing one 404.
 */
export async function ownedProperty(
  identity: Pick<Identity, 'agentId'>,
  propertyId: string,
): Promise<PropertyItem> {
  const property = await Property.get({ property_id: propertyId }, { consistent: true });
  if (!property) throw notFound('Property');
  if (property.agent_id !== identity.agentId) throw forbidden(NOT_YOUR_PROPERTY);
  return property;
}

/** The form fields a create or update may set (everything but files, media and the verification flags). */
export interface PropertyFields {
  title?: string | undefined;
  price?: number | undefined;
  currency?: CurrencyCode | undefined;
  street_address?: string | undefined;
  city?: string | undefined;
  area?: string | undefined;
  bedrooms_count?: number | undefined;
  bathrooms_count?: number | undefined;
  size?: number | undefined;
  measurement_metric?: PropertyItem['measurement_metric'] | undefined;
  furnishing?: PropertyItem['furnishing'] | undefined;
  status?: PropertyItem['status'] | undefined;
  collaborator_commission?: number | undefined;
  description?: string | undefined;
  additionalFeatures?: string[] | undefined;
  closeTo?: string[] | undefined;
  views?: string[] | undefined;
  video_link?: string | undefined;
  virtual_tour_link?: string | undefined;
  metaDetails?: Record<string, unknown> | undefined;
}

const FIELD_NAMES = [
  'title',
  'price',
  'currency',
  'street_address',
  'city',
  'area',
  'bedrooms_count',
  'bathrooms_count',
  'size',
  'measurement_metric',
  'furnishing',
  'status',
  'collaborator_commission',
  'description',
  'additionalFeatures',
  'closeTo',
  'views',
  'video_link',
  'virtual_tour_link',
  'metaDetails',
] as const satisfies ReadonlyArray<keyof PropertyFields>;

/** The given fields only (undefined ones left out), ready to spread over a property. */
export function fieldsOf(body: PropertyFields): Partial<PropertyItem> {
  const fields: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const value = body[name];
    if (value !== undefined) fields[name] = typeof value === 'string' ? value.trim() : value;
  }
  // an empty optional text is no value at all
  for (const name of ['description', 'street_address', 'area'] as const) {
    if (fields[name] === '') delete fields[name];
  }
  return fields as Partial<PropertyItem>;
}

/** `property` without the fields to clear. */
export function withoutFields(
  property: PropertyItem,
  clear: readonly ClearablePropertyField[] = [],
): PropertyItem {
  const next = { ...property } as Record<string, unknown>;
  for (const name of clear) delete next[name];
  return next as unknown as PropertyItem;
}

/**
 * `deed_verified` and `owner_acknowledged` are the server's (issue 20): derived from the listing's
 * verifications (functions/verifications/verifications.ts), never set by its agent. A create or update may still
 * send them as they are (older clients echo the listing back); a value that differs is refused, naming
 * the way the listing earns it.
 */
const SERVER_OWNED_FLAGS = {
  deed_verified:
    "Deed verified is set by EstateNet when support staff approve the listing's deed: upload the deed from the listing's page (Verification).",
  owner_acknowledged:
    "Owner acknowledged is set when the owner confirms the listing through the link emailed from the listing's page (Verification).",
} as const;

export function assertServerOwnedFlags(
  body: { deed_verified?: boolean | undefined; owner_acknowledged?: boolean | undefined },
  current: Pick<PropertyItem, 'deed_verified' | 'owner_acknowledged'> | undefined,
): void {
  for (const [flag, message] of Object.entries(SERVER_OWNED_FLAGS) as Array<
    [keyof typeof SERVER_OWNED_FLAGS, string]
  >) {
    const sent = body[flag];
    if (sent !== undefined && sent !== (current?.[flag] ?? false)) throw invalidField(flag, message);
  }
}

interface Announcement {
  detailType: Extract<DetailType, 'PropertyAdded'>;
  activityType: ReputationActivityType;
}

/**
 * The reputation event a new listing earns. It is the only one a property write announces: the
 * verifications are announced by their decisions (functions/verifications/).
 */
export const LISTING_ADDED: Announcement = { detailType: 'PropertyAdded', activityType: 'PROPERTY_ADDED' };

/** The points those events award (the rules of contracts/reputation-points.ts). */
export const pointsOf = (announcements: readonly Announcement[]) =>
  announcements.reduce((sum, { activityType }) => sum + REPUTATION_ACTIVITIES[activityType].points, 0);

/**
 * Puts the events on the bus for the reputation awarder (its ledger awards each once per property). The
 * property is already written when this runs: should the bus refuse an event after the retries, the
 * failure is logged and the request still succeeds.
 */
export async function announce(
  property: PropertyItem,
  announcements: readonly Announcement[],
): Promise<void> {
  const detail = { propertyId: property.property_id, agentId: property.agent_id };
  for (const { detailType } of announcements) {
    try {
      await publishEvent(detailType, detail);
    } catch (error) {
      logger.error('property event not published', {
        detailType,
        propertyId: property.property_id,
        error: error as Error,
      });
    }
  }
}

/** A search page as the API answers it (contracts/schemas/properties.ts propertyPage). */
export function pageView(result: PropertySearchPage, query: { page: number; limit: number }) {
  return {
    items: result.items,
    pagination: {
      page: query.page,
      totalPages: Math.ceil(result.totalItems / query.limit),
      limit: query.limit,
      totalItems: result.totalItems,
    },
    totalExact: result.totalExact,
    ...(result.cursor ? { cursor: result.cursor } : {}),
  };
}

/**
 * Tells the page regenerator that one of the agent's listings changed what a visitor of their published
 * websites sees (AgentListingsChanged). Like `announce`, it runs after the write: a bus that refuses the
 * event after the retries is logged, and the request still succeeds (the next change or publish catches
 * the sites up).
 */
export async function listingsChanged(property: Pick<PropertyItem, 'property_id' | 'agent_id'>) {
  try {
    await publishEvent('AgentListingsChanged', {
      agentId: property.agent_id,
      propertyId: property.property_id,
    });
  } catch (error) {
    logger.error('property event not published', {
      detailType: 'AgentListingsChanged',
      propertyId: property.property_id,
      error: error as Error,
    });
  }
}
