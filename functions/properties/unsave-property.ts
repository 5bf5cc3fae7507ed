import { propertiesRoutes } from '#contracts/routes/properties';
import { cancellationCodes, transactWrite } from '#lib/data/entity';
import { exists, gte } from '#lib/data/expression';
import { SavedCount, SavedProperty, savedPropertyIds } from '#lib/data/properties';
import { withHttp } from '#lib/http';

/**
 * Spec §4: unsaving removes the id. The item and the saved count change together; a property that is not
 * saved (or was unsaved meanwhile) changes nothing and answers the same list.
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
  }
  return { savedProperties: await savedPropertyIds(identity.agentId) };
});
