import { propertiesRoutes } from '#contracts/routes/properties';
import { Property } from '#lib/data/properties';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';

/** One property with every field and its media: network listings are visible to every signed-in agent. */
export const handler = withHttp(propertiesRoutes.getProperty, async ({ path }) => {
  const property = await Property.get({ property_id: path.id });
  if (!property) throw notFound('Property');
  return property;
});
