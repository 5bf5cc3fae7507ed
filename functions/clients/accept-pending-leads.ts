import { clientsRoutes } from '#contracts/routes/clients';
import { assertSubscriptionActive } from '#platform/accounts/limits';
import { withHttp } from '#platform/http';
import { acceptAllPendingLeads } from './pending-leads.ts';

/**
 * "Add all": the caller's waiting leads become clients, oldest first, while the plan has room (each one
 * its own transaction, as when added one by one). 403 `Feature limit reached` when not one fits; 402 when
 * the subscription is not active, as for every client added.
 */
export const handler = withHttp(clientsRoutes.acceptPendingLeads, async ({ identity }) => {
  assertSubscriptionActive(identity);
  return acceptAllPendingLeads(identity);
});
