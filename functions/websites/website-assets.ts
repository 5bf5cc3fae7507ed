import { randomUUID } from 'node:crypto';
import { copyObject, deleteObject, headObject, putObject, readObjectStart } from '#aws/s3';
import { UploadTicket } from '#functions/cloud/entities';
import { settleTicket, ticketObjectRemoved } from '#functions/cloud/storage';
import type { InlineFile } from '#platform/body';
import { badRequest, notFound, payloadTooLarge } from '#platform/errors';
import { logger } from '#platform/logger';
import {
  deleteMedia,
  detectImageType,
  type ImageType,
  MEDIA_PREFIX,
  NOT_AN_IMAGE_MESSAGE,
} from '#platform/media';
import { invalidField } from '#platform/validation';
import type { WebsiteAssetItem } from './entities.ts';

/**
 * Website assets (docs/website-builder.md, "Assets"): presigned uploads (purpose `website-asset`) or small
 * inline files become public media under `media/websites/<websiteId>/`, served same-origin at `/media/…`
 * like property photos. Only images (checked by magic number): the media path is the app's own origin,
 * so nothing a browser would run there is ever stored. The upload is removed once the asset item points
 * at its copy, which gives its bytes back to the uploader's storage.
 */

export const WEBSITE_ASSET_PURPOSE = 'website-asset';
export const MAX_WEBSITE_ASSET_BYTES = 20 * 1024 * 1024;
export const ASSET_TOO_LARGE_MESSAGE = 'Website assets must be at most 20 MB each';
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

const folderOf = (websiteId: string) => `${MEDIA_PREFIX}websites/${websiteId}/`;
const fileKeysError = (message: string) => invalidField('fileKeys', message);

const displayName = (name: string) => name.split(/[\\/]/).pop()?.trim().slice(0, 200) || 'asset';

/** Inline file parts: each must be an image in the `files` field. */
export function inlineAssets(files: readonly InlineFile[]): Array<InlineFile & { image: ImageType }> {
  return files.map((file) => {
    if (file.field !== 'files') {
      const message = `Send files in the "files" field, not "${file.field}".`;
      throw invalidField(file.field, message);
    }
    if (file.content.length > MAX_WEBSITE_ASSET_BYTES) throw payloadTooLarge(ASSET_TOO_LARGE_MESSAGE);
    const image = detectImageType(file.content);
    if (!image) throw badRequest(NOT_AN_IMAGE_MESSAGE, { files: NOT_AN_IMAGE_MESSAGE });
    return { ...file, image };
  });
}

export interface StoredAssets {
  assets: WebsiteAssetItem[];
  /** removes the claimed uploads once the asset items exist */
  consume: () => Promise<void>;
}

/**
 * Copies the caller's finished website-asset uploads and stores the inline images as the website's
 * media; answers the asset items to write. Another agent's key answers 404, one not finished or not an
 * image 400, too large 413; on any failure nothing is kept.
 */
export async function storeAssets(
  agentId: string,
  websiteId: string,
  keys: readonly string[],
  inline: ReturnType<typeof inlineAssets>,
  metadata?: Record<string, unknown>,
): Promise<StoredAssets> {
  const unique = [...new Set(keys)];
  const stored: WebsiteAssetItem[] = [];
  const base = Date.now();
  const item = (key: string, name: string, image: ImageType, size: number): WebsiteAssetItem => ({
    website_id: websiteId,
    asset_id: randomUUID(),
    url: `/${key}`,
    key,
    name,
    mime_type: image.contentType,
    size,
    ...(metadata ? { metadata } : {}),
    // distinct, ordered times keep the upload order in the asset list
    created_at: new Date(base + stored.length).toISOString(),
  });
  try {
    for (const key of unique) {
      if (!key.startsWith(`uploads/${agentId}/`)) throw notFound('Upload');
      let ticket = await UploadTicket.get({ key }, { consistent: true });
      if (!ticket || ticket.agent_id !== agentId) throw notFound('Upload');
      if (ticket.purpose !== WEBSITE_ASSET_PURPOSE) {
        throw fileKeysError(`${key} was not uploaded as a website asset`);
      }
      if (ticket.state === 'pending') {
        const settled = await settleTicket(key);
        if (settled !== 'complete') throw fileKeysError(`${key} has not finished uploading`);
        ticket = await UploadTicket.get({ key }, { consistent: true });
      }
      const head = await headObject({ bucket: 'files', key });
      if (!ticket || !head) throw fileKeysError(`${key} has not finished uploading`);
      if (head.size > MAX_WEBSITE_ASSET_BYTES) throw payloadTooLarge(ASSET_TOO_LARGE_MESSAGE);
      const image = detectImageType(
        (await readObjectStart({ bucket: 'files', key }, 16)) ?? new Uint8Array(),
      );
      if (!image) throw badRequest(NOT_AN_IMAGE_MESSAGE, { fileKeys: NOT_AN_IMAGE_MESSAGE });
      const target = `${folderOf(websiteId)}asset-${randomUUID()}.${image.extension}`;
      await copyObject(
        { bucket: 'files', key, bytes: head.size },
        { bucket: 'files', key: target },
        { contentType: image.contentType, cacheControl: CACHE_FOREVER },
      );
      stored.push(item(target, displayName(key.slice(key.lastIndexOf('/') + 1)), image, head.size));
    }
    for (const file of inline) {
      const target = `${folderOf(websiteId)}asset-${randomUUID()}.${file.image.extension}`;
      await putObject({ bucket: 'files', key: target }, file.content, {
        contentType: file.image.contentType,
        cacheControl: CACHE_FOREVER,
      });
      stored.push(item(target, displayName(file.filename), file.image, file.content.length));
    }
  } catch (error) {
    await discardAssetObjects(websiteId, stored);
    throw error;
  }
  return {
    assets: stored,
    consume: async () => {
      for (const key of unique) {
        try {
          await deleteObject({ bucket: 'files', key });
          await ticketObjectRemoved(key);
        } catch (error) {
          logger.warn('website asset upload not removed after use', { key, error: error as Error });
        }
      }
    },
  };
}

/** Deletes assets' objects, only those in the website's own media folder (best effort). */
export async function discardAssetObjects(
  websiteId: string,
  assets: readonly Pick<WebsiteAssetItem, 'key'>[],
): Promise<void> {
  const folder = folderOf(websiteId);
  for (const asset of assets) {
    const rest = asset.key.startsWith(folder) ? asset.key.slice(folder.length) : '';
    if (rest && !rest.includes('/') && !rest.includes('..')) await deleteMedia(asset.key);
  }
}

export const assetView = (asset: WebsiteAssetItem) => ({
  id: asset.asset_id,
  url: asset.url,
  name: asset.name,
  ...(asset.mime_type ? { mime_type: asset.mime_type } : {}),
  size: asset.size,
  type: 'website-asset' as const,
  ...(asset.metadata ? { metadata: asset.metadata } : {}),
  created_at: asset.created_at,
});
