import { propertiesRoutes } from '#contracts/routes/properties';
import { searchProperties } from '#lib/data/property-search';
import { HttpError } from '#lib/errors';
import { withHttp } from '#lib/http';
import { pageView } from '#lib/properties';

export const NO_RESULTS_MESSAGE = 'No properties match your search';

/**
 * Filters and sorts the network's listings by key design (functions/lib/data/property-search.ts): the
 * read capacity of a page follows the page, not the number of properties. Spec §7: 404 when nothing
 * matches (the app shows its no-results state).
 */
export const handler = withHttp(propertiesRoutes.searchProperties, async ({ query }) => {
  const { minPrice, maxPrice, createdFrom, createdTo, city, bedrooms, status, sortBy, page, limit, cursor } =
    query;
  const result = await searchProperties({
    ...(minPrice !== undefined ? { minPrice } : {}),
    ...(maxPrice !== undefined ? { maxPrice } : {}),
    ...(createdFrom ? { createdFrom } : {}),
    ...(createdTo ? { createdTo } : {}),
    ...(city ? { city } : {}),
    ...(bedrooms ? { bedrooms } : {}),
    ...(status ? { status } : {}),
    sortBy,
    page,
    limit,
    ...(cursor ? { cursor } : {}),
  });
  if (result.totalItems === 0 && result.totalExact) throw new HttpError(404, NO_RESULTS_MESSAGE);
  return pageView(result, query);
});
