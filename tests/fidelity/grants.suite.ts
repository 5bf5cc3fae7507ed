import { randomUUID } from 'node:crypto';
import {
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, inject, it } from 'vitest';
import { config, MissingConfigurationError } from '#aws/config';
import { NodeSha256 } from '#aws/sigv4';
import { LOCAL_BILLING_WEBHOOK_SECRET } from '#local/cloud';
import { LOCAL_IAM_SECRET_ENV, LocalIam } from '#local/iam/policy';
import { TABLE_INDEXES } from '#platform/data/table';
import { testS3 } from '../support/s3.ts';

/**
 * Each function's grants, enforced by the local cloud as IAM enforces the role's policy in AWS
 * (docs/cloud-fidelity.md): the policy is the one the CDK writes (contracts/function-access.ts, compared by
 * infra/function-access.test.ts), and a call outside it is refused with the service's own error. The
 * cases sign as a function, with the credentials its environment holds in the local Lambda.
 */

const env = () => inject('cloud').env;
const ACCOUNT_TABLE_ARN = () => `arn:aws:dynamodb:us-east-1:000000000000:table/${env().TABLE_NAME}`;

/** The credentials a function runs with (derived from the cloud's key, as the cloud derives them). */
function credentialsOf(functionName: string) {
  const admin = { accessKeyId: env().AWS_ACCESS_KEY_ID!, secretAccessKey: env().AWS_SECRET_ACCESS_KEY! };
  return new LocalIam(admin, undefined, env()[LOCAL_IAM_SECRET_ENV]).credentialsFor(functionName);
}

const dynamodbAs = (functionName: string) =>
  new DynamoDBClient({
    region: 'us-east-1',
    endpoint: env().AWS_ENDPOINT_URL_DYNAMODB,
    credentials: credentialsOf(functionName),
    maxAttempts: 1,
  });

const principal = (functionName: string) =>
  `arn:aws:sts::000000000000:assumed-role/estatenet-local-${functionName}/${functionName}`;

/** A read-only route: `table: 'read'` and nothing else. */
const READER = 'listConnectionRequests';
/** A consumer with no bus grant (it only writes the table). */
const NO_BUS = 'award-reputation';

describe('DynamoDB: a call outside the function’s grant', () => {
  it('is refused with 400 AccessDeniedException and IAM’s message (a read-only function writing)', async () => {
    const error = await dynamodbAs(READER)
      .send(
        new PutItemCommand({
          TableName: env().TABLE_NAME,
          Item: { pk: { S: 'fidelity#grants' }, sk: { S: 'refused' } },
        }),
      )
      .then(
        () => undefined,
        (caught: unknown) => caught as Error & { $metadata: { httpStatusCode: number } },
      );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.$metadata.httpStatusCode).toBe(400);
    expect(error?.message).toBe(
      `User: ${principal(READER)} is not authorized to perform: dynamodb:PutItem on resource: ${ACCOUNT_TABLE_ARN()} because no identity-based policy allows the dynamodb:PutItem action`,
    );
    // nothing was written
    const admin = new DynamoDBClient({ region: 'us-east-1', endpoint: env().AWS_ENDPOINT_URL_DYNAMODB });
    const read = await admin.send(
      new GetItemCommand({
        TableName: env().TABLE_NAME,
        Key: { pk: { S: 'fidelity#grants' }, sk: { S: 'refused' } },
      }),
    );
    expect(read.Item).toBeUndefined();
  });

  it('answers the coral error document DynamoDB sends', async () => {
    const response = await signedPost(
      READER,
      'dynamodb',
      env().AWS_ENDPOINT_URL_DYNAMODB!,
      { 'x-amz-target': 'DynamoDB_20120810.DeleteItem', 'content-type': 'application/x-amz-json-1.0' },
      { TableName: env().TABLE_NAME, Key: { pk: { S: 'x' }, sk: { S: 'y' } } },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      __type: 'com.amazon.coral.service#AccessDeniedException',
      Message: `User: ${principal(READER)} is not authorized to perform: dynamodb:DeleteItem on resource: ${ACCOUNT_TABLE_ARN()} because no identity-based policy allows the dynamodb:DeleteItem action`,
    });
  });

  it('is allowed inside it: the same function reads the table and queries its indexes', async () => {
    const client = dynamodbAs(READER);
    await expect(
      client.send(
        new GetItemCommand({ TableName: env().TABLE_NAME, Key: { pk: { S: 'x' }, sk: { S: 'y' } } }),
      ),
    ).resolves.toBeDefined();
    const index = TABLE_INDEXES[0]!;
    await expect(
      client.send(
        new QueryCommand({
          TableName: env().TABLE_NAME,
          IndexName: index.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': index.partitionKey },
          ExpressionAttributeValues: { ':pk': { S: 'fidelity#none' } },
        }),
      ),
    ).resolves.toMatchObject({ Count: 0 });
  });

  it('lets no function Scan, not even a writer of the whole table (a migration job)', async () => {
    const error = await dynamodbAs('index-agent-search')
      .send(new ScanCommand({ TableName: env().TABLE_NAME, Limit: 1 }))
      .then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toBe(
      `User: ${principal('index-agent-search')} is not authorized to perform: dynamodb:Scan on resource: ${ACCOUNT_TABLE_ARN()} because no identity-based policy allows the dynamodb:Scan action`,
    );
  });

  it('checks a query on an index against the index’s ARN (a caller without the table grant)', async () => {
    const index = TABLE_INDEXES[0]!;
    const error = await dynamodbAs('no-such-function')
      .send(
        new QueryCommand({
          TableName: env().TABLE_NAME,
          IndexName: index.name,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': index.partitionKey },
          ExpressionAttributeValues: { ':pk': { S: 'fidelity#none' } },
        }),
      )
      .then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain(
      `dynamodb:Query on resource: ${ACCOUNT_TABLE_ARN()}/index/${index.name} because no identity-based policy allows`,
    );
  });
});

