import { propertiesRoutes } from '#contracts/routes/properties';
import { cancellationCodes, transactWrite } from '#platform/data/entity';
import { exists, gte } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { Property, SavedCount, SavedProperty, savedPropertyIds } from './entities.ts';

/**
 * Spec §4: unsaving removes the id. The item and the saved count change together; a property that is not
 * saved (or was unsaved meanwhile) changes nothing and answers the same list; one that does not exist 404.
 */
export const handler = withHttp(propertiesRoutes.unsaveProperty, async ({ path, identity }) => {
  try {
    await transactWrite([
      SavedProperty.transact.delete(
        { agent_id: identity.agentId, property_id: path.id },
        { if: exists('pk') },
      ),
      SavedCount.transact.update(
        { agent_id: identity.agentId },
        { add: { saved: -1 } },
        { if: gte('saved', 1) },
      ),
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] !== 'ConditionalCheckFailed') throw error;
    // not saved: fine for a property that exists, 404 for one that does not
    if (!(await Property.get({ property_id: path.id }))) throw notFound('Property');
  }
  return { savedProperties: await savedPropertyIds(identity.agentId) };
});
