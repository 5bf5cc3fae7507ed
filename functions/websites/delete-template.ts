import { websitesRoutes } from '#contracts/routes/websites';
import { isConditionFailure } from '#lib/data/entity';
import { eq } from '#lib/data/expression';
import { WebsiteTemplate } from '#lib/data/websites';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';
import { loadOwnTemplate, TEMPLATE_NOT_FOUND } from '#lib/website-templates';
import { discardContentObjects } from '#lib/websites';

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
