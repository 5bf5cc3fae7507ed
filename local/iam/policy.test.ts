import { describe, expect, it } from 'vitest';
import { platformFunctions, routeAccess } from '#contracts/function-access';
import { routes } from '#contracts/manifest';
import { checksOf } from '../emulators/dynamodb-iam.ts';
import { functionEnvironment } from './functions.ts';
import { allows, LocalIam, localPolicy, localSecretArn, REFUSAL_LOG_PREFIX } from './policy.ts';
import { s3Authorizer, s3Checks } from './s3-access.ts';

const NAMES = {
  namePrefix: 'estatenet-local',
  table: 'estatenet-local',
  buckets: { files: 'estatenet-files', content: 'estatenet-content', sites: 'estatenet-sites' },
  bus: 'estatenet-local',
  userPoolId: 'local_pool',
};
const TABLE = 'arn:aws:dynamodb:us-east-1:000000000000:table/estatenet-local';
const ADMIN = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('the policy matcher', () => {
  const statements = [
    { actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: [TABLE, `${TABLE}/index/*`] },
    { actions: ['s3:GetObject*', 's3:List*'], resources: ['arn:aws:s3:::files', 'arn:aws:s3:::files/*'] },
  ];

  it('allows a listed action on a listed resource, actions case-insensitively', () => {
    expect(allows(statements, 'dynamodb:GetItem', TABLE)).toBe(true);
    expect(allows(statements, 'DynamoDB:getitem', TABLE)).toBe(true);
  });

  it('reads * in actions and resources as any run of characters, slashes included', () => {
    expect(allows(statements, 's3:GetObjectTagging', 'arn:aws:s3:::files/a/b/c.txt')).toBe(true);
    expect(allows(statements, 'dynamodb:Query', `${TABLE}/index/byAgency`)).toBe(true);
    expect(allows(statements, 's3:ListBucket', 'arn:aws:s3:::files')).toBe(true);
  });

  it('refuses another action, another table, another bucket, and a resource that only starts alike', () => {
    expect(allows(statements, 'dynamodb:PutItem', TABLE)).toBe(false);
    expect(allows(statements, 'dynamodb:GetItem', `${TABLE}-other`)).toBe(false);
    expect(allows(statements, 's3:GetObject', 'arn:aws:s3:::files-other/key')).toBe(false);
    expect(allows(statements, 's3:PutObject', 'arn:aws:s3:::files/key')).toBe(false);
    // the table grant alone does not reach an index: `/index/*` is its own resource
    expect(
      allows([{ actions: ['dynamodb:Query'], resources: [TABLE] }], 'dynamodb:Query', `${TABLE}/index/x`),
    ).toBe(false);
  });

  it('treats ? as one character and escapes the rest of the pattern', () => {
    expect(
      allows(
        [{ actions: ['s3:Get?bject'], resources: ['arn:aws:s3:::a.b/*'] }],
        's3:GetObject',
        'arn:aws:s3:::a.b/k',
      ),
    ).toBe(true);
    expect(
      allows(
        [{ actions: ['s3:GetObject'], resources: ['arn:aws:s3:::a.b/*'] }],
        's3:GetObject',
        'arn:aws:s3:::aXb/k',
      ),
    ).toBe(false);
  });
});

describe('a condition on the request (StringLike)', () => {
  const listing = [
    {
      actions: ['s3:ListBucket'],
      resources: ['arn:aws:s3:::files'],
      condition: { StringLike: { 's3:prefix': ['cloud/*', 'uploads/*'] } },
    },
  ];

  it('allows only a request whose context value matches one of the patterns', () => {
    expect(allows(listing, 's3:ListBucket', 'arn:aws:s3:::files', { 's3:prefix': 'cloud/a/' })).toBe(true);
    expect(allows(listing, 's3:ListBucket', 'arn:aws:s3:::files', { 's3:prefix': 'uploads/' })).toBe(true);
    expect(allows(listing, 's3:ListBucket', 'arn:aws:s3:::files', { 's3:prefix': 'media/' })).toBe(false);
    expect(allows(listing, 's3:ListBucket', 'arn:aws:s3:::files', { 's3:prefix': 'cloud' })).toBe(false);
  });

  it('fails when the request does not carry the key (a listing without a prefix)', () => {
    expect(allows(listing, 's3:ListBucket', 'arn:aws:s3:::files')).toBe(false);
  });

  it('reads a listing’s prefix from its query as the s3:prefix key', () => {
    expect(
      s3Checks({ method: 'GET', bucket: 'files', key: '', rawQuery: 'list-type=2&prefix=cloud%2Fa%2F' }),
    ).toEqual([
      { action: 's3:ListBucket', resource: 'arn:aws:s3:::files', context: { 's3:prefix': 'cloud/a/' } },
    ]);
    expect(s3Checks({ method: 'GET', bucket: 'files', key: '', rawQuery: 'list-type=2' })).toEqual([
      { action: 's3:ListBucket', resource: 'arn:aws:s3:::files' },
    ]);
  });
});

