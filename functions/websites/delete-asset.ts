import { websitesRoutes } from '#contracts/routes/websites';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { WebsiteAsset } from './entities.ts';
import { discardAssetObjects } from './website-assets.ts';
import { loadWebsite } from './websites.ts';

/** Removes one asset of a website and its object. */
export const handler = withHttp(websitesRoutes.deleteWebsiteAsset, async ({ path, identity }) => {
  const website = await loadWebsite(identity.agentId, path.id);
  const assets = await WebsiteAsset.queryAll(
    'primary',
    { website_id: website.website_id },
    { consistent: true },
  );
  const asset = assets.find((item) => item.asset_id === path.assetId);
  if (!asset) throw notFound('Asset');
  await WebsiteAsset.delete({
    website_id: asset.website_id,
    created_at: asset.created_at,
    asset_id: asset.asset_id,
  });
  await discardAssetObjects(website.website_id, [asset]);
  return { ok: true as const };
});
