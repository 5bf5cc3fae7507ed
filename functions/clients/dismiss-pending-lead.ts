import { clientsRoutes } from '#contracts/routes/clients';
import { withHttp } from '#platform/http';
import { dismissPendingLead } from './pending-leads.ts';

/** Dismisses one of the caller's waiting leads: it is deleted, never added (404 when it is not waiting). */
export const handler = withHttp(clientsRoutes.dismissPendingLead, async ({ path, identity }) => {
  await dismissPendingLead(identity, path.id);
  return { ok: true as const };
});