describe('EventBridge: PutEvents without the bus grant', () => {
  it('is refused with 400 AccessDeniedException naming the bus', async () => {
    const bus = env().EVENT_BUS_NAME!;
    const response = await signedPost(
      NO_BUS,
      'events',
      env().AWS_ENDPOINT_URL_EVENTBRIDGE!,
      { 'x-amz-target': 'AWSEvents.PutEvents', 'content-type': 'application/x-amz-json-1.1' },
      { Entries: [{ EventBusName: bus, Source: 'estatenet', DetailType: 'PropertyAdded', Detail: '{}' }] },
    );
    expect(response.status).toBe(400);
    const resource = `arn:aws:events:us-east-1:000000000000:event-bus/${bus}`;
    expect(await response.json()).toEqual({
      __type: 'AccessDeniedException',
      Message: `User: ${principal(NO_BUS)} is not authorized to perform: events:PutEvents on resource: ${resource} because no identity-based policy allows the events:PutEvents action`,
    });
  });
});

const s3As = (functionName: string) =>
  new S3Client({
    region: 'us-east-1',
    endpoint: env().AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: credentialsOf(functionName),
    maxAttempts: 1,
  });

/** S3's error document: code and message. */
async function s3Error(response: Response) {
  const text = await response.text();
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
  return { status: response.status, code: field('Code'), message: field('Message') };
}

/** A route that only reads the files bucket, under `cloud/` (contracts/storage-keys.ts). */
const FILES_READER = 'listFiles';
/** A key of the reader's area that no one wrote. */
const cloudKey = () => `cloud/fidelity-grants/${randomUUID()}`;

describe('S3: a call outside the function’s grant', () => {
  it('is refused with 403 AccessDenied: a function that reads the bucket writing to it', async () => {
    const key = cloudKey();
    const url = await getSignedUrl(
      s3As(FILES_READER),
      new PutObjectCommand({ Bucket: env().FILES_BUCKET, Key: key, Body: 'x' }),
      { expiresIn: 60 },
    );
    // a presigned URL is its signer's call: the function could not upload, so neither can its URL
    const refused = await s3Error(await fetch(url, { method: 'PUT', body: 'x' }));
    const resource = `arn:aws:s3:::${env().FILES_BUCKET}/${key}`;
    expect(refused).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: `User: ${principal(FILES_READER)} is not authorized to perform: s3:PutObject on resource: ${resource} because no identity-based policy allows the s3:PutObject action`,
    });
    await expect(
      testS3().send(new HeadObjectCommand({ Bucket: env().FILES_BUCKET, Key: key })),
    ).rejects.toThrow();
  });

  it('is refused on a bucket the function was not granted, and allowed on the one it was', async () => {
    const key = cloudKey();
    await testS3().send(new PutObjectCommand({ Bucket: env().FILES_BUCKET, Key: key, Body: 'granted' }));
    const reader = s3As(FILES_READER);
    const read = await reader.send(new GetObjectCommand({ Bucket: env().FILES_BUCKET, Key: key }));
    expect(await read.Body?.transformToString()).toBe('granted');
    const error = await reader.send(new GetObjectCommand({ Bucket: env().CONTENT_BUCKET, Key: key })).then(
      () => undefined,
      (caught: unknown) => caught as Error & { $metadata: { httpStatusCode: number } },
    );
    expect(error?.name).toBe('AccessDenied');
    expect(error?.$metadata.httpStatusCode).toBe(403);
  });
});

