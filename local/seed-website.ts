import type { WebsiteItem } from '#functions/websites/entities';
import type { UserPoolAccess } from './accounts.ts';
import { findCognitoUser } from './accounts.ts';
import { templateImages } from './website-template-images.ts';

/**
 * The website builder's demo: the built-in templates' pictures in the public media (drawn offline), and
 * one published website for demo@estatenet.local made from the Coastal template. Idempotent: the
 * pictures are rewritten (same bytes), the website is made only when the agent has none. Its publish
 * event lets the page regenerator render it (`/sites/<id>/`).
 */

export const DEMO_WEBSITE_ID = 'demo-website-harbor-pine';
const DEMO_WEBSITE_OWNER = 'demo@estatenet.local';
const DEMO_TEMPLATE = 'coastal';

/** Writes every built-in template's hero, about and preview pictures to `media/website-templates/<id>/`. */
export async function writeTemplateImages(): Promise<void> {
  const [{ putObject }, { BUILT_IN_TEMPLATE_LOOKS }] = await Promise.all([
    import('#aws/s3'),
    import('../functions/websites/templates/index.ts'),
  ]);
  for (const look of BUILT_IN_TEMPLATE_LOOKS) {
    for (const image of templateImages(look.id, look.theme)) {
      await putObject(
        { bucket: 'files', key: `media/website-templates/${look.id}/${image.name}.png` },
        image.bytes,
        {
          contentType: 'image/png',
          cacheControl: 'public, max-age=86400',
        },
      );
    }
  }
}

export async function seedWebsiteDemo(pool: UserPoolAccess): Promise<void> {
  await writeTemplateImages();
  const agentId = await findCognitoUser(pool, DEMO_WEBSITE_OWNER);
  if (!agentId) return;
  const [{ Agent }, { Website }, { reserveFeature, releaseFeature }, websites, { builtInTemplate }, events] =
    await Promise.all([
      import('#platform/accounts/entities'),
      import('#functions/websites/entities'),
      import('#platform/accounts/limits'),
      import('#functions/websites/websites'),
      import('../functions/websites/templates/index.ts'),
      import('#functions/websites/website-events'),
    ]);
  const agent = await Agent.get({ agent_id: agentId });
  if (!agent) return;
  const existing = await Website.get({ website_id: DEMO_WEBSITE_ID });
  if (existing) {
    // pages are regenerated on every start (idempotent): data seeded before the regenerator existed,
    // or a sites bucket emptied by hand, gets its published pages back
    if (existing.status === 'published' && !existing.deleted_at) {
      await giveDefaultSubdomain(existing);
      await events.announceWebsite(existing, ['WebsitePublished']);
    }
    return;
  }
  if ((await websites.listAgentWebsites(agentId)).length > 0) return;
  // the Coastal template with the demo agency's name
  const template = JSON.parse(
    JSON.stringify(builtInTemplate(DEMO_TEMPLATE)!).replaceAll('Seaside Homes', 'Harbor & Pine Realty'),
  ) as NonNullable<ReturnType<typeof builtInTemplate>>;
  const now = new Date().toISOString();
  const sync = websites.syncGlobalComponents(template.content, undefined, now);
  const subject = { agentId, role: agent.role };
  await reserveFeature(subject, 'websites');
  try {
    const object = await websites.writeContentObject(
      `websites/${DEMO_WEBSITE_ID}/content/initial.json`,
      sync.content,
    );
    const website = await Website.create({
      website_id: DEMO_WEBSITE_ID,
      agent_id: agentId,
      name: 'Harbor & Pine',
      title: 'Harbor & Pine Realty',
      status: 'published',
      theme_id: template.theme_id,
      settings: template.settings,
      last_published: now,
      preview_url: websites.previewUrlOf(DEMO_WEBSITE_ID),
      globalComponentStats: sync.stats,
      global_components_hash: sync.hash,
      content_key: object.key,
      content_size: object.size,
      template_id: DEMO_TEMPLATE,
      created_at: now,
    });
    await giveDefaultSubdomain(website);
    await events.announceWebsite(website, ['WebsitePublished']);
  } catch (error) {
    await releaseFeature(subject, 'websites');
    throw error;
  }
}

/**
 * The demo site's own address, `harbor-pine-demowe.localhost:3000`, given by the Domain dialog's code: the
 * `/sites/{id}/` preview on the app's origin takes no form posts (contracts/response-headers.ts), so the
 * contact form works at this address. A website that has its default subdomain keeps it.
 */
async function giveDefaultSubdomain(website: WebsiteItem): Promise<void> {
  const [{ WebsiteDomain }, domains, events] = await Promise.all([
    import('#functions/website-domains/entities'),
    import('#functions/website-domains/website-domains'),
    import('#functions/websites/website-events'),
  ]);
  if (await WebsiteDomain.get({ website_id: website.website_id, kind: 'default' })) return;
  await domains.claimDefaultDomain({
    website,
    domain: domains.defaultDomainOf(website.name, website.website_id),
    businessName: website.name,
  });
  await events.announceWebsite(website, ['WebsiteHostsChanged']);
}
