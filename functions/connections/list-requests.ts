import { connectionsRoutes } from '#contracts/routes/connections';
import { withAgencyNames } from '#functions/agents/agent-view';
import { Agent } from '#platform/accounts/entities';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { ConnectionRequest } from './entities.ts';

/**
 * GET /api/connections/requests/{agentId}: the caller's pending requests, newest first, each with the
 * other agent (name, picture, agency) so the notifications dropdown needs no further call. Only your own:
 * another agent's id is answered as missing.
 */
export const handler = withHttp(
  connectionsRoutes.listConnectionRequests,
  async ({ path, query, identity }) => {
    if (path.agentId !== identity.agentId) throw notFound('Connection requests');
    const incoming = query.direction === 'incoming';
    const page = incoming
      ? await ConnectionRequest.query(
          'byReceiver',
          { receiver_id: identity.agentId },
          { begins: { status: 'pending' }, descending: true, cursor: query.cursor, limit: query.limit },
        )
      : await ConnectionRequest.query(
          'byRequester',
          { requester_id: identity.agentId },
          { begins: { status: 'pending' }, descending: true, cursor: query.cursor, limit: query.limit },
        );
    // Indexes follow writes a moment later in AWS: a request answered just now must not come back.
    const current = new Map(
      (await ConnectionRequest.getMany(page.items, { consistent: true })).map((request) => [
        request.id,
        request,
      ]),
    );
    const pending = page.items.flatMap((listed) => {
      const request = current.get(listed.id);
      return request?.status === 'pending' ? [request] : [];
    });
    const otherOf = (request: (typeof pending)[number]) =>
      incoming ? request.requester_id : request.receiver_id;
    const agents = await withAgencyNames(
      await Agent.getMany(pending.map((request) => ({ agent_id: otherOf(request) }))),
    );
    const byId = new Map(agents.map((agent) => [agent.agent_id, agent]));
    return {
      // a request whose other agent no longer exists is left out
      items: pending.flatMap((request) => {
        const agent = byId.get(otherOf(request));
        return agent ? [{ ...request, agent }] : [];
      }),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  },
);
