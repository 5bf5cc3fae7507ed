import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * TransactWriteItems for dynalite, which answers it with UnknownOperationException. The handlers use
 * DynamoDB transactions where several items must change together (a reputation award), so the local
 * cloud gives dynalite the operation at its HTTP door, keeping one code path:
 *
 * - every write (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems) passes one lock,
 *   so no other write can land between a transaction's steps — writes are atomic and isolated from each
 *   other as in DynamoDB (reads may see a transaction half-way, which DynamoDB never shows; we accept it);
 * - a transaction reads each item it touches, applies its actions one by one with their own conditions
 *   through dynalite's single-item operations, and when any condition fails, puts every item back as it
 *   was and answers TransactionCanceledException with one cancellation reason per action, as DynamoDB does.
 *
 * Binary (B) values and ClientRequestToken idempotency are not emulated.
 */

type Json = Record<string, unknown>;
type AttributeMap = Record<string, unknown>;

const TARGET_PREFIX = 'DynamoDB_20120810.';
const SINGLE_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const MAX_ACTIONS = 100;
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const EXPRESSION_FIELDS = ['ConditionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues'];

/** One writer at a time, in arrival order. */
class WriteLock {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

class DynamoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly body: Json = {},
  ) {
    super(message);
  }
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const pick = (source: Json, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]));

/** Calls dynalite's own operations on the internal listener (dynalite checks the form of a signature only). */
function dynaliteClient(endpoint: string) {
  return async (operation: string, input: Json): Promise<Json> => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `${TARGET_PREFIX}${operation}`,
        'x-amz-date': '20200101T000000Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
      },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as Json;
    if (response.status !== 200) {
      const type =
        String(body.__type ?? '')
          .split('#')
          .pop() ?? 'InternalServerError';
      throw new DynamoError(type, String(body.message ?? body.Message ?? type), body);
    }
    return body;
  };
}

interface Action {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  input: Json;
  table: string;
  key: AttributeMap;
}

