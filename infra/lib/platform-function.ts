import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { Access, BucketName, RouteResources } from '../../contracts/route.ts';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, MAX_ROUTE_TIMEOUT_SECONDS } from '../../contracts/route.ts';
import { ENV_NAMES } from '../../functions/lib/config.ts';
import { LAMBDA_BUNDLE } from './bundle-options.ts';
import type { InviteEmail } from './invite-email.ts';
import type { StageConfig } from './stage-config.ts';

/** The repository root: entries, the lockfile and tsconfig.json are resolved from here. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const DEFAULT_TIMEOUT = Duration.seconds(DEFAULT_ROUTE_TIMEOUT_SECONDS);
/** An HTTP API integration gives up after 30 s, so a route's Lambda must finish before that. */
export const MAX_API_TIMEOUT = Duration.seconds(MAX_ROUTE_TIMEOUT_SECONDS);

/** What every function needs to verify the Cognito JWTs it receives (no IAM grant is implied). */
export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export interface PlatformFunctionProps {
  /** handler file relative to the repository root, exporting `handler` */
  entry: string;
  description?: string;
  stage: StageConfig;
  /**
   * the pool ids for verifying JWTs; left out for Cognito triggers, which the pool itself references
   * (the ids would make a circular dependency, and the trigger event carries the pool id)
   */
  userPool?: UserPoolIds;
  /** defaults to 10 s */
  timeout?: Duration;
  /** the largest timeout the caller accepts (29 s for API routes) */
  maxTimeout?: Duration;
  memorySize?: number;
  sourceMap?: boolean;
  /** event consumers: keep failed asynchronous invocations in an SQS dead-letter queue */
  deadLetterQueueEnabled?: boolean;
}

let esbuildChecked = false;

/** Local esbuild or nothing: NodejsFunction would silently fall back to building a Docker image. */
function assertLocalEsbuild(scope: Construct): void {
  if (esbuildChecked || !Stack.of(scope).bundlingRequired) return;
  try {
    createRequire(import.meta.url).resolve('esbuild');
    esbuildChecked = true;
  } catch {
    throw new Error(
      'esbuild is not installed locally (npm install); Docker bundling is not used by this app',
    );
  }
}

/**
 * The project's Lambda: Node 22 on arm64, a minified ESM bundle (tree-shaken through `module` entry
 * points, AWS SDK included so its version is the one we test with), X-Ray tracing, and a log group
 * with the stage's retention.
 */
export class PlatformFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;
  /** failed asynchronous invocations, when `deadLetterQueueEnabled` */
  readonly deadLetterQueue?: Queue;

  constructor(scope: Construct, id: string, props: PlatformFunctionProps) {
    super(scope, id);
    const timeout = props.timeout ?? DEFAULT_TIMEOUT;
    if (props.maxTimeout && timeout.toSeconds() > props.maxTimeout.toSeconds()) {
      throw new Error(`${id}: timeout ${timeout.toSeconds()} s exceeds ${props.maxTimeout.toSeconds()} s`);
    }
    const entry = path.join(REPO_ROOT, props.entry);
    if (!existsSync(entry)) throw new Error(`${id}: handler file ${props.entry} does not exist`);
    assertLocalEsbuild(this);

    const sourceMap = props.sourceMap ?? LAMBDA_BUNDLE.sourcemap;
    if (props.deadLetterQueueEnabled) {
      this.deadLetterQueue = deadLetterQueue(this, 'DeadLetterQueue');
    }
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.removalPolicy,
    });
    this.fn = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout,
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      ...(props.description ? { description: props.description } : {}),
      ...(this.deadLetterQueue ? { deadLetterQueue: this.deadLetterQueue } : {}),
      environment: {
        ...(props.userPool
          ? {
              [ENV_NAMES.userPool]: props.userPool.userPoolId,
              [ENV_NAMES.userPoolClient]: props.userPool.userPoolClientId,
            }
          : {}),
        POWERTOOLS_SERVICE_NAME: 'estatenet',
        // one structured line per request plus warnings and errors; DEBUG never runs in a deployed stage
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...(sourceMap ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
      },
      // the same esbuild options `npm run bench` measures (infra/lib/bundle-options.ts)
      bundling: {
        format: LAMBDA_BUNDLE.format === 'esm' ? OutputFormat.ESM : OutputFormat.CJS,
        target: LAMBDA_BUNDLE.target,
        mainFields: [...LAMBDA_BUNDLE.mainFields],
        banner: LAMBDA_BUNDLE.banner.js,
        minify: LAMBDA_BUNDLE.minify,
        esbuildArgs: {
          '--alias': Object.entries(LAMBDA_BUNDLE.alias).map(([module, path]) => `${module}=${path}`),
        },
        sourceMap,
        externalModules: [],
        forceDockerBundling: false,
      },
    });
    NagSuppressions.addResourceSuppressions(
      this.fn,
      [
        {
          id: 'AwsSolutions-L1',
          reason:
            'Node 22 is the runtime the bundles target and the local cloud runs (ARCHITECTURE §9); moving to a newer runtime is a tested upgrade, not a synth-time default.',
        },
        {
          id: 'AwsSolutions-IAM4',
          reason:
            'AWSLambdaBasicExecutionRole only lets the function write its own logs (CreateLogStream/PutLogEvents); the log group is the function’s own, with the stage’s retention.',
          appliesTo: [
            'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
          ],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'X-Ray PutTraceSegments/PutTelemetryRecords accept no resource-level permission (Resource "*").',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
  }
}

/** Days a dead-letter queue keeps a failed event: the most SQS allows, time to look and replay. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/** An SQS dead-letter queue: encrypted, TLS only, kept 14 days. */
export function deadLetterQueue(scope: Construct, id: string): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: DEAD_LETTER_RETENTION,
  });
  NagSuppressions.addResourceSuppressions(queue, [
    { id: 'AwsSolutions-SQS3', reason: 'This queue is itself a dead-letter queue.' },
  ]);
  return queue;
}

