import { propertiesRoutes } from '#contracts/routes/properties';
import { isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { conflict } from '#platform/errors';
import { withHttp } from '#platform/http';
import { invalidField } from '#platform/validation';
import { Property, type PropertyItem } from './entities.ts';
import { listingsChanged, ownedProperty } from './properties.ts';

const MAX_ATTEMPTS = 4;
const NOT_A_PERMUTATION = "must list each of the property's images once";

/**
 * Spec §4 "Image reorder": the property's media reordered to match the given urls. The list must name
 * every image of the property exactly once (removing images is an update's `removeMedia`). Conditional on
 * the version read; a concurrent change is read again. AgentListingsChanged tells the agent's published
 * websites (a card shows the first photo).
 */
export const handler = withHttp(propertiesRoutes.reorderPropertyImages, async ({ path, body, identity }) => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const property = await ownedProperty(identity, path.id);
    const byUrl = new Map(property.media.map((item) => [item.url, item]));
    if (body.imageOrder.length !== byUrl.size || body.imageOrder.some((url) => !byUrl.has(url))) {
      throw invalidField('imageOrder', NOT_A_PERMUTATION);
    }
    const media = body.imageOrder.map((url) => byUrl.get(url)!);
    try {
      const saved: PropertyItem = await Property.update(
        { property_id: property.property_id },
        {
          set: { media, imageOrder: [...body.imageOrder], updated_at: new Date().toISOString() },
          add: { version: 1 },
        },
        { if: eq('version', property.version) },
      );
      await listingsChanged(property);
      return { media: saved.media, imageOrder: saved.imageOrder };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw conflict('The property kept changing; reload it and try again');
});
