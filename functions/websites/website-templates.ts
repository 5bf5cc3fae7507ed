import { builtInTemplate, builtInTemplateSummaries } from '#functions/websites/templates/index';
import { notFound } from '#platform/errors';
import { WebsiteTemplate, type WebsiteTemplateItem } from './entities.ts';
import { readContentObject, type WebsiteContent } from './websites.ts';

/**
 * Website templates: the four built-in ones (content built in code, functions/websites/templates/) and an
 * agent's own, saved from one of its websites (an item beside the agent and a copy of the content in the
 * `content` bucket). Another agent's template answers like a missing one.
 */

export const TEMPLATE_NOT_FOUND = 'Template';

export interface ResolvedTemplate {
  id: string;
  content: WebsiteContent;
  settings: Record<string, unknown>;
  theme_id: string | null;
}

/** The caller's own template, or 404. */
export async function loadOwnTemplate(agentId: string, templateId: string): Promise<WebsiteTemplateItem> {
  const template = await WebsiteTemplate.get({ template_id: templateId }, { consistent: true });
  if (!template || template.agent_id !== agentId) throw notFound(TEMPLATE_NOT_FOUND);
  return template;
}

/** A template to start a website from: built-in, or the caller's own with its content. */
export async function resolveTemplate(agentId: string, templateId: string): Promise<ResolvedTemplate> {
  const builtIn = builtInTemplate(templateId);
  if (builtIn) return builtIn;
  const own = await loadOwnTemplate(agentId, templateId);
  const content = await readContentObject(own.content_key);
  if (!content) throw notFound(TEMPLATE_NOT_FOUND);
  return { id: own.template_id, content, settings: own.settings, theme_id: own.theme_id };
}

export const ownTemplateView = (template: WebsiteTemplateItem) => ({
  id: template.template_id,
  name: template.name,
  description: template.description,
  ...(template.preview_image ? { preview_image: template.preview_image } : {}),
  built_in: false,
  agent_id: template.agent_id,
  created_at: template.created_at,
});

/** The built-in templates then the caller's own (oldest first). */
export async function listTemplates(agentId: string) {
  const own = await WebsiteTemplate.queryAll('byAgent', { agent_id: agentId });
  return [
    ...builtInTemplateSummaries().map((template) => ({
      id: template.id,
      name: template.name,
      description: template.description,
      preview_image: template.preview_image,
      built_in: true,
      agent_id: null,
    })),
    ...own.map(ownTemplateView),
  ];
}

/** The CSS of the built-in template a website was made from (to heal what old saves dropped), if any. */
export const builtInTemplateCss = (themeId: string | null | undefined): string | undefined =>
  themeId ? builtInTemplate(themeId)?.content.styles : undefined;
