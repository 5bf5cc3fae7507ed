import { networkRoutes } from '#contracts/routes/network';
import { agentView } from '#lib/agent-view';
import { Agent } from '#lib/data/service';
import { withHttp } from '#lib/http';

/** The agents directory: every agent by name, optionally by name prefix and city, a page at a time. */
export const handler = withHttp(networkRoutes.listAgents, async ({ query, identity }) => {
  const directory = Agent.query.directory({}).begins({ name_key: (query.search ?? '').toLowerCase() });
  const city = query.city?.toLowerCase();
  const filtered = city ? directory.where(({ city_key }, { eq }) => eq(city_key, city)) : directory;
  const page = await filtered.go({ cursor: query.cursor ?? null, limit: query.limit });
  return {
    items: page.data.map((agent) => agentView(agent, identity.agentId)),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
});
