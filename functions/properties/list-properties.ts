import { propertiesRoutes } from '#contracts/routes/properties';
import { withHttp } from '#platform/http';
import { pageView } from './properties.ts';
import { searchProperties } from './property-search.ts';

/**
 * The network's listings newest first, or one agent's (`agent_id`): a page at a time (`cursor` continues,
 * `page` jumps), with the exact total from the scope's counter. An empty list is an empty page.
 */
export const handler = withHttp(propertiesRoutes.listProperties, async ({ query }) => {
  const page = await searchProperties({
    ...(query.agent_id ? { agentId: query.agent_id } : {}),
    sortBy: 'newest',
    page: query.page,
    limit: query.limit,
    ...(query.cursor ? { cursor: query.cursor } : {}),
  });
  return pageView(page, query);
});
