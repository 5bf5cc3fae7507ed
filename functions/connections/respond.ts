import { publishEvent } from '#aws/events';
import { connectionsRoutes } from '#contracts/routes/connections';
import { notify } from '#functions/notifications/entities';
import { withHttp } from '#platform/http';
import { answer } from './connections.ts';

/**
 * PUT /api/connections/respond: the receiver accepts or declines. An acceptance is announced with
 * ConnectionAccepted (the reputation consumer raises both agents' connection counts once per connection)
 * and the requester is notified. A repeated acceptance publishes again: if the first attempt failed after
 * recording the answer, the retry delivers what was lost, and consumers apply each connection once.
 */
export const handler = withHttp(connectionsRoutes.respondToConnection, async ({ body, identity }) => {
  const { request } = await answer(identity, body.connection_id, body.status);
  if (request.status === 'accepted') {
    await publishEvent('ConnectionAccepted', {
      connectionId: request.id,
      requesterId: request.requester_id,
      receiverId: request.receiver_id,
    });
    await notify(request.requester_id, {
      kind: 'connection',
      message: `${identity.agent.full_name} accepted your connection request`,
      link: `/pages/agent/profile/${encodeURIComponent(request.receiver_id)}`,
      dedupeKey: `connection-accepted:${request.id}`,
      at: request.responded_at ?? request.created_at,
    });
  }
  return request;
});
