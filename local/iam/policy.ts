import { createHmac, randomBytes } from 'node:crypto';
import { type FunctionAccess, type GrantResource, secretName } from '#contracts/function-access';

/**
 * The local cloud's IAM: each function runs with credentials of its own (an access key that names its
 * role), and every emulator door asks `authorize` whether that key's policy — the statements of its
 * declaration in contracts/function-access.ts, the same the CDK writes into the role — allows the action
 * on the resource. The admin key (the seed, the tests, the cloud's own hosts) is allowed everything.
 */

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';

/** The names of the local cloud's resources, which make their ARNs. */
export interface LocalResourceNames {
  /** what the local cloud's physical names start with (`estatenet-local`): its secrets' names too */
  namePrefix: string;
  table: string;
  buckets: Record<'files' | 'content' | 'sites', string>;
  bus: string;
  userPoolId: string;
}

/** A resolved statement: IAM actions and ARN patterns (`*` and `?` as IAM reads them). */
export interface PolicyStatement {
  actions: readonly string[];
  resources: readonly string[];
  /** `StringLike` condition keys: each must be in the request's context and match one of its patterns */
  condition?: { StringLike: Readonly<Record<string, readonly string[]>> };
}

/** The condition keys a request carries (`s3:prefix` of a listing), as IAM evaluates them. */
export type RequestContext = Readonly<Record<string, string>>;

/**
 * A secret's ARN in the local cloud (local/secrets-manager.ts): Secrets Manager ends a secret's ARN with a
 * random 6-character suffix; the local one is fixed.
 */
export const localSecretArn = (name: string) =>
  `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:${name}-LOCAL0`;

/** A declared resource as a local ARN; resources the local cloud does not have are left out. */
export function localArn(ref: GrantResource, names: LocalResourceNames): string | undefined {
  const table = `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${names.table}`;
  switch (ref.kind) {
    case 'table':
      return table;
    case 'tableIndexes':
      return `${table}/index/*`;
    case 'bucket':
      return `arn:aws:s3:::${names.buckets[ref.bucket]}`;
    case 'objects':
      return `arn:aws:s3:::${names.buckets[ref.bucket]}/${ref.prefix}*`;
    case 'secret':
      return localSecretArn(secretName(names.namePrefix, ref.secret));
    case 'bus':
      return `arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT}:event-bus/${names.bus}`;
    case 'userPool':
      return `arn:aws:cognito-idp:${LOCAL_REGION}:${LOCAL_ACCOUNT}:userpool/${names.userPoolId}`;
    // no SES sender, CloudFront distribution or KeyValueStore locally: nothing to call, nothing to grant
    default:
      return undefined;
  }
}

/** A function's policy in local ARNs. */
export function localPolicy(access: FunctionAccess, names: LocalResourceNames): PolicyStatement[] {
  return access.statements.map((statement) => ({
    actions: statement.actions,
    resources: statement.resources
      .map((ref) => localArn(ref, names))
      .filter((arn): arn is string => arn !== undefined),
    ...(statement.condition ? { condition: statement.condition } : {}),
  }));
}

const globCache = new Map<string, RegExp>();
/** IAM's wildcard match: `*` any run of characters (slashes included), `?` one character. */
function glob(pattern: string, flags: string): RegExp {
  const key = `${flags}${pattern}`;
  let regex = globCache.get(key);
  if (!regex) {
    const source = pattern
      .split('')
      .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    regex = new RegExp(`^${source}$`, flags);
    globCache.set(key, regex);
  }
  return regex;
}

/** Whether the request's context meets a statement's condition (a missing key fails it, as in IAM). */
function meets(condition: PolicyStatement['condition'], context: RequestContext): boolean {
  if (!condition) return true;
  return Object.entries(condition.StringLike).every(([key, patterns]) => {
    const value = context[key];
    return value !== undefined && patterns.some((pattern) => glob(pattern, '').test(value));
  });
}

/** Whether a statement list allows the action on the resource (actions match case-insensitively). */
export function allows(
  statements: readonly PolicyStatement[],
  action: string,
  resource: string,
  context: RequestContext = {},
): boolean {
  return statements.some(
    (statement) =>
      statement.actions.some((pattern) => glob(pattern, 'i').test(action)) &&
      statement.resources.some((pattern) => glob(pattern, '').test(resource)) &&
      meets(statement.condition, context),
  );
}

/** Who made a call: a function (its role and policy) or the admin. */
export type Caller =
  | { kind: 'admin' }
  | { kind: 'function'; name: string; role: string; policy: readonly PolicyStatement[] };

export type Decision =
  | { allowed: true; caller: Caller }
  | { allowed: false; caller: Caller | undefined; principal: string; message: string };

/** The role a function runs as (the assumed-role ARN AWS names in its refusals). */
export const roleOf = (functionName: string) => `estatenet-local-${functionName}`;
export const principalOf = (functionName: string) =>
  `arn:aws:sts::${LOCAL_ACCOUNT}:assumed-role/${roleOf(functionName)}/${functionName}`;

