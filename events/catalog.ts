import * as z from 'zod';

/** Every event our functions put on the platform bus carries this source. */
export const EVENT_SOURCE = 'estatenet.platform';

/**
 * The detail-types of the platform bus, each with the zod schema of its `detail`. Producers build events
 * with `eventDetail()`, consumers parse with the same schema (Powertools-parser style).
 */
export const eventCatalog = {
  PropertyAdded: z.object({ propertyId: z.string(), agentId: z.string() }),
  PropertyDeedVerified: z.object({ propertyId: z.string(), agentId: z.string() }),
  OwnerAcknowledged: z.object({ propertyId: z.string(), agentId: z.string() }),
  ConnectionAccepted: z.object({ connectionId: z.string(), requesterId: z.string(), receiverId: z.string() }),
  WebsitePublished: z.object({ websiteId: z.string(), agentId: z.string() }),
  WebsiteUnpublished: z.object({ websiteId: z.string(), agentId: z.string() }),
  WebsiteContentForced: z.object({
    websiteId: z.string(),
    agentId: z.string(),
    pageId: z.string().optional(),
    pageSlug: z.string().optional(),
  }),
  GlobalComponentsChanged: z.object({ websiteId: z.string(), agentId: z.string() }),
  CloudObjectCreated: z.object({ bucket: z.string(), key: z.string(), size: z.number() }),
  CloudObjectDeleted: z.object({ bucket: z.string(), key: z.string() }),
} as const;

export type DetailType = keyof typeof eventCatalog;
export type EventDetail<T extends DetailType> = z.infer<(typeof eventCatalog)[T]>;

/** The EventBridge envelope a consumer receives, with a typed detail. */
export interface PlatformEvent<T extends DetailType = DetailType> {
  version: string;
  id: string;
  'detail-type': T;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: EventDetail<T>;
}
