import { randomUUID } from 'node:crypto';
import { propertiesRoutes } from '#contracts/routes/properties';
import { MAX_PROPERTY_FILES } from '#contracts/schemas/properties';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { respond } from '#platform/http';
import { withMultipartHttp } from '#platform/multipart';
import { invalidField } from '#platform/validation';
import { type PropertyItem, type PropertyMediaItem, writeProperty } from './entities.ts';
import {
  announce,
  assertServerOwnedFlags,
  fieldsOf,
  LISTING_ADDED,
  listingsChanged,
  pointsOf,
} from './properties.ts';
import { claimUploads, discardMedia, inlineImages, storeInlineImages } from './property-media.ts';
import { listingCurrencyOf, withIndexedPrice } from './property-prices.ts';

/**
 * Lists a new property for the caller. One `properties` slot is reserved first (402 usage_limit_reached
 * with current/max at the plan's limit) and given back if anything later fails; photos arrive as keys of
 * presigned uploads or small inline files and become the property's public media; the price is in the
 * form's currency (the agent's currency preference when it names none); the property, its
 * search entries and counters are one transaction. PropertyAdded goes to the reputation awarder;
 * `points_awarded` is what it is worth. A new listing is neither deed-verified nor owner-acknowledged: those
 * are earned through its verifications, never declared (a `true` is refused). AgentListingsChanged goes to
 * the page regenerator (the agent's published websites show the new listing).
 */
export const handler = withMultipartHttp(propertiesRoutes.addProperty, async ({ body, files, identity }) => {
  const images = inlineImages(files);
  const fileKeys = [...new Set(body.fileKeys ?? [])];
  if (images.length + fileKeys.length > MAX_PROPERTY_FILES) {
    const message = `Upload at most ${MAX_PROPERTY_FILES} photos at a time.`;
    throw invalidField('files', message);
  }
  assertServerOwnedFlags(body, undefined);

  await reserveFeature(identity, 'properties');
  const propertyId = randomUUID();
  const media: PropertyMediaItem[] = [];
  let property: PropertyItem;
  let consumeUploads: () => Promise<void>;
  try {
    const claimed = await claimUploads(identity.agentId, propertyId, fileKeys);
    media.push(...claimed.media);
    consumeUploads = claimed.consume;
    media.push(...(await storeInlineImages(propertyId, images)));
    property = await withIndexedPrice({
      additionalFeatures: [],
      closeTo: [],
      views: [],
      metaDetails: {},
      ...fieldsOf(body),
      title: body.title.trim(),
      price: body.price,
      currency: body.currency ?? (await listingCurrencyOf(identity.agentId)),
      city: body.city.trim(),
      measurement_metric: body.measurement_metric,
      status: body.status,
      deed_verified: false,
      owner_acknowledged: false,
      property_id: propertyId,
      agent_id: identity.agentId,
      ...(identity.agencyId ? { agency_id: identity.agencyId } : {}),
      media,
      imageOrder: media.map((item) => item.url),
      created_at: new Date().toISOString(),
      version: 1,
    });
    await writeProperty(undefined, property);
  } catch (error) {
    await discardMedia(media);
    await releaseFeature(identity, 'properties');
    throw error;
  }
  await consumeUploads();
  const announcements = [LISTING_ADDED];
  await announce(property, announcements);
  await listingsChanged(property);
  return respond(201, { propertyId, points_awarded: pointsOf(announcements) });
});
