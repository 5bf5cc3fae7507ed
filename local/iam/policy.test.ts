import { describe, expect, it } from 'vitest';
import { platformFunctions, routeAccess } from '#contracts/function-access';
import { routes } from '#contracts/manifest';
import { checksOf } from '../emulators/dynamodb-iam.ts';
import { functionEnvironment } from './functions.ts';
import { allows, LocalIam, localPolicy, REFUSAL_LOG_PREFIX } from './policy.ts';

const NAMES = {
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
      SITES_CUSTOM_DOMAINS_ACTIVE: 'true',
    };
    const env = functionEnvironment(listConnections, cloudEnv, { accessKeyId: 'K', secretAccessKey: 'S' });
    expect(env).toMatchObject({
      TABLE_NAME: 'estatenet-local',
      USER_POOL_ID: 'pool',
      JWT_ISSUER: 'http://issuer',
      AWS_ACCESS_KEY_ID: 'K',
      AWS_SECRET_ACCESS_KEY: 'S',
    });
    for (const absent of ['FILES_BUCKET', 'EVENT_BUS_NAME', 'SITES_CUSTOM_DOMAINS_ACTIVE'])
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
