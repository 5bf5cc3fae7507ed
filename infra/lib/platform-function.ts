import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, type CfnFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { ENV_NAMES } from '../../contracts/environment.ts';
import {
  accessOf,
  type FunctionAccess,
  type GrantResource,
  SECRETS,
} from '../../contracts/function-access.ts';
import type { BucketName, RouteResources, SecretName } from '../../contracts/route.ts';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, MAX_ROUTE_TIMEOUT_SECONDS } from '../../contracts/route.ts';
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
  /**
   * asynchronous invocations (event consumers, jobs): how often Lambda retries a failed one and how old
   * an event may get before it is given up (then it goes to the dead-letter queue)
   */
  asyncRetry?: AsyncRetry;
}

/** Lambda's retries of a failed asynchronous invocation (its EventInvokeConfig). */
export interface AsyncRetry {
  retryAttempts: number;
  maxEventAge: Duration;
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
 * with the stage's retention. Its role is its own and starts empty: it may write its own log group's
 * streams (no managed policy, no `logs:CreateLogGroup`), send traces, and whatever its declaration grants
 * (`grantAccess`).
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
    // not NodejsFunction's default role, which carries the managed AWSLambdaBasicExecutionRole (logs:* of
    // every log group in the account): this one may write only its own function's log group
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.entry}: its own log group, traces and its declared grants`,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...LOG_WRITE_ACTIONS],
        // the group's ARN attribute ends in `:*`, its streams
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.fn = new NodejsFunction(this, 'Function', {
      role,
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
      ...(props.asyncRetry
        ? { retryAttempts: props.asyncRetry.retryAttempts, maxEventAge: props.asyncRetry.maxEventAge }
        : {}),
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
    // on the construct, so the role (a sibling of the function) is covered too
    NagSuppressions.addResourceSuppressions(
      this,
      [
        {
          id: 'AwsSolutions-L1',
          reason:
            'The bundles are built for Node 22 (esbuild target node22, infra/lib/bundle-options.ts) and measured against that target by the budgets; a newer runtime is a deliberate upgrade of target, runtime and budgets together, not a synth-time default.',
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

/** What a function may do with its own log group: create its streams and put events in them. */
export const LOG_WRITE_ACTIONS = ['logs:CreateLogStream', 'logs:PutLogEvents'] as const;

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
  /** the stage's Secrets Manager secrets, by use */
  secrets: Record<SecretName, ISecret>;
}

/** A declared resource as an ARN of this stack's resources (tokens). */
function arnOf(ref: GrantResource, resources: PlatformResources): string {
  switch (ref.kind) {
    case 'table':
      return resources.table.tableArn;
    case 'tableIndexes':
      return `${resources.table.tableArn}/index/*`;
    case 'bucket':
      return resources.buckets[ref.bucket].bucketArn;
    case 'objects':
      return resources.buckets[ref.bucket].arnForObjects(`${ref.prefix}*`);
    case 'secret':
      return resources.secrets[ref.secret].secretArn;
    case 'bus':
      return resources.bus.eventBusArn;
    case 'userPool':
      return resources.userPool.userPoolArn;
    case 'emailIdentity':
      return resources.inviteEmail!.identity.emailIdentityArn;
    case 'emailConfigurationSet':
      return resources.inviteEmail!.configurationSetArn;
    case 'sitesDistribution':
    case 'siteHostsStore':
      throw new Error(`${ref.kind} is granted by the sites hosting (infra/lib/platform-stack.ts)`);
  }
}

/** The value of a declared resource variable in this stack, or undefined where the stage has none. */
function variableValue(name: string, resources: PlatformResources): string | undefined {
  if (name === ENV_NAMES.table) return resources.table.tableName;
  for (const bucket of Object.keys(ENV_NAMES.buckets) as BucketName[])
    if (name === ENV_NAMES.buckets[bucket]) return resources.buckets[bucket].bucketName;
  if (name === ENV_NAMES.bus) return resources.bus.eventBusName;
  if (name === ENV_NAMES.userPool) return resources.userPool.userPoolId;
  if (name === ENV_NAMES.userPoolClient) return resources.userPoolClientId;
  if (name === ENV_NAMES.appUrl) return resources.appUrl;
  if (name === ENV_NAMES.email.from) return resources.inviteEmail?.fromAddress;
  for (const secret of Object.keys(SECRETS) as SecretName[])
    if (name === SECRETS[secret].variable) return resources.secrets[secret].secretArn;
  return undefined;
}

