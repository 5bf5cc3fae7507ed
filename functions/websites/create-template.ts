import { randomUUID } from 'node:crypto';
import { copyObject } from '#aws/s3';
import { websitesRoutes } from '#contracts/routes/websites';
import { respond, withHttp } from '#platform/http';
import { WebsiteTemplate } from './entities.ts';
import { builtInTemplate } from './templates/index.ts';
import { ownTemplateView } from './website-templates.ts';
import { discardContentObjects, loadWebsite } from './websites.ts';

/**
 * Saves one of the caller's websites as a template of its own: the current content is copied in the
 * content bucket (later edits of the website do not change the template), with its settings and theme.
 */
export const handler = withHttp(websitesRoutes.createWebsiteTemplate, async ({ body, identity }) => {
  const website = await loadWebsite(identity.agentId, body.website_id);
  const templateId = randomUUID();
  const key = `templates/${identity.agentId}/${templateId}.json`;
  await copyObject({ bucket: 'content', key: website.content_key }, { bucket: 'content', key });
  const preview = website.template_id ? builtInTemplate(website.template_id)?.preview_image : undefined;
  try {
    const template = await WebsiteTemplate.create({
      template_id: templateId,
      agent_id: identity.agentId,
      name: body.name,
      description: body.description || `Saved from ${website.name}`,
      ...(preview ? { preview_image: preview } : {}),
      content_key: key,
      settings: website.settings,
      theme_id: website.theme_id,
      source_website_id: website.website_id,
    });
    return respond(201, ownTemplateView(template));
  } catch (error) {
    await discardContentObjects([key]);
    throw error;
  }
});