describe('a GET or HEAD of a key with no object', () => {
  const read = { method: 'HEAD', rawPath: '/files/cloud/a', rawQuery: '', headers: {}, bucket: 'files' };
  const object = 'arn:aws:s3:::files/cloud/*';

  it('is a 404 to a caller who may list the key’s prefix, and 403 AccessDenied to one who may not', () => {
    const lines: string[] = [];
    const iam = new LocalIam(ADMIN, (line) => lines.push(line));
    const lister = iam.addFunction('lister', [
      { actions: ['s3:GetObject'], resources: [object] },
      {
        actions: ['s3:ListBucket'],
        resources: ['arn:aws:s3:::files'],
        condition: { StringLike: { 's3:prefix': ['cloud/*'] } },
      },
    ]);
    const reader = iam.addFunction('reader', [{ actions: ['s3:GetObject'], resources: [object] }]);
    const authorize = s3Authorizer(iam);
    const listerMissing = authorize({ ...read, key: 'cloud/a' }, { accessKeyId: lister.accessKeyId });
    expect(() => listerMissing?.whenMissing()).not.toThrow();
    const readerMissing = authorize({ ...read, key: 'cloud/a' }, { accessKeyId: reader.accessKeyId });
    expect(() => readerMissing?.whenMissing()).toThrow(
      /reader\/reader is not authorized to perform: s3:ListBucket on resource: arn:aws:s3:::files because/,
    );
    // only a missing object asks, and its refusal is logged as every refusal is
    expect(lines).toEqual([`${REFUSAL_LOG_PREFIX} reader s3:ListBucket arn:aws:s3:::files`]);
    // a write has no such answer
    expect(
      authorize({ ...read, method: 'DELETE', key: 'cloud/a' }, { accessKeyId: 'local' }),
    ).toBeUndefined();
  });
});

