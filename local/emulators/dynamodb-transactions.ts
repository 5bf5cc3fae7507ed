import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * TransactWriteItems for dynalite, which answers it with UnknownOperationException. Handlers use DynamoDB
 * transactions where several items must change together (a reputation award, a connection), so the local
 * cloud gives dynalite the operation at its HTTP door and keeps one code path:
 *
 * - every write (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems) first takes the
 *   locks of the items it writes (in one global order, so two writers never wait for each other), so no
 *   other write lands on a transaction's items between its steps: writes are atomic and isolated from
 *   each other as in DynamoDB, and writes to other items go on in parallel. Reads take no lock and may
 *   see a transaction half-way, which DynamoDB never shows; we accept that.
 * - a transaction reads each item it touches, applies its actions one by one with their own conditions
 *   through dynalite's single-item operations, and when any condition fails puts every item back as it
 *   was and answers TransactionCanceledException with one cancellation reason per action, as DynamoDB does.
 *
 * Binary (B) values and ClientRequestToken idempotency are not emulated.
 */

type Json = Record<string, unknown>;
type AttributeMap = Record<string, unknown>;
type Call = (operation: string, input: Json) => Promise<Json>;

const TARGET_PREFIX = 'DynamoDB_20120810.';
const SINGLE_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const MAX_ACTIONS = 100;
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const EXPRESSION_FIELDS = ['ConditionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues'];

/** Per-item locks, each a queue in arrival order; several are always taken in sorted order. */
class ItemLocks {
  #tails = new Map<string, Promise<void>>();

