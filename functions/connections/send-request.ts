import { connectionsRoutes } from '#contracts/routes/connections';
import { respond, withHttp } from '#platform/http';
import { sendRequest } from './connections.ts';

/** POST /api/connections/requests: ask another agent to connect (201 with the pending request). */
export const handler = withHttp(connectionsRoutes.sendConnectionRequest, async ({ body, identity }) =>
  respond(201, await sendRequest(identity, body.receiver_id)),
);
