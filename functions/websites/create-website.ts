import { randomUUID } from 'node:crypto';
import { websitesRoutes } from '#contracts/routes/websites';
import { releaseFeature, reserveFeature } from '#platform/accounts/limits';
import { respond, withHttp } from '#platform/http';
import { Website } from './entities.ts';
import { assertPublishableContent } from './website-content-checks.ts';
import { resolveTemplate } from './website-templates.ts';
import {
  blankContent,
  discardContentObjects,
  syncGlobalComponents,
  websiteView,
  writeContentObject,
} from './websites.ts';

/**
 * Creates a draft website for the caller: blank (one Home page, the default theme), from the given
 * content, or from a template (a built-in one or the caller's own; another agent's answers 404). One
 * `websites` slot is reserved first (402 at the plan's limit) and given back if the write fails.
 */
export const handler = withHttp(websitesRoutes.createWebsite, async ({ body, identity }) => {
  const template = body.template_id ? await resolveTemplate(identity.agentId, body.template_id) : undefined;
  if (body.content) assertPublishableContent(body.content);
  const start = body.content ?? template?.content ?? blankContent();
  const websiteId = randomUUID();
  const now = new Date().toISOString();
  const sync = syncGlobalComponents(start, undefined, now);

  await reserveFeature(identity, 'websites');
  let object: { key: string; size: number } | undefined;
  try {
    object = await writeContentObject(`websites/${websiteId}/content/${randomUUID()}.json`, sync.content);
    const website = await Website.create({
      website_id: websiteId,
      agent_id: identity.agentId,
      name: body.name,
      title: body.title || body.name,
      status: 'draft',
      theme_id: body.theme_id ?? template?.theme_id ?? null,
      settings: body.settings ?? template?.settings ?? {},
      last_published: null,
      globalComponentStats: sync.stats,
      global_components_hash: sync.hash,
      content_key: object.key,
      content_size: object.size,
      ...(template ? { template_id: template.id } : {}),
      created_at: now,
    });
    return respond(201, websiteView(website, sync.content));
  } catch (error) {
    if (object) await discardContentObjects([object.key]);
    await releaseFeature(identity, 'websites');
    throw error;
  }
});