describe('the policies of the declarations, in local ARNs', () => {
  const policyOf = (id: keyof typeof routes) => localPolicy(routeAccess(routes[id]), NAMES);

  it('grants objects under the declared key prefixes only, and lists only those', () => {
    const policy = policyOf('getDownloadUrl');
    const files = 'arn:aws:s3:::estatenet-files';
    expect(allows(policy, 's3:GetObject', `${files}/cloud/agent/item`)).toBe(true);
    expect(allows(policy, 's3:PutObject', `${files}/cloud/agent/item`)).toBe(false);
    expect(allows(policy, 's3:PutObject', `${files}/zips/agent/a.zip`)).toBe(true);
    expect(allows(policy, 's3:GetObject', `${files}/uploads/agent/x/a.pdf`)).toBe(false);
    expect(allows(policy, 's3:GetObject', `${files}/media/agents/a/p.jpg`)).toBe(false);
    expect(allows(policy, 's3:ListBucket', files, { 's3:prefix': 'cloud/agent/item' })).toBe(true);
    expect(allows(policy, 's3:ListBucket', files, { 's3:prefix': 'uploads/' })).toBe(false);
    // never a version of an object, never the other buckets
    expect(allows(policy, 's3:DeleteObjectVersion', `${files}/zips/agent/a.zip`)).toBe(false);
    expect(allows(policy, 's3:GetObject', 'arn:aws:s3:::estatenet-content/cloud/agent/item')).toBe(false);
  });

  it('grants no Scan, no batch write and no stream read on the table, and only Query on its indexes', () => {
    const writer = policyOf('addProperty');
    for (const action of ['Scan', 'BatchWriteItem', 'DescribeTable', 'GetRecords', 'GetShardIterator'])
      expect(allows(writer, `dynamodb:${action}`, TABLE), action).toBe(false);
    for (const action of ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'])
      expect(allows(writer, `dynamodb:${action}`, TABLE), action).toBe(true);
    expect(allows(writer, 'dynamodb:ConditionCheckItem', TABLE)).toBe(true);
    expect(allows(writer, 'dynamodb:Query', `${TABLE}/index/gsi1`)).toBe(true);
    expect(allows(writer, 'dynamodb:GetItem', `${TABLE}/index/gsi1`)).toBe(false);
    expect(allows(writer, 'dynamodb:Scan', `${TABLE}/index/gsi1`)).toBe(false);
    expect(allows(policyOf('listFiles'), 'dynamodb:ConditionCheckItem', TABLE)).toBe(false);
  });

  it('lets the billing webhook, and no other function, read the webhook secret', () => {
    const secret = localSecretArn('estatenet-local/billing-webhook-secret');
    expect(allows(policyOf('receiveBillingWebhook'), 'secretsmanager:GetSecretValue', secret)).toBe(true);
    for (const [name, access] of platformFunctions())
      if (name !== 'receiveBillingWebhook')
        expect(allows(localPolicy(access, NAMES), 'secretsmanager:GetSecretValue', secret), name).toBe(false);
  });

  it('gives the billing webhook the secret’s ARN, never a value, and no other function either', () => {
    const cloudEnv = { BILLING_WEBHOOK_SECRET_ARN: 'arn:secret', BILLING_WEBHOOK_SECRET: 'whsec_value' };
    const credentials = { accessKeyId: 'K', secretAccessKey: 'S' };
    const env = functionEnvironment(routeAccess(routes.receiveBillingWebhook), cloudEnv, credentials);
    expect(env.BILLING_WEBHOOK_SECRET_ARN).toBe('arn:secret');
    expect(Object.values(env)).not.toContain('whsec_value');
    const other = functionEnvironment(routeAccess(routes.startCheckout), cloudEnv, credentials);
    expect(other.BILLING_WEBHOOK_SECRET_ARN).toBeUndefined();
  });
});

describe('local identities', () => {
  const listConnections = routeAccess(routes.listConnectionRequests);

  it('refuses a function outside its policy with IAM’s message, and logs one refusal line', () => {
    const lines: string[] = [];
    const iam = new LocalIam(ADMIN, (line) => lines.push(line));
    const { accessKeyId } = iam.addFunction('listConnectionRequests', localPolicy(listConnections, NAMES));
    expect(iam.authorize(accessKeyId, 'dynamodb:Query', TABLE).allowed).toBe(true);
    const refused = iam.authorize(accessKeyId, 'dynamodb:PutItem', TABLE);
    expect(refused).toMatchObject({
      allowed: false,
      message: `User: arn:aws:sts::000000000000:assumed-role/estatenet-local-listConnectionRequests/listConnectionRequests is not authorized to perform: dynamodb:PutItem on resource: ${TABLE} because no identity-based policy allows the dynamodb:PutItem action`,
    });
    expect(lines).toEqual([`${REFUSAL_LOG_PREFIX} listConnectionRequests dynamodb:PutItem ${TABLE}`]);
  });

  it('allows the admin everything and refuses unknown and anonymous callers', () => {
    const iam = new LocalIam(ADMIN);
    expect(iam.authorize('local', 'dynamodb:CreateTable', TABLE).allowed).toBe(true);
    expect(iam.authorize('someone', 'dynamodb:GetItem', TABLE).allowed).toBe(false);
    expect(iam.authorize(undefined, 'dynamodb:GetItem', TABLE).allowed).toBe(false);
  });

  it('derives the same secret for a function from the same key, another from another key', () => {
    const one = new LocalIam(ADMIN, undefined, 'k1');
    expect(new LocalIam(ADMIN, undefined, 'k1').credentialsFor('a')).toEqual(one.credentialsFor('a'));
    expect(new LocalIam(ADMIN, undefined, 'k2').credentialsFor('a')).not.toEqual(one.credentialsFor('a'));
    expect(one.secretOf(one.credentialsFor('a').accessKeyId)).toBe(one.credentialsFor('a').secretAccessKey);
  });

  it('gives a function only its declared variables, its credentials and the local settings', () => {
    const cloudEnv = {
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1',
      TABLE_NAME: 'estatenet-local',
      FILES_BUCKET: 'estatenet-files',
      EVENT_BUS_NAME: 'estatenet-local',
      USER_POOL_ID: 'pool',
      USER_POOL_CLIENT_ID: 'client',
      JWT_ISSUER: 'http://issuer',
      SITES_DNS_SERVERS: '127.0.0.1:1',
    };
    const env = functionEnvironment(listConnections, cloudEnv, { accessKeyId: 'K', secretAccessKey: 'S' });
    expect(env).toMatchObject({
      TABLE_NAME: 'estatenet-local',
      USER_POOL_ID: 'pool',
      JWT_ISSUER: 'http://issuer',
      AWS_ACCESS_KEY_ID: 'K',
      AWS_SECRET_ACCESS_KEY: 'S',
    });
    for (const absent of ['FILES_BUCKET', 'EVENT_BUS_NAME', 'SITES_DNS_SERVERS'])
      expect(env[absent], absent).toBeUndefined();
  });

  it('names every platform function once', () => {
    expect(platformFunctions().size).toBeGreaterThan(100);
  });
});

describe('what a DynamoDB request needs', () => {
  it('names the index of a query, every item of a transaction and every table of a batch', () => {
    expect(checksOf('Query', { TableName: 't', IndexName: 'byAgency' })).toEqual([
      {
        action: 'dynamodb:Query',
        resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/t/index/byAgency',
      },
    ]);
    expect(
      checksOf('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 'a' } },
          { Update: { TableName: 'b' } },
          { Delete: { TableName: 'a' } },
          { ConditionCheck: { TableName: 'c' } },
        ],
      }).map((check) => `${check.action} ${check.resource.split(':table/')[1]}`),
    ).toEqual([
      'dynamodb:PutItem a',
      'dynamodb:UpdateItem b',
      'dynamodb:DeleteItem a',
      'dynamodb:ConditionCheckItem c',
    ]);
    expect(
      checksOf('BatchWriteItem', { RequestItems: { a: [], b: [] } }).map(
        (check) => check.resource.split(':table/')[1],
      ),
    ).toEqual(['a', 'b']);
    expect(checksOf('TransactGetItems', { TransactItems: [{ Get: { TableName: 'a' } }] })).toEqual([
      { action: 'dynamodb:GetItem', resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/a' },
    ]);
  });
});
