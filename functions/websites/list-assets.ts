import { websitesRoutes } from '#contracts/routes/websites';
import { WebsiteAsset } from '#lib/data/websites';
import { withHttp } from '#lib/http';
import { assetView } from '#lib/website-assets';
import { loadWebsite } from '#lib/websites';

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
