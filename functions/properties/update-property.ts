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
import {
  assertServerOwnedFlags,
  fieldsOf,
  listingsChanged,
  ownedProperty,
  withoutFields,
} from './properties.ts';
import { claimUploads, discardMedia, inlineImages, storeInlineImages } from './property-media.ts';
import { withIndexedPrice } from './property-prices.ts';

const MAX_ATTEMPTS = 4;

/**
 * Changes one of the caller's properties: the given fields, `clearFields` emptied, `removeMedia` taken
 * away and new photos appended. The write is conditional on the version read (a concurrent change is
 * read again and the request re-applied); the search entries and counters follow in the same
 * transaction. The verification flags are the server's: they are kept as they are (a write that read them
 * before a verification's decision writes again), and a request that would change them is refused. Every
 * saved change emits AgentListingsChanged for the agent's published websites.
 */
export const handler = withMultipartHttp(
  propertiesRoutes.updateProperty,
  async ({ path, body, files, identity }) => {
    const images = inlineImages(files);
    const fileKeys = [...new Set(body.fileKeys ?? [])];
    if (images.length + fileKeys.length > MAX_PROPERTY_FILES) {
      const message = `Upload at most ${MAX_PROPERTY_FILES} photos at a time.`;
      throw invalidField('files', message);
    }
    let previous = await ownedProperty(identity, path.id);
    assertServerOwnedFlags(body, previous);
    const checkMedia = (current: PropertyItem, added: number) => {
      const unknown = (body.removeMedia ?? []).filter(
        (url) => !current.media.some((item) => item.url === url),
      );
      if (unknown.length > 0) {
        const message = 'must name photos of this property';
        throw invalidField('removeMedia', message);
      }
      const remaining = current.media.length - new Set(body.removeMedia ?? []).size + added;
      if (remaining > MAX_PROPERTY_MEDIA) {
        const message = `A property holds at most ${MAX_PROPERTY_MEDIA} photos.`;
        throw invalidField('files', message);
      }
    };
    checkMedia(previous, images.length + fileKeys.length);

    const added: PropertyMediaItem[] = [];
    let next: PropertyItem | undefined;
    let consumeUploads: () => Promise<void>;
    try {
      const claimed = await claimUploads(identity.agentId, previous.property_id, fileKeys);
      added.push(...claimed.media);
      consumeUploads = claimed.consume;
      added.push(...(await storeInlineImages(previous.property_id, images)));
      for (let attempt = 1; attempt <= MAX_ATTEMPTS && !next; attempt += 1) {
        checkMedia(previous, added.length);
        const removing = new Set(body.removeMedia ?? []);
        const media = [...previous.media.filter((item) => !removing.has(item.url)), ...added];
        const candidate: PropertyItem = await withIndexedPrice({
          ...withoutFields(previous, body.clearFields),
          ...fieldsOf(body),
          media,
          imageOrder: media.map((item) => item.url),
          updated_at: new Date().toISOString(),
          version: previous.version + 1,
        });
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
    const kept = new Set(next.media.map((item) => item.url));
    await discardMedia(
      previous.media.filter((item) => !kept.has(item.url)),
      previous.property_id,
    );
    await listingsChanged(next);
    return next;
  },
);
