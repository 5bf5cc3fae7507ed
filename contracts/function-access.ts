import { ENV_NAMES } from './environment.ts';
import { type EventRule, eventRules } from './event-rules.ts';
import { manifest } from './manifest.ts';
import type { BucketAccess, BucketName, RouteDefinition, RouteResources, SecretName } from './route.ts';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS } from './route.ts';
import { type ScheduledJob, scheduledJobs } from './schedules.ts';
import { keyPrefix } from './storage-keys.ts';
import { type CognitoTrigger, cognitoTriggers } from './triggers.ts';

/**
 * Each function's grants and environment, derived once from what it declares (the manifest's `resources`,
 * the event rules, scheduled jobs and Cognito triggers). The CDK turns a function's statements into its
 * role's policy and sets its variables (infra/lib/platform-function.ts); the local cloud gives each handler
 * exactly these variables and checks every AWS call it makes against these statements (local/iam/), so
 * the deployed policy and the local enforcement cannot drift.
 */

/** What a statement's resource names; each side turns it into an ARN (CDK tokens, or local names). */
export type GrantResource =
  | { kind: 'table' }
  /** every index of the table: `<table ARN>/index/*` */
  | { kind: 'tableIndexes' }
  | { kind: 'bucket'; bucket: BucketName }
  /** the objects under a key prefix of the bucket: `<bucket ARN>/<prefix>*` (`''`: every object) */
  | { kind: 'objects'; bucket: BucketName; prefix: string }
  /** a secret of the stage (Secrets Manager) */
  | { kind: 'secret'; secret: SecretName }
  | { kind: 'bus' }
  | { kind: 'userPool' }
  | { kind: 'emailIdentity' }
  | { kind: 'emailConfigurationSet' }
  | { kind: 'sitesDistribution' }
  | { kind: 'siteHostsStore' };

export interface GrantStatement {
  /** IAM actions, `service:Action`, `*` wildcards as IAM reads them */
  actions: readonly string[];
  resources: readonly GrantResource[];
  /**
   * IAM condition keys the request must match (`StringLike`, `*` as IAM reads it): a listing of a bucket
   * names `s3:prefix`, which must lie in the function's key areas
   */
  condition?: { StringLike: Readonly<Record<string, readonly string[]>> };
  /** only where the stage has the resource (an SES sender, a sites distribution) */
  where?: 'emailSender' | 'sitesDistribution';
}

/**
 * An environment variable a function is given: `resource` names a granted resource (the configuration
 * module refuses to run without it); `setting` is set where the stage has a value.
 */
export interface EnvironmentEntry {
  name: string;
  kind: 'resource' | 'setting';
}

export type FunctionKind = 'route' | 'consumer' | 'job' | 'trigger';

export interface FunctionAccess {
  /** the function's name: route id, rule name, job name or trigger name */
  name: string;
  kind: FunctionKind;
  /** handler file relative to the repository root */
  handler: string;
  timeoutSeconds: number;
  environment: readonly EnvironmentEntry[];
  statements: readonly GrantStatement[];
}

/**
 * What the entity layer reads with (functions/platform/data/entity.ts): items by key, several at once, and
 * queries, on the table. No Scan (whole-table reads are for tests and operators, with their own
 * credentials), no stream reads, no DescribeTable.
 */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;
/**
 * Queries of the table's indexes (`<table>/index/*`): the declaration says "the table", not which of its
 * three GSIs (functions/platform/data/table.ts) the function's access patterns use.
 */
export const INDEX_READ_ACTIONS = ['dynamodb:Query'] as const;
/**
 * What a writer adds, on the table only. A transaction (TransactWriteItems) is authorized item by item as
 * these actions (Put, Update, Delete, ConditionCheck), so it needs no action of its own. No function
 * batch-writes, so BatchWriteItem is granted to none.
 */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
] as const;
/** Reading an object (GetObject also authorizes HEAD and presigned GETs) under a granted prefix. */
export const OBJECT_READ_ACTIONS = ['s3:GetObject'] as const;
/**
 * Writing under a granted prefix: PutObject (also presigned POST/PUT, the copy's target and every step
 * of a multipart upload), DeleteObject (a delete marker in a versioned bucket: earlier versions stay, no
 * function may delete a version), and aborting its own multipart uploads.
 */
export const OBJECT_WRITE_ACTIONS = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'] as const;
/**
 * Listing the bucket, only under the function's prefixes (`s3:prefix`). It also decides how S3 answers a
 * GET or HEAD of a missing key: 404 to a caller who may list the key's prefix, 403 to anyone else — and
 * the handlers read a missing object as "not there yet" (functions/aws/s3.ts).
 */
export const BUCKET_LIST_ACTIONS = ['s3:ListBucket'] as const;
/** Reading a secret's value (at cold start, functions/aws/secrets.ts). */
export const SECRET_ACTIONS = ['secretsmanager:GetSecretValue'] as const;
/**
 * The stage's secrets: each function that declares one gets the secret's ARN in `variable` and may read
 * it; the value never is in an environment variable or the template.
 */
