import * as z from 'zod/mini';

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
    pageId: z.optional(z.string()),
    pageSlug: z.optional(z.string()),
    /** every page and the home page, not only the one named (absent: false) */
    allPages: z.optional(z.boolean()),
    /** render even while the website is a draft, as a preview (absent: true) */
    forcePublished: z.optional(z.boolean()),
  }),
  GlobalComponentsChanged: z.object({ websiteId: z.string(), agentId: z.string() }),
  /** the website's hostnames may have changed (domain set up or moved, website deleted or recovered) */
  WebsiteHostsChanged: z.object({ websiteId: z.string(), agentId: z.string() }),
  /**
   * a listing of the agent changed what a visitor sees (added, edited, photos added or reordered): the
   * agent's published websites with a property block are regenerated
   */
  AgentListingsChanged: z.object({ agentId: z.string(), propertyId: z.string() }),
  /**
   * the page regenerator made the sites bucket match the website (pages written or removed): its cached
   * copies are to be invalidated. `regenerationId` names the regeneration — the regenerator's event id, or
   * event id and website id when one event regenerates several websites — so a redelivered event yields
   * the same id, and the invalidation uses it as CloudFront's caller reference (one invalidation, not two)
   */
  WebsitePagesRegenerated: z.object({ websiteId: z.string(), regenerationId: z.string() }),
  /** both agents of a deal confirmed its close (issue 22): each is awarded a verified deal, once */
  DealClosed: z.object({ dealId: z.string(), proposerId: z.string(), listingAgentId: z.string() }),
  /**
   * a client was added, changed what it looks for, or was deleted (issue 22): the matcher re-reads it and
   * brings its criteria index in step (the client's version orders late deliveries)
   */
  ClientChanged: z.object({ clientId: z.string(), agentId: z.string() }),
  /**
   * an agent's city changed: the market its clients and saved searches naming no area look in moved, and
   * the matcher indexes them again in the new city
   */
  AgentMarketChanged: z.object({ agentId: z.string() }),
} as const;

export type DetailType = keyof typeof eventCatalog;
export type EventDetail<T extends DetailType> = z.infer<(typeof eventCatalog)[T]>;

/**
 * S3's own EventBridge notifications (source `aws.s3`), which the files bucket sends in AWS and the
 * local cloud derives from s3rver's object events: the storage accountant confirms uploads from them.
 */
export const S3_EVENT_SOURCE = 'aws.s3';
export const s3ObjectDetail = z.object({
  bucket: z.object({ name: z.string() }),
  object: z.object({ key: z.string(), size: z.optional(z.number()) }),
  reason: z.optional(z.string()),
});
export type S3ObjectDetail = z.infer<typeof s3ObjectDetail>;
export const S3_OBJECT_CREATED = 'Object Created';
export const S3_OBJECT_DELETED = 'Object Deleted';

/** Every event a consumer may be given, with the schema of its `detail`: the platform's own and S3's. */
export const consumedEvents = {
  ...eventCatalog,
  [S3_OBJECT_CREATED]: s3ObjectDetail,
  [S3_OBJECT_DELETED]: s3ObjectDetail,
} as const;
export type ConsumedDetailType = keyof typeof consumedEvents;

/** The EventBridge envelope a consumer receives, with a typed detail. */
export interface PlatformEvent<T extends ConsumedDetailType = DetailType> {
  version: string;
  id: string;
  'detail-type': T;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: z.infer<(typeof consumedEvents)[T]>;
}

/** One of the envelopes of the detail-types `T`, told apart by `detail-type`. */
export type PlatformEventOf<T extends ConsumedDetailType> = { [K in T]: PlatformEvent<K> }[T];
