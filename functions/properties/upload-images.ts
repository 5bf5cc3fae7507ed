import { propertiesRoutes } from '#contracts/routes/properties';
import { MAX_PROPERTY_FILES, MAX_PROPERTY_MEDIA } from '#contracts/schemas/properties';
import { conflict } from '#platform/errors';
import { withMultipartHttp } from '#platform/multipart';
import { invalidField } from '#platform/validation';
import {
  PropertyChangedError,
  type PropertyItem,
  type PropertyMediaItem,
  writeProperty,
} from './entities.ts';
import { listingsChanged, ownedProperty } from './properties.ts';
import { claimUploads, discardMedia, inlineImages, storeInlineImages } from './property-media.ts';

const MAX_ATTEMPTS = 4;

/**
 * Appends images to one of the caller's properties: keys of presigned uploads (`fileKeys`) or small
 * inline files, at least one. `propertyId` must repeat the path's id; `metaDetails` is kept with each new
 * image. Answers the property's media in their order; AgentListingsChanged tells the agent's published
 * websites.
 */
export const handler = withMultipartHttp(
  propertiesRoutes.uploadPropertyImages,
  async ({ path, body, files, identity }) => {
    if (body.propertyId !== path.id) {
      const message = 'must be the id of the property in the path';
      throw invalidField('propertyId', message);
    }
    const images = inlineImages(files);
    const fileKeys = [...new Set(body.fileKeys ?? [])];
    if (images.length + fileKeys.length === 0) {
      throw invalidField('files', 'is required');
    }
    if (images.length + fileKeys.length > MAX_PROPERTY_FILES) {
      const message = `Upload at most ${MAX_PROPERTY_FILES} photos at a time.`;
      throw invalidField('files', message);
    }
    let previous = await ownedProperty(identity, path.id);
    const checkRoom = (current: PropertyItem, adding: number) => {
      if (current.media.length + adding > MAX_PROPERTY_MEDIA) {
        const message = `A property holds at most ${MAX_PROPERTY_MEDIA} photos.`;
        throw invalidField('files', message);
      }
    };
    checkRoom(previous, images.length + fileKeys.length);

    const added: PropertyMediaItem[] = [];
    let next: PropertyItem | undefined;
    let consumeUploads: () => Promise<void>;
    try {
      const claimed = await claimUploads(identity.agentId, path.id, fileKeys, body.metaDetails);
      added.push(...claimed.media);
      consumeUploads = claimed.consume;
      added.push(...(await storeInlineImages(path.id, images, body.metaDetails)));
      for (let attempt = 1; attempt <= MAX_ATTEMPTS && !next; attempt += 1) {
        checkRoom(previous, added.length);
        const media = [...previous.media, ...added];
        const candidate: PropertyItem = {
          ...previous,
          media,
          imageOrder: media.map((item) => item.url),
          updated_at: new Date().toISOString(),
          version: previous.version + 1,
        };
        try {
          await writeProperty(previous, candidate);
          next = candidate;
        } catch (error) {
          if (!(error instanceof PropertyChangedError)) throw error;
          previous = await ownedProperty(identity, path.id);
        }
      }
      if (!next) throw conflict('The property kept changing; reload it and try again');
    } catch (error) {
      await discardMedia(added);
      throw error;
    }
    await consumeUploads();
    await listingsChanged(next);
    return { media: next.media, imageOrder: next.imageOrder };
  },
);