export const SECRETS: Record<
  SecretName,
  { variable: string; description: string /** why no rotation function (cdk-nag SMG4) */; rotation: string }
> = {
  billingWebhook: {
    variable: ENV_NAMES.billing.webhookSecretArn,
    description:
      "The billing provider's webhook signing secret (HMAC-SHA256): put the provider's value here after the first deploy",
    rotation:
      'A value issued by a third party (the billing provider signs its webhooks with it): it is rotated at the provider, and the new value put here; a rotation function could only make values the provider does not sign with.',
  },
  originVerify: {
    variable: ENV_NAMES.originVerifySecretArn,
    description:
      'Sent by the CloudFront distributions to the API (x-origin-verify): the API trusts CloudFront-Viewer-Address only on requests carrying it (functions/platform/origin-verify.ts)',
    rotation:
      "Two sides hold it: the distributions' origin header (a CloudFormation dynamic reference, resolved on deploy) and the functions that read it; a new value is put here and the stack deployed (docs/infrastructure.md), which a rotation function alone could not do.",
  },
};

/** A secret's name in Secrets Manager: `<name prefix>/billing-webhook-secret` (`estatenet-prod/…`). */
export const secretName = (namePrefix: string, secret: SecretName): string =>
  `${namePrefix}/${secret.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-secret`;
export const BUS_ACTIONS = ['events:PutEvents'] as const;
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
export const EMAIL_ACTIONS = ['ses:SendEmail'] as const;
export const INVALIDATION_ACTIONS = ['cloudfront:CreateInvalidation'] as const;
/**
 * What the host sync (events/consumers/sync-site-hosts.ts) does with the store: read its ETag, read,
 * list, put and delete keys. ListKeys finds the keys of hostnames a website released (no record left).
 */
export const HOSTS_STORE_ACTIONS = [
  'cloudfront-keyvaluestore:DescribeKeyValueStore',
  'cloudfront-keyvaluestore:GetKey',
  'cloudfront-keyvaluestore:ListKeys',
  'cloudfront-keyvaluestore:PutKey',
  'cloudfront-keyvaluestore:DeleteKey',
] as const;

/** Variables that are not grants: where the sites distribution is, the stage's website domain. */
export const SITES_ENV = {
  /** the CNAME target shown to users who point their domain at their website */
  cnameTarget: 'SITES_CNAME_TARGET',
  /** the sites distribution, for invalidating regenerated pages */
  distributionId: 'SITES_DISTRIBUTION_ID',
  /** the domain of default website hostnames (`<subdomain>.<domain>`), when the stage has one */
  domain: 'SITES_DOMAIN',
  /** the KeyValueStore mapping hostnames to website ids */
  hostsStoreArn: 'SITES_HOSTS_KVS_ARN',
} as const;

const BUCKETS: readonly BucketName[] = ['files', 'content', 'sites'];

/** The statements of one bucket's declared key areas: objects by prefix, and listing those prefixes. */
function bucketStatements(bucket: BucketName, access: BucketAccess<BucketName>): GrantStatement[] {
  const prefixes = (areas: readonly string[] | undefined) =>
    [...new Set(areas ?? [])].map((area) => keyPrefix(bucket, area as never));
  const read = prefixes(access.read);
  const write = prefixes(access.readwrite);
  if (read.length + write.length === 0) throw new Error(`The ${bucket} bucket is declared with no key area`);
  const objects = (list: string[]) => list.map((prefix) => ({ kind: 'objects' as const, bucket, prefix }));
  const all = [...write, ...read.filter((prefix) => !write.includes(prefix))];
  return [
    ...(read.length ? [{ actions: OBJECT_READ_ACTIONS, resources: objects(read) }] : []),
    ...(write.length
      ? [{ actions: [...OBJECT_READ_ACTIONS, ...OBJECT_WRITE_ACTIONS], resources: objects(write) }]
      : []),
    {
      actions: BUCKET_LIST_ACTIONS,
      resources: [{ kind: 'bucket', bucket }],
      // the whole bucket (`''`) lists with no condition
      ...(all.includes('')
        ? {}
        : { condition: { StringLike: { 's3:prefix': all.map((prefix) => `${prefix}*`) } } }),
    },
  ];
}

