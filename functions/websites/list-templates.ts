import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#lib/http';
import { listTemplates } from '#lib/website-templates';

/** The built-in website templates and the caller's own. */
export const handler = withHttp(websitesRoutes.listWebsiteTemplates, async ({ identity }) => ({
  items: await listTemplates(identity.agentId),
}));
