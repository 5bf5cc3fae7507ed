import { randomUUID } from 'node:crypto';
import type { PropertyItem } from '#functions/properties/entities';

/**
 * A whole stored listing for fixtures that write through the data layer (`writeProperty`) so that no
 * request's events arrive beside the deliveries under test: a plain flat for sale, with `overrides` on top.
 * Only a type is imported, so the entity module still loads where the fixture imports it (after the
 * suite's cloud is configured).
 */
export function propertyItem(
  overrides: Partial<PropertyItem> & Pick<PropertyItem, 'agent_id'>,
): PropertyItem {
  return {
    property_id: randomUUID(),
    title: 'Idempotent flat',
    price: 300_000,
    city: 'Lisbon',
    measurement_metric: 'sqm',
    status: 'for_sale',
    additionalFeatures: [],
    closeTo: [],
    views: [],
    metaDetails: {},
    media: [],
    imageOrder: [],
    deed_verified: false,
    owner_acknowledged: false,
    created_at: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}