/** AWS's wording of an identity-policy refusal. */
export const accessDeniedMessage = (principal: string, action: string, resource: string) =>
  `User: ${principal} is not authorized to perform: ${action} on resource: ${resource} because no identity-based policy allows the ${action} action`;

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The identities of one local cloud: an access key per function (`LOCALFN…`, naming the function in the
 * refusal log) with a secret derived from a per-cloud key, and the admin key.
 */
export class LocalIam {
  private readonly byAccessKey = new Map<string, Caller>();
  private readonly refusals: string[] = [];

  /**
   * @param secretKey derives the functions' secrets; a test that knows it (the cloud's
   * `LOCAL_IAM_SECRET`) can sign as any function, to probe its grants
   */
  constructor(
    readonly admin: LocalCredentials,
    private readonly log: (line: string) => void = () => undefined,
    readonly secretKey: string = randomBytes(32).toString('base64url'),
  ) {
    this.byAccessKey.set(admin.accessKeyId, { kind: 'admin' });
  }

  /** A function's credentials (derived from its name, so a door can verify them before it is registered). */
  credentialsFor(name: string): LocalCredentials {
    const accessKeyId = `${FUNCTION_KEY_PREFIX}${name}`;
    return {
      accessKeyId,
      secretAccessKey: createHmac('sha256', this.secretKey).update(accessKeyId).digest('base64url'),
    };
  }

  /** Gives a function its policy; answers its credentials. */
  addFunction(name: string, policy: readonly PolicyStatement[]): LocalCredentials {
    const credentials = this.credentialsFor(name);
    this.byAccessKey.set(credentials.accessKeyId, { kind: 'function', name, role: roleOf(name), policy });
    return credentials;
  }

  /** access key id → secret, for doors that verify signatures (the S3 gate). */
  secretOf(accessKeyId: string): string | undefined {
    if (accessKeyId === this.admin.accessKeyId) return this.admin.secretAccessKey;
    if (!accessKeyId.startsWith(FUNCTION_KEY_PREFIX)) return undefined;
    return this.credentialsFor(accessKeyId.slice(FUNCTION_KEY_PREFIX.length)).secretAccessKey;
  }

  callerOf(accessKeyId: string | undefined): Caller | undefined {
    return accessKeyId === undefined ? undefined : this.byAccessKey.get(accessKeyId);
  }

  /**
   * Whether the caller behind an access key may perform the action on the resource. A refusal is one
   * `iam: refused …` line in the cloud's log (the test suites fail on any).
   */
  authorize(
    accessKeyId: string | undefined,
    action: string,
    resource: string,
    context: RequestContext = {},
  ): Decision {
    const caller = this.callerOf(accessKeyId);
    if (caller?.kind === 'admin') return { allowed: true, caller };
    if (caller?.kind === 'function' && allows(caller.policy, action, resource, context))
      return { allowed: true, caller };
    const principal =
      caller?.kind === 'function'
        ? principalOf(caller.name)
        : `arn:aws:iam::${LOCAL_ACCOUNT}:user/${accessKeyId ?? 'anonymous'}`;
    const message = accessDeniedMessage(principal, action, resource);
    const line = `${REFUSAL_LOG_PREFIX} ${caller?.kind === 'function' ? caller.name : (accessKeyId ?? 'anonymous')} ${action} ${resource}`;
    this.refusals.push(line);
    this.log(line);
    return { allowed: false, caller, principal, message };
  }

  /**
   * Whether the caller may perform the action, without logging a refusal: for answers that depend on a
   * permission the request does not itself need (S3's 404 or 403 for a missing key, after `s3:ListBucket`).
   */
  may(accessKeyId: string | undefined, action: string, resource: string, context: RequestContext = {}) {
    const caller = this.callerOf(accessKeyId);
    if (caller?.kind === 'admin') return true;
    return caller?.kind === 'function' && allows(caller.policy, action, resource, context);
  }

  /** Every refusal so far (the log holds the same lines). */
  refused(): readonly string[] {
    return this.refusals;
  }
}

/** The cloud environment's variable holding the key the functions' secrets derive from (tests only). */
export const LOCAL_IAM_SECRET_ENV = 'LOCAL_IAM_SECRET';

/** Access keys of functions start with this, then name the function (the refusal log names it too). */
export const FUNCTION_KEY_PREFIX = 'LOCALFN-';

/** The start of the cloud log's line for each refused call. */
export const REFUSAL_LOG_PREFIX = 'iam: refused';

/** The access key id of a SigV4 `Authorization` header (or of a presigned URL's `X-Amz-Credential`). */
export function accessKeyOf(authorization: string | undefined): string | undefined {
  const match = /Credential=([^/,\s]+)\//.exec(authorization ?? '');
  return match?.[1];
}
