import { propertiesRoutes } from '#contracts/routes/properties';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { Property } from './entities.ts';

/** One property with every field and its media: network listings are visible to every signed-in agent. */
export const handler = withHttp(propertiesRoutes.getProperty, async ({ path }) => {
  const property = await Property.get({ property_id: path.id });
  if (!property) throw notFound('Property');
  return property;
});
