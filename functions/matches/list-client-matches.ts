import { matchesRoutes } from '#contracts/routes/matches';
import { getOwnedClient } from '#functions/clients/entities';
import { respond, withHttp } from '#platform/http';
import { ownerOf } from './entities.ts';
import { currentMatches } from './match-list.ts';
import { clientOwner } from './matches.ts';

/** A client's current matches, best first, for whoever sees the client (anyone else: 404, as for the client). */
export const handler = withHttp(matchesRoutes.listClientMatches, async ({ path, query, identity }) => {
  const client = await getOwnedClient(identity, path.id);
  const { agent_id, criteria } = await clientOwner(client);
  const page = await currentMatches(
    { owner: ownerOf('client', client.client_id), agentId: agent_id, criteria, clientId: client.client_id },
    query,
  );
  return respond(200, page);
});
