import {
  type DetailType,
  EVENT_SOURCE,
  S3_EVENT_SOURCE,
  S3_OBJECT_CREATED,
  S3_OBJECT_DELETED,
} from './events.ts';
import type { RouteResources } from './route.ts';

/** The subset of EventBridge's pattern language we use; matched by AWS and by the local bus alike. */
export type PatternValue =
  | string
  | number
  | boolean
  | { prefix: string }
  | { exists: boolean }
  | { 'anything-but': string[] };
export interface EventPattern {
  source?: string[];
  'detail-type'?: string[];
  detail?: Record<string, PatternValue[] | Record<string, PatternValue[]>>;
}

export interface EventRule {
  /** rule name, also used for the consumer's Lambda id */
  name: string;
  description: string;
  pattern: EventPattern;
  /** consumer handler file, `events/consumers/<name>.ts`, exporting `handler` */
  consumer: string;
  /** S3 sends its notifications to the account's default bus; our producers use the platform bus */
  bus: 'platform' | 'default';
  /** what the consumer may touch (contracts/function-access.ts turns it into its policy and environment) */
  resources: Pick<
    RouteResources,
    'table' | 'buckets' | 'bus' | 'appUrl' | 'siteDomains' | 'sitesDistribution' | 'siteHosts'
  >;
}

const fromPlatform = (...detailTypes: DetailType[]): EventPattern => ({
  source: [EVENT_SOURCE],
  'detail-type': detailTypes,
});

/** The platform's EventBridge rules, one consumer each. CDK and the local bus are built from this list. */
export const eventRules: readonly EventRule[] = [
  {
    name: 'award-reputation',
    description: 'Awards reputation points for listings, verifications, connections and closed deals',
    pattern: fromPlatform(
      'PropertyAdded',
      'PropertyDeedVerified',
      'OwnerAcknowledged',
      'ConnectionAccepted',
      'DealClosed',
    ),
    consumer: 'events/consumers/award-reputation.ts',
    bus: 'platform',
    resources: { table: 'readwrite' },
  },
  {
    name: 'regenerate-pages',
    description:
      'Regenerates the published pages of a website (or of an agent whose listings changed, or whose domain changed) into the sites bucket',
    pattern: fromPlatform(
      'WebsitePublished',
      'WebsiteUnpublished',
      'WebsiteContentForced',
      'GlobalComponentsChanged',
      'AgentListingsChanged',
      // canonical, og:url, robots.txt and sitemap.xml name the site's domain
      'WebsiteHostsChanged',
    ),
    consumer: 'events/consumers/regenerate-pages.ts',
    bus: 'platform',
    // canonical and og:url links of a website without a domain are absolute on the app's origin; the bus
    // takes WebsitePagesRegenerated (the cache invalidator's event)
    resources: {
      table: 'read',
      buckets: { content: { read: ['websites'] }, sites: { readwrite: ['pages'] } },
      bus: true,
      appUrl: true,
    },
  },
  {
    name: 'invalidate-site-cache',
    description:
      'Invalidates the sites distribution’s cached copies of a website whose pages were regenerated',
    pattern: fromPlatform('WebsitePagesRegenerated'),
    consumer: 'events/consumers/invalidate-site-cache.ts',
    bus: 'platform',
    // its own consumer: the CloudFront client would take the regenerator's bundle over its budget
    resources: { sitesDistribution: true },
  },
  {
    name: 'sync-site-hosts',
    description: 'Keeps the sites distribution’s KeyValueStore (hostname → websiteId) matching the domains',
    pattern: fromPlatform('WebsiteHostsChanged'),
    consumer: 'events/consumers/sync-site-hosts.ts',
    bus: 'platform',
    resources: { table: 'read', siteHosts: true },
  },
  {
    name: 'index-match-criteria',
    description:
      'Keeps a client’s match criteria index in step with the client (and its agent’s market), and records the listings already on the market that match it',
    pattern: fromPlatform('ClientChanged', 'AgentMarketChanged'),
    consumer: 'events/consumers/index-match-criteria.ts',
    bus: 'platform',
    resources: { table: 'readwrite' },
  },
  {
    name: 'match-listing',
    description:
      'Matches a listing added or changed against the clients and saved searches that can match it, and notifies their agents',
    // add-property announces AgentListingsChanged as well as PropertyAdded, and every edit announces it
    pattern: fromPlatform('AgentListingsChanged'),
    consumer: 'events/consumers/match-listing.ts',
    bus: 'platform',
    resources: { table: 'readwrite' },
  },
  {
    name: 'account-storage',
    description: 'Confirms uploaded objects and keeps storage usage exact',
    pattern: { source: [S3_EVENT_SOURCE], 'detail-type': [S3_OBJECT_CREATED, S3_OBJECT_DELETED] },
    consumer: 'events/consumers/account-storage.ts',
    bus: 'default',
    resources: { table: 'readwrite', buckets: { files: { readwrite: ['cloud', 'uploads'] } } },
  },
];
