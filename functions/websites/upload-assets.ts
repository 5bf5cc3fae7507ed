import { websitesRoutes } from '#contracts/routes/websites';
import { MAX_ASSET_FILES } from '#contracts/schemas/websites';
import { transactWrite } from '#platform/data/entity';
import { withMultipartHttp } from '#platform/multipart';
import { invalidField } from '#platform/validation';
import { WebsiteAsset } from './entities.ts';
import { assetView, discardAssetObjects, inlineAssets, storeAssets } from './website-assets.ts';
import { loadWebsite } from './websites.ts';

/**
 * Adds files to a website's assets (appended): keys of presigned uploads (purpose website-asset) or
 * small inline images in `files`, at least one. They are copied to the public media and recorded in one
 * transaction; answers the new assets.
 */
export const handler = withMultipartHttp(
  websitesRoutes.uploadWebsiteAssets,
  async ({ path, body, files, identity }) => {
    const inline = inlineAssets(files);
    const fileKeys = [...new Set(body.fileKeys ?? [])];
    if (inline.length + fileKeys.length === 0) {
      throw invalidField('files', 'is required');
    }
    if (inline.length + fileKeys.length > MAX_ASSET_FILES) {
      const message = `Upload at most ${MAX_ASSET_FILES} files at a time.`;
      throw invalidField('files', message);
    }
    const website = await loadWebsite(identity.agentId, path.id);
    const stored = await storeAssets(identity.agentId, website.website_id, fileKeys, inline, body.metadata);
    try {
      await transactWrite(stored.assets.map((asset) => WebsiteAsset.transact.create(asset)));
    } catch (error) {
      await discardAssetObjects(website.website_id, stored.assets);
      throw error;
    }
    await stored.consume();
    return { items: stored.assets.map(assetView) };
  },
);
