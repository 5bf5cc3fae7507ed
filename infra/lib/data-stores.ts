import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { SECRETS, secretName } from '../../contracts/function-access.ts';
import type { BucketName, SecretName } from '../../contracts/route.ts';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/platform/data/table.ts';
import type { StageConfig } from './stage-config.ts';

export const BUCKET_NAMES = ['files', 'content', 'sites'] as const satisfies readonly BucketName[];

export interface PrivateBucketOptions {
  bucketName?: string;
  /** keep earlier versions of every object (website content, published pages) */
  versioned?: boolean;
  /** where S3 writes this bucket's server access logs (under `<id>/`) */
  accessLogs?: IBucket;
}

/** Days an overwritten or deleted version of a versioned bucket's object is kept. */
export const NONCURRENT_VERSION_DAYS = 30;
/** Days before an upload that was started and never completed is aborted (its parts stop costing). */
export const ABORT_INCOMPLETE_UPLOAD_DAYS = 1;

/**
 * Private, encrypted, TLS-only, multipart uploads that never complete aborted; emptied on destroy when the
 * stage destroys its data.
 */
export function privateBucket(
  scope: Construct,
  id: string,
  stage: StageConfig,
  options: PrivateBucketOptions = {},
): Bucket {
  const destroy = stage.removalPolicy === RemovalPolicy.DESTROY;
  return new Bucket(scope, id, {
    ...(options.bucketName ? { bucketName: options.bucketName } : {}),
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: stage.removalPolicy,
    autoDeleteObjects: destroy,
    ...(options.versioned ? { versioned: true } : {}),
    ...(options.accessLogs
      ? { serverAccessLogsBucket: options.accessLogs, serverAccessLogsPrefix: `${id}/` }
      : {}),
    lifecycleRules: [
      {
        id: 'abort-incomplete-uploads',
        abortIncompleteMultipartUploadAfter: Duration.days(ABORT_INCOMPLETE_UPLOAD_DAYS),
      },
      ...(options.versioned
        ? [{ id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS) }]
        : []),
    ],
  });
}

/** Days S3 server access logs are kept. */
export const ACCESS_LOG_DAYS: Record<StageConfig['stage'], number> = { dev: 7, staging: 30, prod: 180 };

/**
 * The files bucket's name, known before the bucket exists: the app distribution serves its `media/`
 * objects while the bucket's CORS rule names the distribution's domain, so the distribution must reach
 * the bucket by name, not by reference, or the two would depend on each other.
 */
export function filesBucketName(stage: StageConfig): string {
  return `${stage.namePrefix}-files-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** The single table, the three buckets, the platform event bus and the stage's secrets. */
export class DataStores extends Construct {
  readonly table: Table;
  readonly buckets: Record<BucketName, Bucket>;
  readonly bus: EventBus;
  /** server access logs of every bucket */
  readonly accessLogs: Bucket;
  /**
   * secrets read by functions at cold start (contracts/function-access.ts `SECRETS`): created with a
   * random value, which no provider signs with, until the operator puts the real one (docs/infrastructure.md)
   */
  readonly secrets: Record<SecretName, Secret>;

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

    this.accessLogs = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: stage.removalPolicy === RemovalPolicy.DESTROY,
      lifecycleRules: [
        { id: 'expire-logs', expiration: Duration.days(ACCESS_LOG_DAYS[stage.stage]) },
        {
          id: 'abort-incomplete-uploads',
          abortIncompleteMultipartUploadAfter: Duration.days(ABORT_INCOMPLETE_UPLOAD_DAYS),
        },
      ],
    });
    NagSuppressions.addResourceSuppressions(this.accessLogs, [
      {
        id: 'AwsSolutions-S1',
        reason: 'The access-log bucket receives the other buckets’ logs; it does not log itself.',
      },
    ]);

    const accessLogs = this.accessLogs;
    // the files bucket holds agents' cloud files: versioning would keep deleted files (and their quota)
    // beyond the trash purge, so it is not versioned
    const files = privateBucket(this, 'FilesBucket', stage, {
      bucketName: filesBucketName(stage),
      accessLogs,
    });
    // folder zips are temporary download objects (functions/cloud/get-download-url.ts)
    files.addLifecycleRule({ id: 'expire-folder-zips', prefix: 'zips/', expiration: Duration.days(1) });
    this.buckets = {
      files,
      // website content (editor JSON, backups) and the published pages: earlier versions are kept
      content: privateBucket(this, 'ContentBucket', stage, { versioned: true, accessLogs }),
      sites: privateBucket(this, 'SitesBucket', stage, { versioned: true, accessLogs }),
    };

    this.bus = new EventBus(this, 'Bus', { eventBusName: stage.namePrefix });

    this.secrets = Object.fromEntries(
      (Object.keys(SECRETS) as SecretName[]).map((name) => {
        const secret = new Secret(this, `Secret-${name}`, {
          secretName: secretName(stage.namePrefix, name),
          description: SECRETS[name].description,
          generateSecretString: { passwordLength: 48, excludePunctuation: true },
          removalPolicy: stage.removalPolicy,
        });
        NagSuppressions.addResourceSuppressions(secret, [
          {
            id: 'AwsSolutions-SMG4',
            reason: SECRETS[name].rotation,
          },
        ]);
        return [name, secret];
      }),
    ) as Record<SecretName, Secret>;
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
