import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#platform/http';
import { listTemplates } from './website-templates.ts';

/** The built-in website templates and the caller's own. */
export const handler = withHttp(websitesRoutes.listWebsiteTemplates, async ({ identity }) => ({
  items: await listTemplates(identity.agentId),
}));
