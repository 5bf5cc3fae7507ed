import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  DynamoDBClient,
  IdempotentParameterMismatchException,
  PutItemCommand,
  TransactGetItemsCommand,
  TransactionCanceledException,
  TransactionConflictException,
  TransactionInProgressException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../local/bootstrap.ts';
import { startDynamoDb } from '../../local/emulators/dynamodb.ts';
import { TOKEN_WINDOW_MS } from '../../local/emulators/dynamodb-transactions.ts';
import { freePort } from '../../local/ports.ts';

const TABLE = 'transactions-test';

/**
 * The local DynamoDB's transactions against what DynamoDB does (docs: "Amazon DynamoDB Transactions: How it
 * works", TransactWriteItems / TransactGetItems API reference). Each case asserts AWS's answer, through the
 * SDK, so the error shapes are the ones the SDK parses in AWS. The cases run the emulator the local cloud
 * runs (local/emulators/dynamodb.ts) in this process rather than in the cloud's thread: a hook can then keep
 * one transaction in flight, and a clock can move the token window.
 */
describe('transactions on the local DynamoDB', () => {
  const directory = mkdtempSync(join(tmpdir(), 'dynamodb-transactions-'));
  let stop: () => Promise<void>;
  let client: DynamoDBDocumentClient;
  let raw: DynamoDBClient;
  let clock = Date.now();
  /** a transaction touching an item whose pk starts with `hold` stays in flight until `resume` */
  let held: { started: () => void; resume: Promise<void> } | undefined;

  beforeAll(async () => {
    const dynamodb = await startDynamoDb(await freePort(), directory, {
      now: () => clock,
      holding: async (items) => {
        if (held && items.some((item) => item.includes('"hold'))) {
          const current = held;
          held = undefined;
          current.started();
          await current.resume;
        }
      },
    });
    stop = dynamodb.stop;
    await ensureTable(dynamodb.endpoint, TABLE);
    raw = new DynamoDBClient({
      endpoint: dynamodb.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
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
  const put = (item: Record<string, unknown>) =>
    client.send(new PutCommand({ TableName: TABLE, Item: item }));
  const add = (pk: string, amount = 1, sk = 'ITEM') => ({
    Update: {
      TableName: TABLE,
      Key: key(pk, sk),
      UpdateExpression: 'ADD n :amount',
      ExpressionAttributeValues: { ':amount': amount },
    },
  });
  const failing = (pk: string) => ({
    ConditionCheck: {
      TableName: TABLE,
      Key: key(pk),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const codesOf = (error: unknown) =>
    (error as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code);

  /** Starts a transaction on `hold…` items and resolves once it holds them; `resume` lets it finish. */
  async function inFlight(
    actions: NonNullable<TransactWriteCommand['input']['TransactItems']>,
    token?: string,
  ) {
    let resume!: () => void;
    const started = new Promise<void>((resolve) => {
      held = { started: resolve, resume: new Promise<void>((go) => (resume = go)) };
    });
    const result = client
      .send(new TransactWriteCommand({ TransactItems: actions, ClientRequestToken: token }))
      .then(() => 'applied' as const);
    await started;
    return { resume, result };
  }

  it('applies every action of a transaction', async () => {
    await put({ ...key('a'), n: 1 });
    await put({ ...key('gone'), n: 1 });

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

  it('changes nothing and names each failed condition when one fails, in the SDK error shape', async () => {
    await put({ ...key('c'), n: 5 });
    await put({ ...key('checked'), flag: true });

    const error = await client
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { ...key('d'), n: 1 } } },
            add('c'),
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
    const cancelled = error as TransactionCanceledException;
    expect(cancelled.name).toBe('TransactionCanceledException');
    expect(cancelled.$metadata.httpStatusCode).toBe(400);
    expect(cancelled.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, ConditionalCheckFailed]',
    );
    expect(cancelled.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: expect.anything() },
    ]);
    expect(cancelled.CancellationReasons?.[2]?.Item).toMatchObject({ flag: { BOOL: true } });
    expect(await get('c')).toEqual({ ...key('c'), n: 5 });
    expect(await get('d')).toBeUndefined();
    expect(await get('checked')).toEqual({ ...key('checked'), flag: true });
  });

  it('refuses two actions on one item, more than 100 actions, and none, as ValidationException', async () => {
    const refusal = (items: NonNullable<TransactWriteCommand['input']['TransactItems']>) =>
      client.send(new TransactWriteCommand({ TransactItems: items })).catch((error: Error) => error);

    const twice = await refusal([{ Put: { TableName: TABLE, Item: { ...key('e'), n: 1 } } }, add('e')]);
    expect(twice).toMatchObject({
      name: 'ValidationException',
      message: 'Transaction request cannot include multiple operations on one item',
    });
    const many = await refusal(Array.from({ length: 101 }, (_, n) => add(`many-${n}`)));
    expect(many).toMatchObject({ name: 'ValidationException' });
    expect(await get('many-0')).toBeUndefined();
    await client.send(
      new TransactWriteCommand({ TransactItems: Array.from({ length: 100 }, (_, n) => add(`many-${n}`)) }),
    );
    expect(await get('many-99')).toMatchObject({ n: 1 });
  });

  it('never lets a reader see a cancelled transaction (0 of 336 reads, consistent or not, of every kind)', async () => {
    await put({ ...key('probe'), n: 0 });
    await put({ ...key('probe', 'SIBLING'), n: 0 });
    await put({ ...key('blocker'), here: true });
    const reads: Array<Promise<number[]>> = [];
    const transactions: Array<Promise<unknown>> = [];
    const values = (items: Array<Record<string, unknown>> | undefined) =>
      (items ?? []).map((item) => Number(item.n));
    for (let round = 0; round < 48; round += 1) {
      // each transaction writes both probe items, then fails on the blocker: DynamoDB applies none of it
      transactions.push(
        client
          .send(
            new TransactWriteCommand({
              TransactItems: [add('probe', 1), add('probe', 1, 'SIBLING'), failing('blocker')],
            }),
          )
          .catch((error: unknown) => error),
      );
      const consistent = round % 2 === 0;
      reads.push(
        client
          .send(new GetCommand({ TableName: TABLE, Key: key('probe'), ConsistentRead: consistent }))
          .then(({ Item }) => values(Item ? [Item] : [])),
        client
          .send(
            new QueryCommand({
              TableName: TABLE,
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': 'probe' },
              ConsistentRead: consistent,
            }),
          )
          .then(({ Items }) => values(Items)),
        client
          .send(
            new ScanCommand({
              TableName: TABLE,
              FilterExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': 'probe' },
              ConsistentRead: consistent,
            }),
          )
          .then(({ Items }) => values(Items)),
        raw
          .send(
            new BatchGetItemCommand({
              RequestItems: {
                [TABLE]: {
                  Keys: [
                    { pk: { S: 'probe' }, sk: { S: 'ITEM' } },
                    { pk: { S: 'probe' }, sk: { S: 'SIBLING' } },
                  ],
                  ConsistentRead: consistent,
                },
              },
            }),
          )
          .then(({ Responses }) => (Responses?.[TABLE] ?? []).map((item) => Number(item.n?.N))),
        client
          .send(
            new TransactGetCommand({
              TransactItems: [
                { Get: { TableName: TABLE, Key: key('probe') } },
                { Get: { TableName: TABLE, Key: key('probe', 'SIBLING') } },
              ],
            }),
          )
          // a TransactGetItems on items a transaction holds is cancelled (TransactionConflict), not answered
          .then(({ Responses }) => values(Responses?.map((response) => response.Item ?? {})))
          .catch((error: unknown) => {
            expect(codesOf(error)).toContain('TransactionConflict');
            return [];
          }),
        client
          .send(
            new GetCommand({ TableName: TABLE, Key: key('probe', 'SIBLING'), ConsistentRead: consistent }),
          )
          .then(({ Item }) => values(Item ? [Item] : [])),
        client
          .send(
            new QueryCommand({
              TableName: TABLE,
              KeyConditionExpression: 'pk = :pk AND sk = :sk',
              ExpressionAttributeValues: { ':pk': 'probe', ':sk': 'SIBLING' },
              ConsistentRead: consistent,
            }),
          )
          .then(({ Items }) => values(Items)),
      );
    }
    expect(reads).toHaveLength(336);
    const seen = (await Promise.all(reads)).flat();
    const outcomes = await Promise.all(transactions);

    expect(seen.filter((value) => value !== 0)).toEqual([]);
    expect(seen.length).toBeGreaterThan(200);
    for (const outcome of outcomes) {
      expect(outcome).toBeInstanceOf(TransactionCanceledException);
      expect(codesOf(outcome)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(ConditionalCheckFailed|TransactionConflict)$/)]),
      );
    }
    expect(await get('probe')).toMatchObject({ n: 0 });
    expect(await get('probe', 'SIBLING')).toMatchObject({ n: 0 });
  });

  it('never lets a reader see half of a committed transaction (the sum of two items is kept)', async () => {
    await put({ ...key('pair'), n: 100 });
    await put({ ...key('pair', 'OTHER'), n: 0 });
    const sums: Array<Promise<number | undefined>> = [];
    const moves: Array<Promise<unknown>> = [];
    const sum = (items: Array<Record<string, unknown>> | undefined) =>
      (items ?? []).reduce((total, item) => total + Number(item.n), 0);
    for (let round = 0; round < 40; round += 1) {
      const amount = round + 1;
      moves.push(
        client
          .send(
            new TransactWriteCommand({ TransactItems: [add('pair', -amount), add('pair', amount, 'OTHER')] }),
          )
          .catch((error: unknown) => error),
      );
      sums.push(
        client
          .send(
            new QueryCommand({
              TableName: TABLE,
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': 'pair' },
            }),
          )
          .then(({ Items }) => sum(Items)),
        raw
          .send(
            new BatchGetItemCommand({
              RequestItems: {
                [TABLE]: {
                  Keys: [
                    { pk: { S: 'pair' }, sk: { S: 'ITEM' } },
                    { pk: { S: 'pair' }, sk: { S: 'OTHER' } },
                  ],
                },
              },
            }),
          )
          .then(({ Responses }) =>
            (Responses?.[TABLE] ?? []).reduce((total, item) => total + Number(item.n?.N), 0),
          ),
      );
    }
    const seen = await Promise.all(sums);
    await Promise.all(moves);
    expect(seen.filter((total) => total !== 100)).toEqual([]);
    expect(sum([(await get('pair'))!, (await get('pair', 'OTHER'))!])).toBe(100);
  });

  it('cancels concurrent transactions on one item with TransactionConflict and applies the survivors once', async () => {
    await put({ ...key('hot'), n: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, n) =>
        client.send(new TransactWriteCommand({ TransactItems: [add(`hot-side-${n}`), add('hot')] })),
      ),
    );

    const applied = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(applied).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const error of refused) {
      expect(error).toBeInstanceOf(TransactionCanceledException);
      expect((error as TransactionCanceledException).CancellationReasons).toEqual([
        { Code: 'None' },
        { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
      ]);
    }
    expect(await get('hot')).toMatchObject({ n: applied });
    const sides = await Promise.all(Array.from({ length: 25 }, (_, n) => get(`hot-side-${n}`)));
    expect(sides.filter(Boolean)).toHaveLength(applied);
  });

  it('refuses writes on an item an in-flight transaction holds, and reads it as it was before', async () => {
    await put({ ...key('hold-a'), n: 1 });
    await put({ ...key('free'), n: 1 });
    const { resume, result } = await inFlight([add('hold-a', 10), add('hold-b', 10)]);

    const single = await Promise.all(
      [
        raw.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'hold-a' }, sk: { S: 'ITEM' } } })),
        raw.send(
          new UpdateItemCommand({
            TableName: TABLE,
            Key: { pk: { S: 'hold-b' }, sk: { S: 'ITEM' } },
            UpdateExpression: 'SET x = :x',
            ExpressionAttributeValues: { ':x': { S: 'x' } },
          }),
        ),
        raw.send(
          new DeleteItemCommand({ TableName: TABLE, Key: { pk: { S: 'hold-a' }, sk: { S: 'ITEM' } } }),
        ),
      ].map((sent) => sent.catch((error: unknown) => error)),
    );
    for (const error of single) {
      expect(error).toBeInstanceOf(TransactionConflictException);
      expect(error).toMatchObject({ message: 'Transaction is ongoing for the item' });
      expect((error as TransactionConflictException).$metadata.httpStatusCode).toBe(400);
    }
    const transaction = await client
      .send(new TransactWriteCommand({ TransactItems: [add('free'), add('hold-b')] }))
      .catch((error: unknown) => error);
    expect(codesOf(transaction)).toEqual(['None', 'TransactionConflict']);
    const transactGet = await client
      .send(new TransactGetCommand({ TransactItems: [{ Get: { TableName: TABLE, Key: key('hold-a') } }] }))
      .catch((error: unknown) => error);
    expect(codesOf(transactGet)).toEqual(['TransactionConflict']);
    const batch = await raw.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [TABLE]: [
            { PutRequest: { Item: { pk: { S: 'hold-a' }, sk: { S: 'ITEM' } } } },
            { PutRequest: { Item: { pk: { S: 'batch-free' }, sk: { S: 'ITEM' } } } },
          ],
        },
      }),
    );
    expect(batch.UnprocessedItems?.[TABLE]).toEqual([
      { PutRequest: { Item: { pk: { S: 'hold-a' }, sk: { S: 'ITEM' } } } },
    ]);
    // plain reads do not wait: they see the item as it was before the transaction
    expect(await get('hold-a')).toEqual({ ...key('hold-a'), n: 1 });
    expect(await get('hold-b')).toBeUndefined();

    resume();
    expect(await result).toBe('applied');
    expect(await get('hold-a')).toEqual({ ...key('hold-a'), n: 11 });
    expect(await get('hold-b')).toEqual({ ...key('hold-b'), n: 10 });
    expect(await get('free')).toEqual({ ...key('free'), n: 1 });
    expect(await get('batch-free')).toEqual(key('batch-free'));
  });

  it('applies a ClientRequestToken once for 10 minutes, and refuses it with other parameters', async () => {
    const token = 'token-applied-once';
    const once = new TransactWriteItemsCommand({
      ClientRequestToken: token,
      TransactItems: [
        {
          Update: {
            TableName: TABLE,
            Key: { pk: { S: 'tokened' }, sk: { S: 'ITEM' } },
            UpdateExpression: 'ADD n :one',
            ExpressionAttributeValues: { ':one': { N: '1' } },
          },
        },
      ],
    });
    const first = await raw.send(once);
    const again = await raw.send(once);
    expect(again.$metadata.httpStatusCode).toBe(200);
    expect({ ...again, $metadata: undefined }).toEqual({ ...first, $metadata: undefined });
    expect(await get('tokened')).toMatchObject({ n: 1 });

    const other = await client
      .send(new TransactWriteCommand({ ClientRequestToken: token, TransactItems: [add('tokened', 5)] }))
      .catch((error: unknown) => error);
    expect(other).toBeInstanceOf(IdempotentParameterMismatchException);
    expect((other as Error).name).toBe('IdempotentParameterMismatchException');
    expect(await get('tokened')).toMatchObject({ n: 1 });

    clock += TOKEN_WINDOW_MS - 1_000;
    await raw.send(once);
    expect(await get('tokened')).toMatchObject({ n: 1 });
    // after the window the token is new again
    clock += 2_000;
    await raw.send(once);
    expect(await get('tokened')).toMatchObject({ n: 2 });
  });

  it('answers a repeated token with the first answer, and while it runs with TransactionInProgressException', async () => {
    await put({ ...key('refusing'), here: true });
    const cancelledOnce = new TransactWriteCommand({
      ClientRequestToken: 'token-cancelled',
      TransactItems: [add('never'), failing('refusing')],
    });
    const first = await client.send(cancelledOnce).catch((error: unknown) => error);
    expect(codesOf(first)).toEqual(['None', 'ConditionalCheckFailed']);
    await client.send(new PutCommand({ TableName: TABLE, Item: { ...key('refusing'), gone: true } }));
    await client.send(
      new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: TABLE, Key: key('refusing') } }] }),
    );
    // the condition would pass now, but the token answers what the request did
    const second = await client.send(cancelledOnce).catch((error: unknown) => error);
    expect(codesOf(second)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(await get('never')).toBeUndefined();

    const { resume, result } = await inFlight([add('hold-token')], 'token-running');
    const during = await client
      .send(
        new TransactWriteCommand({ ClientRequestToken: 'token-running', TransactItems: [add('hold-token')] }),
      )
      .catch((error: unknown) => error);
    expect(during).toBeInstanceOf(TransactionInProgressException);
    resume();
    await result;
    await client.send(
      new TransactWriteCommand({ ClientRequestToken: 'token-running', TransactItems: [add('hold-token')] }),
    );
    expect(await get('hold-token')).toMatchObject({ n: 1 });
  });

  it('reads items together with TransactGetItems', async () => {
    await put({ ...key('tg-1'), n: 1, extra: 'x' });
    await put({ ...key('tg-2'), n: 2 });

    const { Responses } = await client.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: key('tg-2') } },
          { Get: { TableName: TABLE, Key: key('tg-missing') } },
          {
            Get: {
              TableName: TABLE,
              Key: key('tg-1'),
              ProjectionExpression: '#n',
              ExpressionAttributeNames: { '#n': 'n' },
            },
          },
        ],
      }),
    );
    expect(Responses).toEqual([{ Item: { ...key('tg-2'), n: 2 } }, {}, { Item: { n: 1 } }]);

    const twice = await raw
      .send(
        new TransactGetItemsCommand({
          TransactItems: [
            { Get: { TableName: TABLE, Key: { pk: { S: 'tg-1' }, sk: { S: 'ITEM' } } } },
            { Get: { TableName: TABLE, Key: { pk: { S: 'tg-1' }, sk: { S: 'ITEM' } } } },
          ],
        }),
      )
      .catch((error: unknown) => error);
    expect(twice).toMatchObject({ name: 'ValidationException' });
  });

  it('refuses an empty string as a key attribute on every write', async () => {
    const empty = { pk: { S: '' }, sk: { S: 'ITEM' } };
    const refusals = await Promise.all(
      [
        raw.send(new PutItemCommand({ TableName: TABLE, Item: empty })),
        raw.send(
          new UpdateItemCommand({
            TableName: TABLE,
            Key: empty,
            UpdateExpression: 'SET x = :x',
            ExpressionAttributeValues: { ':x': { S: 'x' } },
          }),
        ),
        raw.send(new DeleteItemCommand({ TableName: TABLE, Key: empty })),
        raw.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: [{ PutRequest: { Item: empty } }] } })),
        raw.send(
          new PutItemCommand({
            TableName: TABLE,
            Item: { pk: { S: 'idx' }, sk: { S: 'ITEM' }, gsi1pk: { S: '' } },
          }),
        ),
        client.send(
          new TransactWriteCommand({ TransactItems: [{ Put: { TableName: TABLE, Item: key('') } }] }),
        ),
        client.send(new TransactWriteCommand({ TransactItems: [add('ok-key'), add('')] })),
        client.send(
          new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: TABLE, Key: key('x', '') } }] }),
        ),
        client.send(new TransactWriteCommand({ TransactItems: [failing('')] })),
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: TABLE, Item: { ...key('idx-t'), gsi1pk: '', gsi1sk: 'a' } } },
            ],
          }),
        ),
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: TABLE,
                  Key: key('idx-u'),
                  UpdateExpression: 'SET gsi2pk = :empty, gsi2sk = :b',
                  ExpressionAttributeValues: { ':empty': '', ':b': 'b' },
                },
              },
            ],
          }),
        ),
      ].map((sent) => sent.then(() => 'accepted').catch((error: Error) => error)),
    );
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        name: 'ValidationException',
        message: expect.stringContaining('cannot contain an empty string value'),
      });
    }
    expect(await get('ok-key')).toBeUndefined();
    expect(await get('idx')).toBeUndefined();
    expect(await get('idx-u')).toBeUndefined();
  });

  it('keeps single-item writes that race transactions: each is applied once or refused', async () => {
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, () =>
        client.send(new TransactWriteCommand({ TransactItems: [add('shared', 10)] })),
      ),
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

    const transactions = results.slice(0, 5);
    const writes = results.slice(5);
    const appliedTransactions = transactions.filter((result) => result.status === 'fulfilled').length;
    const appliedWrites = writes.filter((result) => result.status === 'fulfilled').length;
    for (const result of writes) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(TransactionConflictException);
    }
    const item = await get('shared');
    expect(item?.n ?? 0).toBe(10 * appliedTransactions);
    expect(item?.visits ?? 0).toBe(appliedWrites);
  });

  it('keeps going when a client gives up on a queued write', async () => {
    const busy = Array.from({ length: 30 }, (_, n) =>
      client
        .send(new TransactWriteCommand({ TransactItems: [add(`busy-${n}`), add('busy')] }))
        .catch(() => undefined),
    );
    const queued = Array.from({ length: 20 }, (_, n) =>
      client
        .send(new PutCommand({ TableName: TABLE, Item: { ...key(`abandoned-${n}`), n } }), {
          abortSignal: AbortSignal.timeout(5),
        })
        .catch(() => undefined),
    );
    await Promise.all(busy);
    await Promise.all(queued);

    await put({ ...key('after'), n: 1 });
    expect(await get('after')).toEqual({ ...key('after'), n: 1 });
  });

  it('serves many transactions on distinct items promptly', async () => {
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        client.send(
          new TransactWriteCommand({ TransactItems: [add(`many-items-${n}`), add(`many-others-${n}`)] }),
        ),
      ),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await get('many-items-59')).toMatchObject({ n: 1 });
  });
});
