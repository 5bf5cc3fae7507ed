import { type EventRule, eventRules } from '../events/rules.ts';
import { type ScheduledJob, scheduledJobs } from '../events/schedules.ts';
import { ENV_NAMES } from '../functions/lib/config.ts';
import { manifest } from './manifest.ts';
import type { BucketName, RouteDefinition, RouteResources } from './route.ts';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS } from './route.ts';
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
  /** every object of the bucket: `<bucket ARN>/*` */
  | { kind: 'objects'; bucket: BucketName }
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

/** What CDK's `table.grantReadData` grants, on the table and its indexes. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:GetItem',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:DescribeTable',
] as const;
/** What CDK's `table.grantReadWriteData` adds. */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:BatchWriteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
] as const;
/** What CDK's `bucket.grantRead` grants, on the bucket and its objects. */
export const BUCKET_READ_ACTIONS = ['s3:GetObject*', 's3:GetBucket*', 's3:List*'] as const;
/** What CDK's `bucket.grantReadWrite` adds (without ACLs: `@aws-cdk/aws-s3:grantWriteWithoutAcl`). */
export const BUCKET_WRITE_ACTIONS = [
  's3:DeleteObject*',
  's3:PutObject',
  's3:PutObjectLegalHold',
  's3:PutObjectRetention',
  's3:PutObjectTagging',
  's3:PutObjectVersionTagging',
  's3:Abort*',
] as const;
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
    statements.push({
      actions:
        declared.table === 'read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
      resources: [{ kind: 'table' }, { kind: 'tableIndexes' }],
    });
  }
  for (const bucket of BUCKETS) {
    const access = declared.buckets?.[bucket];
    if (!access) continue;
    resource(ENV_NAMES.buckets[bucket]);
    statements.push({
      actions: access === 'read' ? BUCKET_READ_ACTIONS : [...BUCKET_READ_ACTIONS, ...BUCKET_WRITE_ACTIONS],
      resources: [
        { kind: 'bucket', bucket },
        { kind: 'objects', bucket },
      ],
    });
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

/** A route's function; a planned route runs the shared 501 handler, which touches nothing. */
export function routeAccess(route: RouteDefinition): FunctionAccess {
  const planned = route.status === 'planned';
  return {
    name: route.id,
    kind: 'route',
    handler: route.handler,
    timeoutSeconds: route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS,
    ...accessOf(planned ? {} : route.resources, { verifiesTokens: true }),
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
    ...(sources.rules ?? eventRules).filter((rule) => rule.status === 'implemented').map(consumerAccess),
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