describe('S3: key prefixes', () => {
  it('refuses an object outside the function’s key areas with 403 AccessDenied, however it is reached', async () => {
    const key = `uploads/fidelity-grants/${randomUUID()}/a.txt`;
    await testS3().send(new PutObjectCommand({ Bucket: env().FILES_BUCKET, Key: key, Body: 'not yours' }));
    const error = await s3As(FILES_READER)
      .send(new GetObjectCommand({ Bucket: env().FILES_BUCKET, Key: key }))
      .then(
        () => undefined,
        (caught: unknown) => caught as Error & { $metadata: { httpStatusCode: number } },
      );
    expect(error?.name).toBe('AccessDenied');
    expect(error?.$metadata.httpStatusCode).toBe(403);
    // a URL it presigns carries no more authority than it has
    const url = await getSignedUrl(
      s3As(FILES_READER),
      new GetObjectCommand({ Bucket: env().FILES_BUCKET, Key: key }),
      { expiresIn: 60 },
    );
    const refused = await s3Error(await fetch(url));
    expect(refused).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: `User: ${principal(FILES_READER)} is not authorized to perform: s3:GetObject on resource: arn:aws:s3:::${env().FILES_BUCKET}/${key} because no identity-based policy allows the s3:GetObject action`,
    });
  });

  it('answers 404 for a missing key in the function’s own area (it may list that prefix)', async () => {
    const error = await s3As(FILES_READER)
      .send(new HeadObjectCommand({ Bucket: env().FILES_BUCKET, Key: cloudKey() }))
      .then(
        () => undefined,
        (caught: unknown) => caught as Error & { $metadata: { httpStatusCode: number } },
      );
    expect(error?.$metadata.httpStatusCode).toBe(404);
  });

  it('lists only under the function’s prefixes (s3:prefix), and nothing without a prefix', async () => {
    const reader = s3As(FILES_READER);
    await expect(
      reader.send(new ListObjectsV2Command({ Bucket: env().FILES_BUCKET, Prefix: 'cloud/fidelity-none/' })),
    ).resolves.toMatchObject({ KeyCount: 0 });
    for (const prefix of ['uploads/', 'media/', undefined]) {
      const error = await reader
        .send(new ListObjectsV2Command({ Bucket: env().FILES_BUCKET, ...(prefix ? { Prefix: prefix } : {}) }))
        .then(
          () => undefined,
          (caught: unknown) => caught as Error & { $metadata: { httpStatusCode: number } },
        );
      expect(error?.name, String(prefix)).toBe('AccessDenied');
      expect(error?.message).toContain(
        `s3:ListBucket on resource: arn:aws:s3:::${env().FILES_BUCKET} because`,
      );
    }
  });
});

const secretsAs = (functionName: string) =>
  new SecretsManagerClient({
    region: 'us-east-1',
    endpoint: env().AWS_ENDPOINT_URL_SECRETS_MANAGER,
    credentials: credentialsOf(functionName),
    maxAttempts: 1,
  });

describe('Secrets Manager: the webhook’s signing secret', () => {
  it('is read by the function that declares it, by ARN, as Secrets Manager answers', async () => {
    const arn = env().BILLING_WEBHOOK_SECRET_ARN!;
    const answer = await secretsAs('receiveBillingWebhook').send(
      new GetSecretValueCommand({ SecretId: arn }),
    );
    expect(answer).toMatchObject({
      ARN: arn,
      Name: 'estatenet-local/billing-webhook-secret',
      SecretString: LOCAL_BILLING_WEBHOOK_SECRET,
      VersionStages: ['AWSCURRENT'],
    });
  });

  it('is refused to any other function with 400 AccessDeniedException and IAM’s message', async () => {
    const arn = env().BILLING_WEBHOOK_SECRET_ARN!;
    const error = await secretsAs('startCheckout')
      .send(new GetSecretValueCommand({ SecretId: arn }))
      .then(
        () => undefined,
        (caught: unknown) => caught as Error & { $metadata: { httpStatusCode: number } },
      );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.$metadata.httpStatusCode).toBe(400);
    expect(error?.message).toBe(
      `User: ${principal('startCheckout')} is not authorized to perform: secretsmanager:GetSecretValue on resource: ${arn} because no identity-based policy allows the secretsmanager:GetSecretValue action`,
    );
  });

  it('refuses another secret’s ARN: the grant names the one secret', async () => {
    const error = await secretsAs('receiveBillingWebhook')
      .send(new GetSecretValueCommand({ SecretId: `${env().BILLING_WEBHOOK_SECRET_ARN!}-other` }))
      .then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
    expect(error?.name).toBe('AccessDeniedException');
  });
});

describe('configuration', () => {
  it('refuses to run without a resource variable the function was not given, naming it', () => {
    const saved = process.env.FILES_BUCKET;
    delete process.env.FILES_BUCKET;
    try {
      expect(() => config.buckets.files).toThrow(MissingConfigurationError);
      expect(() => config.buckets.files).toThrow(/Missing environment variable FILES_BUCKET/);
    } finally {
      process.env.FILES_BUCKET = saved;
    }
    expect(config.buckets.files).toBe(saved);
  });
});

/** A JSON-protocol POST signed as a function (what its SDK client would send). */
async function signedPost(
  functionName: string,
  service: string,
  endpoint: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Response> {
  const url = new URL(endpoint);
  const signer = new SignatureV4({
    credentials: credentialsOf(functionName),
    region: 'us-east-1',
    service,
    sha256: NodeSha256,
  });
  const text = JSON.stringify(body);
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: '/',
    headers: { ...headers, host: url.host },
    body: text,
  });
  return fetch(url, { method: 'POST', headers: signed.headers, body: text });
}
