import { connectionsRoutes } from '#contracts/routes/connections';
import { withHttp } from '#platform/http';
import { withdraw } from './connections.ts';

/** PUT /api/connections/withdraw: the requester takes back a request that is still pending. */
export const handler = withHttp(connectionsRoutes.withdrawConnectionRequest, async ({ body, identity }) => {
  await withdraw(identity, body.connection_id);
  return { ok: true as const };
});
