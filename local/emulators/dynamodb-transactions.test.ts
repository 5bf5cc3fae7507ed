import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../bootstrap.ts';
import { freePort } from '../ports.ts';
import { startDynamoDb } from './dynamodb.ts';

const TABLE = 'transactions-test';

describe('TransactWriteItems on the local DynamoDB', () => {
  const directory = mkdtempSync(join(tmpdir(), 'dynamodb-transactions-'));
  let stop: () => Promise<void>;
  let client: DynamoDBDocumentClient;
  let raw: DynamoDBClient;

  beforeAll(async () => {
    const dynamodb = await startDynamoDb(await freePort(), directory);
    stop = dynamodb.stop;
    await ensureTable(dynamodb.endpoint, TABLE);
    raw = new DynamoDBClient({
      endpoint: dynamodb.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    client = DynamoDBDocumentClient.from(raw);
  });
  afterAll(async () => {
    raw.destroy();
    await stop();
    rmSync(directory, { recursive: true, force: true });
  });

  const key = (pk: string, sk = 'ITEM') => ({ pk, sk });
  const get = async (pk: string, sk = 'ITEM') =>
    (await client.send(new GetCommand({ TableName: TABLE, Key: key(pk, sk), ConsistentRead: true }))).Item;
  const ledgerAward = (id: string, counter: string) =>
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: TABLE,
            Item: { ...key(counter, `AWARD#${id}`), id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: TABLE,
            Key: key(counter),
            UpdateExpression: 'ADD points :p',
            ExpressionAttributeValues: { ':p': 10 },
          },
        },
      ],
    });

  it('applies every action of a transaction', async () => {
    await client.send(new PutCommand({ TableName: TABLE, Item: { ...key('a'), n: 1 } }));
    await client.send(new PutCommand({ TableName: TABLE, Item: { ...key('gone'), n: 1 } }));

    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: TABLE,
              Item: { ...key('b'), n: 2 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: TABLE,
              Key: key('a'),
              UpdateExpression: 'ADD n :one SET label = :label',
              ConditionExpression: 'n = :expected',
              ExpressionAttributeValues: { ':one': 1, ':label': 'two', ':expected': 1 },
            },
          },
          { Delete: { TableName: TABLE, Key: key('gone') } },
          {
            ConditionCheck: {
              TableName: TABLE,
              Key: key('b', 'OTHER'),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );

    expect(await get('a')).toEqual({ ...key('a'), n: 2, label: 'two' });
    expect(await get('b')).toEqual({ ...key('b'), n: 2 });
    expect(await get('gone')).toBeUndefined();
    expect(await get('b', 'OTHER')).toBeUndefined();
  });

  it('changes nothing and names each failed condition when one fails', async () => {
    await client.send(new PutCommand({ TableName: TABLE, Item: { ...key('c'), n: 5 } }));
    await client.send(new PutCommand({ TableName: TABLE, Item: { ...key('checked'), flag: true } }));

    const error = await client
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { ...key('d'), n: 1 } } },
            {
              Update: {
                TableName: TABLE,
                Key: key('c'),
                UpdateExpression: 'ADD n :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            {
              ConditionCheck: {
                TableName: TABLE,
                Key: key('checked'),
                ConditionExpression: 'flag = :no',
                ExpressionAttributeValues: { ':no': false },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      )
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(TransactionCanceledException);
    const reasons = (error as TransactionCanceledException).CancellationReasons;
    expect(reasons?.map((reason) => reason.Code)).toEqual(['None', 'None', 'ConditionalCheckFailed']);
    expect(reasons?.[2]?.Item).toMatchObject({ flag: { BOOL: true } });
    expect(await get('c')).toEqual({ ...key('c'), n: 5 });
    expect(await get('d')).toBeUndefined();
    expect(await get('checked')).toEqual({ ...key('checked'), flag: true });
  });

  it('refuses two actions on one item', async () => {
    await expect(
      client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { ...key('e'), n: 1 } } },
            { Delete: { TableName: TABLE, Key: key('e') } },
          ],
        }),
      ),
    ).rejects.toThrow(/multiple operations on one item/);
  });

  it('lets exactly one of many identical conditional transactions through', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => client.send(ledgerAward('once', 'counter'))),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await get('counter')).toMatchObject({ points: 10 });
  });

  it('keeps single-item writes that race a transaction', async () => {
    await Promise.all([
      ...Array.from({ length: 5 }, (_, n) => client.send(ledgerAward(`race-${n}`, 'shared'))),
      ...Array.from({ length: 5 }, () =>
        client.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: key('shared'),
            UpdateExpression: 'ADD visits :one',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        ),
      ),
    ]);

    expect(await get('shared')).toMatchObject({ points: 50, visits: 5 });
  });

  it('keeps going when a client gives up on a queued write', async () => {
    const busy = Array.from({ length: 30 }, (_, n) => client.send(ledgerAward(`busy-${n}`, 'busy')));
    const queued = Array.from({ length: 20 }, (_, n) =>
      client
        .send(new PutCommand({ TableName: TABLE, Item: { ...key(`abandoned-${n}`), n } }), {
          abortSignal: AbortSignal.timeout(5),
        })
        .catch(() => undefined),
    );
    await Promise.all(busy);
    await Promise.all(queued);

    await client.send(new PutCommand({ TableName: TABLE, Item: { ...key('after'), n: 1 } }));
    expect(await get('after')).toEqual({ ...key('after'), n: 1 });
  });

  it('serves many racing transactions promptly', async () => {
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 60 }, (_, n) => client.send(ledgerAward(`many-${n}`, `many-${n % 6}`))),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await get('many-0')).toMatchObject({ points: 100 });
  });
});
