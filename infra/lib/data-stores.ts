import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { BucketName } from '../../contracts/route.ts';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/data/table.ts';
import type { StageConfig } from './stage-config.ts';

export const BUCKET_NAMES = ['files', 'content', 'sites'] as const satisfies readonly BucketName[];

/** Private, encrypted, TLS-only; emptied on destroy when the stage destroys its data. */
export function privateBucket(scope: Construct, id: string, stage: StageConfig, bucketName?: string): Bucket {
  const destroy = stage.removalPolicy === RemovalPolicy.DESTROY;
  return new Bucket(scope, id, {
    ...(bucketName ? { bucketName } : {}),
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: stage.removalPolicy,
    autoDeleteObjects: destroy,
  });
}

/**
 * The files bucket's name, known before the bucket exists: the app distribution serves its `media/`
 * objects while the bucket's CORS rule names the distribution's domain, so the distribution must reach
 * the bucket by name, not by reference, or the two would depend on each other.
 */
export function filesBucketName(stage: StageConfig): string {
  return `${stage.namePrefix}-files-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** The single table, the three buckets and the platform event bus. */
export class DataStores extends Construct {
  readonly table: Table;
  readonly buckets: Record<BucketName, Bucket>;
  readonly bus: EventBus;

  constructor(scope: Construct, id: string, stage: StageConfig) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: stage.removalPolicy,
    });
    for (const index of TABLE_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    const files = privateBucket(this, 'FilesBucket', stage, filesBucketName(stage));
    // folder zips are temporary download objects (functions/cloud/get-download-url.ts); multipart writes
    // that never completed must not keep costing
    files.addLifecycleRule({ id: 'expire-folder-zips', prefix: 'zips/', expiration: Duration.days(1) });
    files.addLifecycleRule({
      id: 'abort-incomplete-uploads',
      abortIncompleteMultipartUploadAfter: Duration.days(1),
    });
    this.buckets = {
      files,
      content: privateBucket(this, 'ContentBucket', stage),
      sites: privateBucket(this, 'SitesBucket', stage),
    };

    this.bus = new EventBus(this, 'Bus', { eventBusName: stage.namePrefix });
  }

  /** S3 sends the bucket's object events to the account's default EventBridge bus. */
  notifyEventBridge(names: readonly BucketName[]): void {
    for (const name of names) this.buckets[name].enableEventBridgeNotification();
  }

  /** Browsers upload (presigned POST/PUT) and download cloud files straight from the files bucket. */
  allowBrowserUploads(origins: string[]): void {
    this.buckets.files.addCorsRule({
      allowedOrigins: origins,
      allowedMethods: [HttpMethods.POST, HttpMethods.PUT, HttpMethods.GET],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
