import { clientsRoutes } from '#contracts/routes/clients';
import { respond, withHttp } from '#platform/http';
import { acceptPendingLead, getPendingLead } from './pending-leads.ts';

/**
 * Adds one of the caller's waiting leads to the client book (its agency's, if it has one): one transaction
 * of the clients reservation, the client and the lead's removal. At the plan's limit 403 `Feature limit
 * reached` and the lead keeps waiting; another agent's lead, or one already added or dismissed, is 404.
 */
export const handler = withHttp(clientsRoutes.acceptPendingLead, async ({ path, identity }) => {
  const lead = await getPendingLead(identity, path.id);
  return respond(201, await acceptPendingLead(identity, lead));
});