  async acquire(names: readonly string[]): Promise<() => void> {
    const releases: Array<() => void> = [];
    for (const name of [...new Set(names)].sort()) {
      const previous = this.#tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      this.#tails.set(name, tail);
      await previous;
      releases.push(() => {
        release();
        if (this.#tails.get(name) === tail) this.#tails.delete(name);
      });
    }
    return () => {
      for (const release of releases) release();
    };
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
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const pick = (source: Json, names: readonly string[]) =>
  Object.fromEntries(names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]));

/** Calls dynalite's own operations on the internal listener (dynalite checks the form of a signature only). */
function dynaliteClient(endpoint: string): Call {
  return async (operation, input) => {
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

/** Each table's key attribute names, read once. */
function keySchemas(call: Call) {
  const known = new Map<string, Promise<string[]>>();
  return (table: string): Promise<string[]> => {
    let names = known.get(table);
    if (!names) {
      names = call('DescribeTable', { TableName: table }).then((answer) =>
        (answer as { Table: { KeySchema: Array<{ AttributeName: string }> } }).Table.KeySchema.map(
          (part) => part.AttributeName,
        ),
      );
      names.catch(() => known.delete(table));
      known.set(table, names);
    }
    return names;
  };
}

/** The lock name of one item: its table and its key values, in key-schema order. */
const itemName = (table: string, key: AttributeMap, names: readonly string[]) =>
  `${table}\u0000${JSON.stringify(names.map((name) => key[name]))}`;

/** The items a single-item or batch write touches, as lock names. */
async function writtenItems(
  operation: string,
  input: Json,
  keyNames: (table: string) => Promise<string[]>,
): Promise<string[]> {
  if (operation === 'BatchWriteItem') {
    const names: string[] = [];
    for (const [table, requests] of Object.entries((input.RequestItems ?? {}) as Record<string, Json[]>)) {
      const keys = await keyNames(table);
      for (const request of requests) {
        const put = request.PutRequest as { Item?: AttributeMap } | undefined;
        const remove = request.DeleteRequest as { Key?: AttributeMap } | undefined;
        const key = put?.Item ?? remove?.Key;
        if (key) names.push(itemName(table, key, keys));
      }
    }
    return names;
  }
  const table = String(input.TableName);
  const key = (operation === 'PutItem' ? input.Item : input.Key) as AttributeMap | undefined;
  return key ? [itemName(table, key, await keyNames(table))] : [];
}

interface Action {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  input: Json;
  table: string;
  key: AttributeMap;
  lock: string;
}

async function transactionActions(request: Json, keyNames: (table: string) => Promise<string[]>) {
  const items = request.TransactItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ACTIONS) {
    throw new DynamoError(
      'ValidationException',
      `TransactItems must have between 1 and ${MAX_ACTIONS} actions`,
    );
  }
  const actions: Action[] = [];
  for (const item of items as Json[]) {
    const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((kind) => item[kind]);
    if (kinds.length !== 1) {
      throw new DynamoError('ValidationException', 'Each TransactItem must name exactly one action');
    }
    const kind = kinds[0]!;
    const input = item[kind] as Json;
    const table = String(input.TableName);
    const names = await keyNames(table);
    const key = pick((kind === 'Put' ? input.Item : input.Key) as Json, names);
    actions.push({ kind, input, table, key, lock: itemName(table, key, names) });
  }
  if (new Set(actions.map((action) => action.lock)).size !== actions.length) {
    throw new DynamoError(
      'ValidationException',
      'Transaction request cannot include multiple operations on one item',
    );
  }
  return actions;
}

/** Applies a transaction's actions through dynalite's single-item operations (their items locked). */
async function transactWrite(call: Call, actions: readonly Action[]): Promise<Json> {
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
  if (response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
    'x-amz-crc32': String(crc32(text)),
  });
  response.end(text);
}

const errorBody = (error: unknown) =>
  error instanceof DynamoError
    ? { status: 400, body: { __type: `${ERROR_PREFIX}${error.type}`, message: error.message, ...error.body } }
    : {
        status: 500,
        body: {
          __type: `${ERROR_PREFIX}InternalServerError`,
          message: error instanceof Error ? error.message : String(error),
        },
      };

/** A request dynalite can read again: the same method, url and headers, and the body already read. */
function replayed(request: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = Object.assign(new PassThrough(), {
    method: request.method,
    url: request.url,
    headers: request.headers,
  });
  copy.end(body);
  return copy as unknown as IncomingMessage;
}

/**
 * Puts the transaction door in front of a dynalite server: its own request listener moves to an internal
 * loopback listener (the same store), and the public one locks written items and answers
 * TransactWriteItems. Returns what stops the internal listener.
 */
export async function addTransactions(server: Server): Promise<{ close: () => Promise<void> }> {
  const [listener] = server.listeners('request') as RequestListener[];
  if (!listener) throw new Error('the DynamoDB emulator has no request listener');
  const dynalite: RequestListener = listener;
  const internal = createServer(dynalite);
  await new Promise<void>((resolve, reject) => {
    internal.once('error', reject);
    internal.listen(0, '127.0.0.1', () => resolve());
  });
  const call = dynaliteClient(`http://127.0.0.1:${(internal.address() as AddressInfo).port}`);
  const keyNames = keySchemas(call);
  const locks = new ItemLocks();

  /** Runs `work` holding the locks of `items`; released when it settles. */
  const holding = async <T>(items: readonly string[], work: () => Promise<T>): Promise<T> => {
    const release = await locks.acquire(items);
    try {
      return await work();
    } finally {
      release();
    }
  };

  async function transaction(request: IncomingMessage, response: import('node:http').ServerResponse) {
    try {
      const input = JSON.parse((await readBody(request)).toString('utf8')) as Json;
      const actions = await transactionActions(input, keyNames);
      const body = await holding(
        actions.map((action) => action.lock),
        () => transactWrite(call, actions),
      );
      send(response, 200, body);
    } catch (error) {
      const { status, body } = errorBody(error);
      send(response, status, body);
    }
  }

  async function singleWrite(
    operation: string,
    request: IncomingMessage,
    response: import('node:http').ServerResponse,
  ) {
    const body = await readBody(request);
    let items: string[] = [];
    try {
      items = await writtenItems(operation, JSON.parse(body.toString('utf8')) as Json, keyNames);
    } catch {
      // not a request we can read: dynalite answers it as it would
    }
    const done = new Promise<void>((resolve) => {
      response.once('close', resolve);
      response.once('finish', resolve);
    });
    await holding(items, () => {
      if (response.destroyed) return Promise.resolve();
      dynalite(replayed(request, body), response);
      return done;
    });
  }

  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (operation === 'TransactWriteItems') void transaction(request, response);
    else if (SINGLE_WRITES.has(operation)) {
      void singleWrite(operation, request, response).catch((error: unknown) => {
        const { status, body } = errorBody(error);
        send(response, status, body);
      });
    } else dynalite(request, response);
  });

  return {
    close: () =>
      new Promise((resolve) => {
        internal.close(() => resolve());
        internal.closeAllConnections();
      }),
  };
}
