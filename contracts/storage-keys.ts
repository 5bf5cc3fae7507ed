import type { BucketName } from './route.ts';

/**
 * The key areas of the platform's buckets: what lies under each key prefix. A function declares the areas it
 * reads and those it writes (`buckets` of its manifest entry, event rule or job), and is granted those
 * prefixes only — in AWS its role's object actions name `<bucket>/<prefix>*` (contracts/function-access.ts),
 * and the local S3 checks every call against the same statements (local/iam/s3-access.ts). The owner part
 * of a key (agent, property, website) follows the prefix and is checked by the handler after it verified
 * the token: no static prefix can name it.
 */
export const KEY_PREFIXES = {
  files: {
    /** cloud files: `cloud/<agentId>/<itemId>` (functions/cloud/cloud.ts `objectKeyFor`) */
    cloud: 'cloud/',
    /** presigned uploads waiting to be used (POST /api/uploads): `uploads/<agentId>/<uuid>/<name>` */
    uploads: 'uploads/',
    /** folder downloads, expired after a day by a lifecycle rule: `zips/<agentId>/<uuid>.zip` */
    zips: 'zips/',
    /** profile pictures (public media): `media/agents/<agentId>/…` */
    agentMedia: 'media/agents/',
    /** agency logos (public media): `media/agencies/<agencyId>/…` */
    agencyMedia: 'media/agencies/',
    /** listing photos (public media): `media/properties/<propertyId>/…` */
    propertyMedia: 'media/properties/',
    /** website assets (public media): `media/websites/<websiteId>/…` */
    websiteMedia: 'media/websites/',
    /** listing deeds under review (private, never public media): `deeds/<propertyId>/<submissionId>.<ext>` */
    deeds: 'deeds/',
  },
  content: {
    /** a website's content and its backups: `websites/<websiteId>/{content,backups}/<uuid>.json` */
    websites: 'websites/',
    /** agents' own website templates: `templates/<agentId>/<templateId>.json` */
    templates: 'templates/',
  },
  sites: {
    /**
     * published pages, `<websiteId>/<path>`: the sites distribution maps a host to its website's folder, so
     * the keys have no common prefix; only the page regenerator writes this bucket, and it is granted it whole
     */
    pages: '',
  },
} as const satisfies Record<BucketName, Record<string, string>>;

/** The named key areas of one bucket. */
export type KeyArea<B extends BucketName> = keyof (typeof KEY_PREFIXES)[B] & string;

/** The key prefix of an area (`''`: the whole bucket). */
export const keyPrefix = <B extends BucketName>(bucket: B, area: KeyArea<B>): string =>
  (KEY_PREFIXES[bucket] as Record<string, string>)[area]!;
