import { websitesRoutes } from '#contracts/routes/websites';
import { isConditionFailure } from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { WebsiteTemplate } from './entities.ts';
import { loadOwnTemplate, TEMPLATE_NOT_FOUND } from './website-templates.ts';
import { discardContentObjects } from './websites.ts';

/** Deletes one of the caller's own templates and its content copy (built-in or another agent's: 404). */
export const handler = withHttp(websitesRoutes.deleteWebsiteTemplate, async ({ path, identity }) => {
  const template = await loadOwnTemplate(identity.agentId, path.id);
  try {
    await WebsiteTemplate.delete(
      { template_id: template.template_id },
      { if: eq('agent_id', identity.agentId) },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(TEMPLATE_NOT_FOUND);
    throw error;
  }
  await discardContentObjects([template.content_key]);
  return { ok: true as const };
});