/** Applies a TransactWriteItems request through dynalite's single-item operations (under the write lock). */
async function transactWrite(call: ReturnType<typeof dynaliteClient>, request: Json): Promise<Json> {
  const items = request.TransactItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ACTIONS) {
    throw new DynamoError(
      'ValidationException',
      `TransactItems must have between 1 and ${MAX_ACTIONS} actions`,
    );
  }
  const keySchemas = new Map<string, string[]>();
  const keyNames = async (table: string) => {
    let names = keySchemas.get(table);
    if (!names) {
      const { Table } = (await call('DescribeTable', { TableName: table })) as {
        Table: { KeySchema: Array<{ AttributeName: string }> };
      };
      names = Table.KeySchema.map((part) => part.AttributeName);
      keySchemas.set(table, names);
    }
    return names;
  };

  const actions: Action[] = [];
  for (const item of items as Json[]) {
    const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((kind) => item[kind]);
    if (kinds.length !== 1) {
      throw new DynamoError('ValidationException', 'Each TransactItem must name exactly one action');
    }
    const kind = kinds[0]!;
    const input = item[kind] as Json;
    const table = String(input.TableName);
    const key =
      kind === 'Put'
        ? pick(input.Item as Json, await keyNames(table))
        : ((input.Key as AttributeMap | undefined) ?? {});
    actions.push({ kind, input, table, key });
  }
  const identities = actions.map((action) => `${action.table}\u0000${JSON.stringify(action.key)}`);
  if (new Set(identities).size !== identities.length) {
    throw new DynamoError(
      'ValidationException',
      'Transaction request cannot include multiple operations on one item',
    );
  }

  const before = await Promise.all(
    actions.map(async (action) => {
      const { Item } = await call('GetItem', {
        TableName: action.table,
        Key: action.key,
        ConsistentRead: true,
      });
      return Item as AttributeMap | undefined;
    }),
  );
  const restore = (index: number) => {
    const { table, key } = actions[index]!;
    const item = before[index];
    return item
      ? call('PutItem', { TableName: table, Item: item })
      : call('DeleteItem', { TableName: table, Key: key });
  };

  const applied: number[] = [];
  const reasons: Json[] = [];
  try {
    for (const [index, action] of actions.entries()) {
      const { input, table, key } = action;
      const expressions = pick(input, EXPRESSION_FIELDS);
      try {
        if (action.kind === 'Put')
          await call('PutItem', { TableName: table, Item: input.Item, ...expressions });
        if (action.kind === 'Update') {
          await call('UpdateItem', {
            TableName: table,
            Key: key,
            UpdateExpression: input.UpdateExpression,
            ...expressions,
          });
        }
        // a condition check deletes under its condition and always puts the item back
        if (action.kind === 'Delete' || action.kind === 'ConditionCheck') {
          await call('DeleteItem', { TableName: table, Key: key, ...expressions });
        }
        applied.push(index);
        reasons.push({ Code: 'None' });
      } catch (error) {
        if (!(error instanceof DynamoError) || error.type !== 'ConditionalCheckFailedException') throw error;
        reasons.push({
          Code: 'ConditionalCheckFailed',
          Message: 'The conditional request failed',
          ...(input.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && before[index]
            ? { Item: before[index] }
            : {}),
        });
      }
    }
  } catch (error) {
    for (const index of applied.reverse()) await restore(index);
    throw error;
  }

  const failed = reasons.some((reason) => reason.Code !== 'None');
  for (const index of applied) {
    if (failed || actions[index]!.kind === 'ConditionCheck') await restore(index);
  }
  if (failed) {
    const codes = reasons.map((reason) => reason.Code).join(', ');
    throw new DynamoError(
      'TransactionCanceledException',
      `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
      { CancellationReasons: reasons },
    );
  }
  return {};
}

function send(response: import('node:http').ServerResponse, status: number, body: Json) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
    'x-amz-crc32': String(crc32(text)),
  });
  response.end(text);
}

/**
 * Puts the transaction door in front of a dynalite server: its own request listener moves to an internal
 * loopback listener (the same store), and the public one serialises writes and answers
 * TransactWriteItems. Returns what stops the internal listener.
 */
export async function addTransactions(server: Server): Promise<{ close: () => Promise<void> }> {
  const [dynalite] = server.listeners('request') as RequestListener[];
  if (!dynalite) throw new Error('the DynamoDB emulator has no request listener');
  const internal = createServer(dynalite);
  await new Promise<void>((resolve, reject) => {
    internal.once('error', reject);
    internal.listen(0, '127.0.0.1', () => resolve());
  });
  const call = dynaliteClient(`http://127.0.0.1:${(internal.address() as AddressInfo).port}`);
  const lock = new WriteLock();

  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (operation === 'TransactWriteItems') {
      void readBody(request)
        .then((text) => lock.run(() => transactWrite(call, JSON.parse(text) as Json)))
        .then(
          (body) => send(response, 200, body),
          (error: unknown) => {
            if (error instanceof DynamoError) {
              send(response, 400, {
                __type: `${ERROR_PREFIX}${error.type}`,
                message: error.message,
                ...error.body,
              });
            } else {
              send(response, 500, {
                __type: `${ERROR_PREFIX}InternalServerError`,
                message: error instanceof Error ? error.message : String(error),
              });
            }
          },
        );
      return;
    }
    if (!SINGLE_WRITES.has(operation)) {
      dynalite(request, response);
      return;
    }
    void lock.run(
      () =>
        new Promise<void>((resolve) => {
          response.once('close', resolve);
          response.once('finish', resolve);
          dynalite(request, response);
        }),
    );
  });

  return {
    close: () =>
      new Promise((resolve) => {
        internal.close(() => resolve());
        internal.closeAllConnections();
      }),
  };
}
