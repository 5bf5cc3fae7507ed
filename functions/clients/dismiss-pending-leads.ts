import { clientsRoutes } from '#contracts/routes/clients';
import { withHttp } from '#lib/http';
import { dismissAllPendingLeads } from '#lib/pending-leads';

/** Dismisses every waiting lead of the caller (a flood of spam, say); answers how many were waiting. */
export const handler = withHttp(clientsRoutes.dismissPendingLeads, async ({ identity }) => ({
  dismissed: await dismissAllPendingLeads(identity),
}));
