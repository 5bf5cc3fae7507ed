import { clientsRoutes } from '#contracts/routes/clients';
import { withHttp } from '#platform/http';
import { dismissAllPendingLeads } from './pending-leads.ts';

/** Dismisses every waiting lead of the caller (a flood of spam, say); answers how many were waiting. */
export const handler = withHttp(clientsRoutes.dismissPendingLeads, async ({ identity }) => ({
  dismissed: await dismissAllPendingLeads(identity),
}));
