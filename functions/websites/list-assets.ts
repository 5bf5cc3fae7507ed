import { websitesRoutes } from '#contracts/routes/websites';
import { withHttp } from '#platform/http';
import { WebsiteAsset } from './entities.ts';
import { assetView } from './website-assets.ts';
import { loadWebsite } from './websites.ts';

/** A website's assets, in the order they were added. */
export const handler = withHttp(websitesRoutes.listWebsiteAssets, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const assets = await WebsiteAsset.queryAll(
    'primary',
    { website_id: website.website_id },
    { consistent: true },
  );
  return { items: assets.map(assetView) };
});
