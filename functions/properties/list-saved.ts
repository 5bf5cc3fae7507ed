import { propertiesRoutes } from '#contracts/routes/properties';
import { withHttp } from '#platform/http';
import { Property, savedPropertyIds } from './entities.ts';

/**
 * Spec §3 "Saved state: savedProperties (ids)": every id the caller saved, newest saved first, and one
 * page of those properties (read by key, in that order).
 */
export const handler = withHttp(propertiesRoutes.listSavedProperties, async ({ query, identity }) => {
  const ids = await savedPropertyIds(identity.agentId);
  const pageIds = ids.slice((query.page - 1) * query.limit, query.page * query.limit);
  const properties = await Property.getMany(pageIds.map((property_id) => ({ property_id })));
  const byId = new Map(properties.map((property) => [property.property_id, property]));
  return {
    savedProperties: ids,
    items: pageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    pagination: {
      page: query.page,
      totalPages: Math.ceil(ids.length / query.limit),
      limit: query.limit,
      totalItems: ids.length,
    },
  };
});