/** Read or read-write on the single table (and its indexes); sets TABLE_NAME. */
export function grantTable(target: PlatformFunction, table: ITable, access: Access): void {
  if (access === 'read') table.grantReadData(target.fn);
  else table.grantReadWriteData(target.fn);
  target.fn.addEnvironment(ENV_NAMES.table, table.tableName);
  NagSuppressions.addResourceSuppressions(
    target.fn,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The grant is on the one table and its indexes (`<table>/index/*`): handlers query the GSIs the data layer declares (functions/lib/data/table.ts).',
        appliesTo: [{ regex: '/^Resource::<[^>]*Table[^>]*>\\/index\\/\\*$/' }],
      },
    ],
    true,
  );
}

/** Objects of one bucket; sets FILES_BUCKET / CONTENT_BUCKET / SITES_BUCKET. */
export function grantBucket(
  target: PlatformFunction,
  name: BucketName,
  bucket: IBucket,
  access: Access,
): void {
  if (access === 'read') bucket.grantRead(target.fn);
  else bucket.grantReadWrite(target.fn);
  target.fn.addEnvironment(ENV_NAMES.buckets[name], bucket.bucketName);
  NagSuppressions.addResourceSuppressions(
    target.fn,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Object grants name the one declared bucket (`<bucket>/*`); keys are per agent and computed by the handler after it verified the token, so no static prefix narrows them further. The wildcard actions are the read (GetObject*, List*) or read-write sets of that bucket.',
        appliesTo: [
          { regex: '/^Resource::<[^>]*Bucket[^>]*>\\/\\*$/' },
          { regex: '/^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort|PutObject)\\*$/' },
        ],
      },
    ],
    true,
  );
}

/** PutEvents on the platform bus; sets EVENT_BUS_NAME. */
export function grantBus(target: PlatformFunction, bus: IEventBus): void {
  bus.grantPutEventsTo(target.fn);
  target.fn.addEnvironment(ENV_NAMES.bus, bus.eventBusName);
}

/** The admin calls our handlers make (team invites, role changes, account removal). */
export const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
] as const;

/** The user pool admin API; sets USER_POOL_ID and USER_POOL_CLIENT_ID (every function already has them). */
export function grantUserPool(target: PlatformFunction, userPool: IUserPool, userPoolClientId: string): void {
  userPool.grant(target.fn, ...USER_POOL_ADMIN_ACTIONS);
  target.fn.addEnvironment(ENV_NAMES.userPool, userPool.userPoolId);
  target.fn.addEnvironment(ENV_NAMES.userPoolClient, userPoolClientId);
}

/** The shared resources a manifest entry or event rule can ask for. */
export interface PlatformResources {
  table: ITable;
  buckets: Record<BucketName, IBucket>;
  bus: IEventBus;
  userPool: IUserPool;
  userPoolClientId: string;
  /** the app's URL, for links in emails */
  appUrl?: string;
  /** the stage's SES sender of invitation emails; absent when the stage sends none */
  inviteEmail?: InviteEmail;
}

/**
 * Email through SES: SendEmail from the stage's sender, which sets INVITE_FROM_EMAIL; APP_URL for the
 * links. Without a sender only APP_URL is set, and the handler hands the link to the inviter instead.
 */
export function grantEmail(target: PlatformFunction, resources: PlatformResources): void {
  if (resources.appUrl) target.fn.addEnvironment(ENV_NAMES.appUrl, resources.appUrl);
  if (!resources.inviteEmail) return;
  target.fn.addToRolePolicy(resources.inviteEmail.sendEmailStatement());
  target.fn.addEnvironment(ENV_NAMES.email.from, resources.inviteEmail.fromAddress);
}

/** Exactly the grants a manifest entry or event rule declares, nothing more. */
export function grantResources(
  target: PlatformFunction,
  declared: RouteResources,
  resources: PlatformResources,
): void {
  if (declared.table) grantTable(target, resources.table, declared.table);
  for (const [name, access] of Object.entries(declared.buckets ?? {}) as [BucketName, Access | undefined][]) {
    if (access) grantBucket(target, name, resources.buckets[name], access);
  }
  if (declared.bus) grantBus(target, resources.bus);
  if (declared.userPool) grantUserPool(target, resources.userPool, resources.userPoolClientId);
  if (declared.email) grantEmail(target, resources);
}
