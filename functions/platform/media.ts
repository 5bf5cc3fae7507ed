import { randomUUID } from 'node:crypto';
import { deleteObject, putObject } from '#aws/s3';
import type { PROFILE_IMAGE_TYPES } from '#contracts/schemas/agents';
import type { InlineFile } from './body.ts';
import { badRequest } from './errors.ts';
import { sniffContent } from './file-signatures.ts';
import { logger } from './logger.ts';
import { invalidField } from './validation.ts';

/**
 * Public images (profile pictures, agency logos): stored in the files bucket under `media/`, served
 * same-origin at `/media/*` (CloudFront in AWS, the static host locally map that path to these keys).
 */
export const MEDIA_PREFIX = 'media/';

export const NOT_AN_IMAGE_MESSAGE = 'Only JPEG, PNG or WebP images can be uploaded';

export interface ImageType {
  extension: 'jpg' | 'png' | 'webp';
  contentType: (typeof PROFILE_IMAGE_TYPES)[number];
}

const MEDIA_IMAGES: Record<string, ImageType['extension']> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The image type by its magic number (functions/platform/file-signatures.ts), never by the file name or the
 * declared MIME type: public media are JPEG, PNG or WebP pictures only, stored as that type, so nothing
 * served under `/media/` is a document a browser would run.
 */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const { type } = sniffContent(bytes);
  const extension = MEDIA_IMAGES[type];
  return extension ? { extension, contentType: type as ImageType['contentType'] } : undefined;
}

/** The one image of a multipart field (`files` by default): 400 naming the field when absent. */
export function requireImage(files: InlineFile[], field = 'files'): { content: Buffer; type: ImageType } {
  const sent = files.filter((file) => file.field === field);
  if (sent.length === 0) {
    throw invalidField(field, 'is required');
  }
  if (sent.length > 1) {
    const message = 'must be a single image';
    throw invalidField(field, message);
  }
  const content = sent[0]!.content;
  const type = detectImageType(content);
  if (!type) throw badRequest(NOT_AN_IMAGE_MESSAGE, { [field]: NOT_AN_IMAGE_MESSAGE });
  return { content, type };
}

/** Spec §3/§9: a profile picture is cropped square and saved as JPEG (the app's cropper makes one). */
export const NOT_A_SQUARE_JPEG_MESSAGE = 'The profile picture must be a square JPEG image';

const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/**
 * A JPEG's width and height from its frame header (the SOFn segment), walking the segments before it;
 * undefined when the bytes hold no frame header. Twenty lines instead of an image library in every
 * upload handler's bundle (docs/decisions.md "Lambda bundle budget").
 */
export function jpegDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2; // after SOI
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image, or scan data before any frame
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

/** The one image of `files`, which must be a square JPEG (400 naming the profile picture otherwise). */
export function requireSquareJpeg(
  files: InlineFile[],
  field = 'files',
): { content: Buffer; type: ImageType } {
  const image = requireImage(files, field);
  const size = image.type.extension === 'jpg' ? jpegDimensions(image.content) : undefined;
  if (!size || size.width !== size.height || size.width === 0)
    throw badRequest(NOT_A_SQUARE_JPEG_MESSAGE, { [field]: NOT_A_SQUARE_JPEG_MESSAGE });
  return image;
}

export interface StoredMedia {
  key: string;
  /** the same-origin URL path the app uses: `/` + key */
  url: string;
}

/** Stores an image under `media/<folder>/<name>-<uuid>.<ext>`; a fresh key per upload, so it caches forever. */
export async function putMedia(
  folder: string,
  name: string,
  image: { content: Buffer; type: ImageType },
): Promise<StoredMedia> {
  const key = `${MEDIA_PREFIX}${folder}/${name}-${randomUUID()}.${image.type.extension}`;
  await putObject({ bucket: 'files', key }, image.content, {
    contentType: image.type.contentType,
    cacheControl: 'public, max-age=31536000, immutable',
  });
  return { key, url: `/${key}` };
}

/** The key behind a media URL, only when it lies in `folder` (never deletes what another owner stored). */
export function mediaKeyOf(url: string | undefined, folder: string): string | undefined {
  const prefix = `/${MEDIA_PREFIX}${folder}/`;
  if (!url?.startsWith(prefix)) return undefined;
  const rest = url.slice(prefix.length);
  return rest.length > 0 && !rest.includes('/') && !rest.includes('..') ? url.slice(1) : undefined;
}

/**
 * Deletes a media object, best effort: it runs after the record already points elsewhere (or to clean up
 * after a failed write), so a failure leaves an unreferenced object and is only logged.
 */
export async function deleteMedia(key: string | undefined): Promise<void> {
  if (!key) return;
  try {
    await deleteObject({ bucket: 'files', key });
  } catch (error) {
    logger.warn('media object not deleted', { key, error: error as Error });
  }
}
