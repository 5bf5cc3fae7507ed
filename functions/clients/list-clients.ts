import { clientsRoutes } from '#contracts/routes/clients';
import { Agent } from '#platform/accounts/entities';
import { and, type Condition, eq } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { Client, searchMatches, visibleOwnClients } from './entities.ts';

/**
 * The client book a page at a time, newest first: the caller's own clients, or with `agencyId` (only the
 * caller's own agency; any other is a 404) every client of the agency. `agents` names the agency's members
 * (or the caller alone), for the owner and assignee columns and the assignee picker.
 */
export const handler = withHttp(clientsRoutes.listClients, async ({ query, identity }) => {
  if (query.agencyId !== undefined && query.agencyId !== identity.agencyId) throw notFound('Agency');
  const filters: Condition<'stage' | 'type' | 'search_key'>[] = [
    ...(query.stage ? [eq('stage', query.stage)] : []),
    ...(query.type ? [eq('type', query.type)] : []),
    ...(query.search ? [searchMatches(query.search)] : []),
  ];
  const options = { descending: true, cursor: query.cursor, limit: query.limit };
  const [page, agents] = await Promise.all([
    query.agencyId
      ? Client.query(
          'byAgency',
          { agencyId: query.agencyId },
          { ...options, ...(filters.length ? { filter: and(...filters) } : {}) },
        )
      : Client.query(
          'byAgent',
          { agentId: identity.agentId },
          { ...options, filter: and(visibleOwnClients(identity), ...filters) },
        ),
    identity.agencyId
      ? Agent.queryAll('byAgency', { agency_id: identity.agencyId })
      : Promise.resolve([identity.agent]),
  ]);
  return {
    items: page.items,
    ...(page.cursor ? { cursor: page.cursor } : {}),
    agents: agents
      .map((agent) => ({ agent_id: agent.agent_id, full_name: agent.full_name }))
      .sort((a, b) => a.full_name.localeCompare(b.full_name)),
  };
});
