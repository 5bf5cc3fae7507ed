import { networkRoutes } from '#contracts/routes/network';
import { agentView, withAgencyNames } from '#lib/agent-view';
import { Agent } from '#lib/data/accounts';
import { eq } from '#lib/data/expression';
import { withHttp } from '#lib/http';

/**
 * The agents directory: every agent by name, optionally by name prefix and city, a page at a time, each
 * with its agency's name.
 */
export const handler = withHttp(networkRoutes.listAgents, async ({ query, identity }) => {
  const city = query.city?.toLowerCase();
  const page = await Agent.query(
    'directory',
    {},
    {
      begins: { name_key: (query.search ?? '').toLowerCase() },
      ...(city ? { filter: eq('city_key', city) } : {}),
      cursor: query.cursor,
      limit: query.limit,
    },
  );
  return {
    items: (await withAgencyNames(page.items)).map((agent) => agentView(agent, identity.agentId)),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
});
