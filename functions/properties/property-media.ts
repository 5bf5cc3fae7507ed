import { randomUUID } from 'node:crypto';
import { copyObject, deleteObject, headObject, readObjectStart } from '#aws/s3';
import { MAX_PROPERTY_IMAGE_BYTES } from '#contracts/schemas/properties';
import { UploadTicket } from '#functions/cloud/entities';
import { settleTicket, ticketObjectRemoved } from '#functions/cloud/storage';
import type { InlineFile } from '#platform/body';
import { badRequest, notFound, payloadTooLarge } from '#platform/errors';
import { logger } from '#platform/logger';
import { deleteMedia, detectImageType, MEDIA_PREFIX, NOT_AN_IMAGE_MESSAGE, putMedia } from '#platform/media';
import { invalidField } from '#platform/validation';
import type { PropertyMediaItem } from './entities.ts';

/**
 * Property photos. They arrive as keys of presigned uploads (POST /api/uploads, purpose property-media)
 * or, when small, inline in the multipart body. Either way they become public media under
 * `media/properties/<propertyId>/`, served same-origin at `/media/…` (docs: "Public media"): an upload
 * is copied there by S3 (its bytes never pass through the Lambda), checked by its magic number first,
 * and the upload itself is removed once the property points at the copy, which gives its bytes back to
 * the uploader's storage.
 */

export const PROPERTY_MEDIA_PURPOSE = 'property-media';
export const IMAGE_TOO_LARGE_MESSAGE = 'Photos must be at most 20 MB each';
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

const folderOf = (propertyId: string) => `properties/${propertyId}`;
const fileKeysError = (message: string) => invalidField('fileKeys', message);

/** The inline images of a multipart body: every file part must be an image in the `files` field. */
export function inlineImages(
  files: readonly InlineFile[],
): Array<InlineFile & { image: NonNullable<ReturnType<typeof detectImageType>> }> {
  return files.map((file) => {
    if (file.field !== 'files') {
      const message = `Send files in the "files" field, not "${file.field}".`;
      throw invalidField(file.field, message);
    }
    if (file.content.length > MAX_PROPERTY_IMAGE_BYTES) throw payloadTooLarge(IMAGE_TOO_LARGE_MESSAGE);
    const image = detectImageType(file.content);
    if (!image) throw badRequest(NOT_AN_IMAGE_MESSAGE, { files: NOT_AN_IMAGE_MESSAGE });
    return { ...file, image };
  });
}

/** Where a name shown to people comes from: the file name without its folder, at most 120 characters. */
const displayName = (name: string) => name.split(/[\\/]/).pop()?.trim().slice(0, 120) || undefined;

/** Stores inline images (already checked by `inlineImages`) as the property's media. */
export async function storeInlineImages(
  propertyId: string,
  images: ReturnType<typeof inlineImages>,
  metaDetails?: Record<string, unknown>,
): Promise<PropertyMediaItem[]> {
  const stored: PropertyMediaItem[] = [];
  try {
    for (const file of images) {
      const media = await putMedia(folderOf(propertyId), 'photo', {
        content: file.content,
        type: file.image,
      });
      const name = displayName(file.filename);
      stored.push({
        ...media,
        type: 'image',
        ...(name ? { name } : {}),
        ...(metaDetails ? { metaDetails } : {}),
      });
    }
  } catch (error) {
    await discardMedia(stored);
    throw error;
  }
  return stored;
}

export interface ClaimedUploads {
  media: PropertyMediaItem[];
  /** removes the uploads once the property points at their copies (their storage comes back) */
  consume: () => Promise<void>;
}

/**
 * Copies the caller's finished property-media uploads into the property's public media. A key that is
 * not the caller's upload answers 404; one not finished or not an image 400, over the size limit 413;
 * either way nothing is kept.
 */
export async function claimUploads(
  agentId: string,
  propertyId: string,
  keys: readonly string[],
  metaDetails?: Record<string, unknown>,
): Promise<ClaimedUploads> {
  const unique = [...new Set(keys)];
  const copies: PropertyMediaItem[] = [];
  try {
    for (const key of unique) {
      // another agent's upload is answered like a missing one
      if (!key.startsWith(`uploads/${agentId}/`)) throw notFound('Upload');
      let ticket = await UploadTicket.get({ key }, { consistent: true });
      if (!ticket || ticket.agent_id !== agentId) throw notFound('Upload');
      if (ticket.purpose !== PROPERTY_MEDIA_PURPOSE) {
        throw fileKeysError(`${key} was not uploaded as property media`);
      }
      if (ticket.state === 'pending') {
        const settled = await settleTicket(key);
        if (settled !== 'complete') throw fileKeysError(`${key} has not finished uploading`);
        ticket = await UploadTicket.get({ key }, { consistent: true });
      }
      const head = await headObject({ bucket: 'files', key });
      if (!ticket || !head) throw fileKeysError(`${key} has not finished uploading`);
      if (head.size > MAX_PROPERTY_IMAGE_BYTES) throw payloadTooLarge(IMAGE_TOO_LARGE_MESSAGE);
      const image = detectImageType(
        (await readObjectStart({ bucket: 'files', key }, 16)) ?? new Uint8Array(),
      );
      if (!image) throw badRequest(NOT_AN_IMAGE_MESSAGE, { fileKeys: NOT_AN_IMAGE_MESSAGE });
      const target = `${MEDIA_PREFIX}${folderOf(propertyId)}/photo-${randomUUID()}.${image.extension}`;
      await copyObject(
        { bucket: 'files', key, bytes: head.size },
        { bucket: 'files', key: target },
        {
          contentType: image.contentType,
          cacheControl: CACHE_FOREVER,
        },
      );
      const name = displayName(key.slice(key.lastIndexOf('/') + 1));
      copies.push({
        url: `/${target}`,
        key: target,
        type: 'image',
        ...(name ? { name } : {}),
        ...(metaDetails ? { metaDetails } : {}),
      });
    }
  } catch (error) {
    await discardMedia(copies);
    throw error;
  }
  return {
    media: copies,
    consume: async () => {
      for (const key of unique) {
        try {
          await deleteObject({ bucket: 'files', key });
          await ticketObjectRemoved(key);
        } catch (error) {
          // the upload stays counted until the purge or its deletion event settles it
          logger.warn('property upload not removed after use', { key, error: error as Error });
        }
      }
    },
  };
}

/** Whether a media item's object lies in this property's own folder (never deletes what others own). */
export function ownMediaKey(
  propertyId: string,
  item: Pick<PropertyMediaItem, 'key' | 'url'>,
): string | undefined {
  const prefix = `${MEDIA_PREFIX}${folderOf(propertyId)}/`;
  const key = item.key ?? item.url.replace(/^\//, '');
  const rest = key.startsWith(prefix) ? key.slice(prefix.length) : '';
  return rest && !rest.includes('/') && !rest.includes('..') ? key : undefined;
}

/** Deletes media objects, best effort (after a failed write, or once a property no longer shows them). */
export async function discardMedia(items: readonly PropertyMediaItem[], propertyId?: string): Promise<void> {
  for (const item of items) {
    const key = propertyId ? ownMediaKey(propertyId, item) : item.key;
    await deleteMedia(key);
  }
}