/** The statements and variables of a set of declared resources. */
export function accessOf(
  declared: RouteResources,
  { verifiesTokens }: { verifiesTokens: boolean },
): Pick<FunctionAccess, 'environment' | 'statements'> {
  const environment: EnvironmentEntry[] = [];
  const statements: GrantStatement[] = [];
  const resource = (name: string) => environment.push({ name, kind: 'resource' });
  const setting = (name: string) => environment.push({ name, kind: 'setting' });
  if (verifiesTokens || declared.userPool) {
    resource(ENV_NAMES.userPool);
    resource(ENV_NAMES.userPoolClient);
  }
  if (declared.table) {
    resource(ENV_NAMES.table);
    statements.push(
      { actions: TABLE_READ_ACTIONS, resources: [{ kind: 'table' }] },
      { actions: INDEX_READ_ACTIONS, resources: [{ kind: 'tableIndexes' }] },
    );
    if (declared.table === 'readwrite')
      statements.push({ actions: TABLE_WRITE_ACTIONS, resources: [{ kind: 'table' }] });
  }
  for (const bucket of BUCKETS) {
    const access = declared.buckets?.[bucket] as BucketAccess<BucketName> | undefined;
    if (!access) continue;
    resource(ENV_NAMES.buckets[bucket]);
    statements.push(...bucketStatements(bucket, access));
  }
  for (const secret of new Set(declared.secrets ?? [])) {
    resource(SECRETS[secret].variable);
    statements.push({ actions: SECRET_ACTIONS, resources: [{ kind: 'secret', secret }] });
  }
  if (declared.bus) {
    resource(ENV_NAMES.bus);
    statements.push({ actions: BUS_ACTIONS, resources: [{ kind: 'bus' }] });
  }
  if (declared.userPool) {
    statements.push({ actions: USER_POOL_ADMIN_ACTIONS, resources: [{ kind: 'userPool' }] });
  }
  if (declared.email || declared.appUrl) resource(ENV_NAMES.appUrl);
  if (declared.email) {
    setting(ENV_NAMES.email.from);
    statements.push({
      actions: EMAIL_ACTIONS,
      resources: [{ kind: 'emailIdentity' }, { kind: 'emailConfigurationSet' }],
      where: 'emailSender',
    });
  }
  if (declared.siteDomains) {
    setting(SITES_ENV.cnameTarget);
    setting(SITES_ENV.domain);
  }
  if (declared.sitesDistribution) {
    setting(SITES_ENV.distributionId);
    statements.push({
      actions: INVALIDATION_ACTIONS,
      resources: [{ kind: 'sitesDistribution' }],
      where: 'sitesDistribution',
    });
  }
  if (declared.siteHosts) {
    setting(SITES_ENV.hostsStoreArn);
    statements.push({
      actions: HOSTS_STORE_ACTIONS,
      resources: [{ kind: 'siteHostsStore' }],
      where: 'sitesDistribution',
    });
  }
  return { environment, statements };
}

/** A route's function. */
export function routeAccess(route: RouteDefinition): FunctionAccess {
  return {
    name: route.id,
    kind: 'route',
    handler: route.handler,
    timeoutSeconds: route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS,
    ...accessOf(route.resources, { verifiesTokens: true }),
  };
}

/** Event consumers have 60 s (infra/lib/event-consumers.ts). */
export const CONSUMER_TIMEOUT_SECONDS = 60;

export function consumerAccess(rule: EventRule): FunctionAccess {
  return {
    name: rule.name,
    kind: 'consumer',
    handler: rule.consumer,
    timeoutSeconds: CONSUMER_TIMEOUT_SECONDS,
    ...accessOf(rule.resources, { verifiesTokens: true }),
  };
}

export function jobAccess(job: ScheduledJob): FunctionAccess {
  const { environment, statements } = accessOf(job.resources, { verifiesTokens: true });
  return {
    name: job.name,
    kind: 'job',
    handler: job.handler,
    timeoutSeconds: job.timeoutSeconds,
    environment: [
      ...environment,
      ...(job.settings ?? []).map((setting) => ({ name: ENV_NAMES[setting], kind: 'setting' as const })),
    ],
    statements,
  };
}

/** Cognito waits 5 s for a trigger; the function gives up at the same time. */
export const TRIGGER_TIMEOUT_SECONDS = 5;

/** Triggers get no pool ids: the pool names its triggers, and the event carries the pool id. */
export function triggerAccess(trigger: CognitoTrigger): FunctionAccess {
  return {
    name: trigger.name,
    kind: 'trigger',
    handler: trigger.handler,
    timeoutSeconds: TRIGGER_TIMEOUT_SECONDS,
    ...accessOf(trigger.resources, { verifiesTokens: false }),
  };
}

/** Every function of the platform, by name (route ids, rule, job and trigger names are distinct). */
export function platformFunctions(
  sources: {
    routes?: readonly RouteDefinition[];
    rules?: readonly EventRule[];
    jobs?: readonly ScheduledJob[];
    triggers?: readonly CognitoTrigger[];
  } = {},
): Map<string, FunctionAccess> {
  const all = [
    ...(sources.routes ?? manifest).map(routeAccess),
    ...(sources.rules ?? eventRules).map(consumerAccess),
    ...(sources.jobs ?? scheduledJobs).map(jobAccess),
    ...(sources.triggers ?? cognitoTriggers).map(triggerAccess),
  ];
  const byName = new Map<string, FunctionAccess>();
  for (const fn of all) {
    if (byName.has(fn.name)) throw new Error(`Two functions are named ${fn.name}`);
    byName.set(fn.name, fn);
  }
  return byName;
}