/** Variables the stack knows from its shared resources; the sites and job settings are set by their owners. */
const SHARED_RESOURCE_VARIABLES = new Set<string>([
  ENV_NAMES.table,
  ...Object.values(ENV_NAMES.buckets),
  ENV_NAMES.bus,
  ENV_NAMES.userPool,
  ENV_NAMES.userPoolClient,
  ENV_NAMES.appUrl,
  ENV_NAMES.email.from,
  ...Object.values(SECRETS).map((secret) => secret.variable),
]);

/**
 * Exactly the grants and variables a function's declaration derives (contracts/function-access.ts): one
 * policy statement per declared statement, one variable per declared name. The sites distribution's
 * statements and variables are added where the distribution is built (platform-stack.ts `wireSites`).
 */
export function grantAccess(
  target: PlatformFunction,
  access: Pick<FunctionAccess, 'environment' | 'statements'>,
  resources: PlatformResources,
): void {
  for (const statement of access.statements) {
    if (statement.where === 'sitesDistribution') continue;
    if (statement.where === 'emailSender' && !resources.inviteEmail) continue;
    target.fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...statement.actions],
        resources: statement.resources.map((ref) => arnOf(ref, resources)),
        ...(statement.condition ? { conditions: { StringLike: statement.condition.StringLike } } : {}),
      }),
    );
  }
  for (const { name } of access.environment) {
    if (!SHARED_RESOURCE_VARIABLES.has(name)) continue;
    const value = variableValue(name, resources);
    if (value !== undefined) target.fn.addEnvironment(name, value);
  }
  const granted = access.statements.flatMap((statement) => statement.resources);
  NagSuppressions.addResourceSuppressions(
    target,
    [
      ...(granted.some((ref) => ref.kind === 'tableIndexes')
        ? [
            {
              id: 'AwsSolutions-IAM5',
              reason:
                'dynamodb:Query only, on the indexes of the one table (`<table>/index/*`): the declaration names the table, not which of its GSIs (functions/platform/data/table.ts) the function queries.',
              appliesTo: [{ regex: '/^Resource::<[^>]*Table[^>]*>\\/index\\/\\*$/' }],
            },
          ]
        : []),
      ...(granted.some((ref) => ref.kind === 'objects')
        ? [
            {
              id: 'AwsSolutions-IAM5',
              reason:
                'Object actions name the key prefixes the function declares (`<bucket>/<prefix>*`, contracts/storage-keys.ts); the owner part of a key follows the prefix and is checked by the handler after it verified the token. The sites bucket is granted whole to the page regenerator alone (its keys start with the website id).',
              appliesTo: [{ regex: '/^Resource::<[^>]*Bucket[^>]*>\\/([a-z-]+\\/)*\\*$/' }],
            },
          ]
        : []),
    ],
    true,
  );
}

/** Exactly the grants a manifest entry or event rule declares, nothing more (a function that verifies tokens). */
export function grantResources(
  target: PlatformFunction,
  declared: RouteResources,
  resources: PlatformResources,
): void {
  grantAccess(target, accessOf(declared, { verifiesTokens: true }), resources);
}

/**
 * Reserves the function's concurrency (public routes: anonymous callers can take no more than this of the
 * account, and always have it); `0` reserves nothing (0 would disable the function).
 */
export function reserveConcurrency(target: PlatformFunction, concurrency: number): void {
  if (concurrency > 0)
    (target.fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = concurrency;
}
