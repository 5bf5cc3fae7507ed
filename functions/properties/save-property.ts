import { propertiesRoutes } from '#contracts/routes/properties';
import { MAX_SAVED_PROPERTIES } from '#contracts/schemas/properties';
import { cancellationCodes, transactWrite } from '#platform/data/entity';
import { lt, notExists, or } from '#platform/data/expression';
import { conflict, notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { Property, SavedCount, SavedProperty, savedPropertyIds } from './entities.ts';

export const SAVED_FULL_MESSAGE = `You can save at most ${MAX_SAVED_PROPERTIES} properties; unsave some to save more`;

/**
 * Spec §4: saving adds the id only if absent. The saved item is keyed by the property, and its creation
 * and the caller's saved count (capped) are one transaction: saving twice changes nothing, and concurrent
 * saves cannot pass the cap.
 */
export const handler = withHttp(propertiesRoutes.saveProperty, async ({ path, identity }) => {
  const property = await Property.get({ property_id: path.id });
  if (!property) throw notFound('Property');
  try {
    await transactWrite([
      SavedProperty.transact.create({
        agent_id: identity.agentId,
        property_id: property.property_id,
        saved_at: new Date().toISOString(),
      }),
      SavedCount.transact.update(
        { agent_id: identity.agentId },
        { add: { saved: 1 } },
        { mustExist: false, if: or(notExists('saved'), lt('saved', MAX_SAVED_PROPERTIES)) },
      ),
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    // already saved: nothing to add
    if (codes[0] !== 'ConditionalCheckFailed') {
      if (codes[1] === 'ConditionalCheckFailed') throw conflict(SAVED_FULL_MESSAGE);
      throw error;
    }
  }
  return { savedProperties: await savedPropertyIds(identity.agentId) };
});
