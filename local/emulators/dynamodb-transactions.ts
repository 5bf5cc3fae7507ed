import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';
import dynalite from 'dynalite';

/**
 * DynamoDB transactions with AWS's semantics in front of dynalite (which answers TransactWriteItems and
 * TransactGetItems with UnknownOperationException). The proxy sits at dynalite's HTTP door, so handlers keep
 * one code path:
 *
 * - **All or nothing, serializable.** A TransactWriteItems holds its items, reads them, and evaluates every
 *   action (condition, update expression, validation) in a scratch copy: an in-memory dynalite with the same
 *   key schema and indexes, seeded with the item as it is. Nothing reaches the real table until every
 *   condition passed; then the final images are written in one commit phase during which no read of the
 *   tables involved runs (reads and commits share a per-table gate). So no reader — GetItem, Query, Scan,
 *   BatchGetItem or TransactGetItems, consistent or not — sees a cancelled or a half-applied transaction.
 * - **Conflicts, not waits.** While a transaction holds an item, another transaction on it is cancelled
 *   (`TransactionCanceledException`, reason `TransactionConflict`), a PutItem/UpdateItem/DeleteItem on it
 *   fails with `TransactionConflictException`, a TransactGetItems on it is cancelled, and a BatchWriteItem
 *   returns its requests on it as UnprocessedItems. A transaction waits only for single-item writes already
 *   under way on its items (they are atomic in DynamoDB too).
 * - **ClientRequestToken idempotency** for 10 minutes after the first request completes: the same token and
 *   request answer the recorded outcome with no second effect, the same token with another request
 *   `IdempotentParameterMismatchException`, and while the first is still running `TransactionInProgressException`.
 * - **Validation** as DynamoDB: 1..100 actions, one action per item, keys matching the schema, empty-string
 *   (or empty binary) key attributes refused on every write (table and index keys), as a ValidationException.
 *
 * Errors use DynamoDB's JSON error shape (`__type`, `message`, `CancellationReasons`), so the SDK parses them
 * as in AWS.
 */

type Json = Record<string, unknown>;
type AttributeMap = Record<string, Record<string, unknown>>;
type Call = (operation: string, input: Json) => Promise<Json>;

const TARGET_PREFIX = 'DynamoDB_20120810.';
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const MAX_ACTIONS = 100;
/** How long a ClientRequestToken is remembered after its request completed (DynamoDB: 10 minutes). */
export const TOKEN_WINDOW_MS = 10 * 60 * 1000;
const SINGLE_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem']);
const MULTI_READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan']);
const EXPRESSION_FIELDS = ['ConditionExpression', 'ExpressionAttributeNames', 'ExpressionAttributeValues'];
const ONGOING = 'Transaction is ongoing for the item';

class DynamoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly body: Json = {},
  ) {
    super(message);
  }
}

const validation = (message: string) => new DynamoError('ValidationException', message);

/** Per-item queues in arrival order; several are always taken in sorted order, so writers never deadlock. */
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

/**
 * A table's gate between reads and transaction commits: any number of reads together, or any number of
 * commits together (they hold disjoint items), never both. Waiters are admitted in arrival order, a run of
 * the same mode at a time, so neither side starves.
 */
class Gate {
  #mode: 'read' | 'commit' | undefined;
  #active = 0;
  #queue: Array<{ mode: 'read' | 'commit'; admit: () => void }> = [];

  enter(mode: 'read' | 'commit'): Promise<() => void> | (() => void) {
    const release = () => this.#leave();
    if (this.#queue.length === 0 && (this.#active === 0 || this.#mode === mode)) {
      this.#mode = mode;
      this.#active += 1;
      return release;
    }
    return new Promise((resolve) => this.#queue.push({ mode, admit: () => resolve(release) }));
  }

  #leave() {
    this.#active -= 1;
    if (this.#active > 0) return;
    const next = this.#queue[0];
    this.#mode = next?.mode;
    while (this.#queue[0] && this.#queue[0].mode === this.#mode) {
      this.#active += 1;
      this.#queue.shift()!.admit();
    }
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

/** JSON with object keys sorted: two requests with the same parameters give the same text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

const SIGNED_HEADERS = {
  'content-type': 'application/x-amz-json-1.0',
  'x-amz-date': '20200101T000000Z',
  authorization:
    'AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
};

/**
 * Calls a dynalite request listener's operations in process: a request stream and a response object with
 * the few members dynalite uses, no socket (dynalite checks the form of a signature only).
 */
function dynaliteClient(listener: RequestListener): Call {
  return (operation, input) =>
    new Promise((resolve, reject) => {
      const request = Object.assign(new PassThrough(), {
        method: 'POST',
        url: '/',
        headers: { ...SIGNED_HEADERS, 'x-amz-target': `${TARGET_PREFIX}${operation}` },
      });
      const response = {
        statusCode: 200,
        contentType: '',
        setHeader: () => undefined,
        end: (text?: string) => {
          let body: Json;
          try {
            body = (text ? JSON.parse(text) : {}) as Json;
          } catch (error) {
            reject(error);
            return;
          }
          if (response.statusCode === 200) {
            resolve(body);
            return;
          }
          const type =
            String(body.__type ?? '')
              .split('#')
              .pop() || 'InternalServerError';
          reject(new DynamoError(type, String(body.message ?? body.Message ?? type), body));
        },
      };
      listener(request as unknown as IncomingMessage, response as unknown as ServerResponse);
      request.end(JSON.stringify(input));
    });
}

interface KeySchemaElement {
  AttributeName: string;
  KeyType: string;
}
interface TableDescription {
  KeySchema: KeySchemaElement[];
  AttributeDefinitions: Array<{ AttributeName: string; AttributeType: string }>;
  GlobalSecondaryIndexes?: Array<{ IndexName: string; KeySchema: KeySchemaElement[]; Projection: Json }>;
  LocalSecondaryIndexes?: Array<{ IndexName: string; KeySchema: KeySchemaElement[]; Projection: Json }>;
}

interface TableShape {
  keys: string[];
  types: Map<string, string>;
  /** index name and key attribute of every secondary index key */
  indexKeys: Array<{ index: string; attribute: string }>;
  description: TableDescription;
}

/** Each table's key schema and indexes, read once. */
function tableShapes(call: Call) {
  const known = new Map<string, Promise<TableShape>>();
  return (table: string): Promise<TableShape> => {
    let shape = known.get(table);
    if (!shape) {
      shape = call('DescribeTable', { TableName: table }).then((answer) => {
        const description = (answer as { Table: TableDescription }).Table;
        const indexes = [
          ...(description.GlobalSecondaryIndexes ?? []),
          ...(description.LocalSecondaryIndexes ?? []),
        ];
        return {
          keys: description.KeySchema.map((part) => part.AttributeName),
          types: new Map(description.AttributeDefinitions.map((a) => [a.AttributeName, a.AttributeType])),
          indexKeys: indexes.flatMap((index) =>
            index.KeySchema.map((part) => ({ index: index.IndexName, attribute: part.AttributeName })),
          ),
          description,
        };
      });
      shape.catch(() => known.delete(table));
      known.set(table, shape);
    }
    return shape;
  };
}

/** The lock name of one item: its table and its key values, in key-schema order. */
const itemName = (table: string, key: AttributeMap, shape: TableShape) =>
  `${table}\u0000${JSON.stringify(shape.keys.map((name) => key[name]))}`;

const isEmptyValue = (value: Record<string, unknown> | undefined) =>
  value !== undefined && (value.S === '' || value.B === '');

/**
 * DynamoDB's refusal of an empty string (or binary) as a table or index key value, on every write, and of
 * an index key of another type than the index's (`whole`: an item, not only its key).
 */
function checkItemKeys(item: AttributeMap | undefined, shape: TableShape, whole: boolean) {
  if (!item) return;
  for (const name of shape.keys) {
    if (isEmptyValue(item[name])) {
      const kind = item[name]!.S === '' ? 'string' : 'binary';
      throw validation(
        `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${kind} value. Key: ${name}`,
      );
    }
  }
  if (!whole) return;
  for (const { index, attribute } of shape.indexKeys) {
    const value = item[attribute];
    const type = shape.types.get(attribute) ?? 'S';
    if (value && value[type] === undefined) {
      throw validation(
        `One or more parameter values were invalid: Type mismatch for Index Key ${attribute} Expected: ${type} Actual: ${Object.keys(value)[0]} IndexName: ${index}`,
      );
    }
    if (isEmptyValue(item[attribute])) {
      const kind = item[attribute]!.S === '' ? 'string' : 'binary';
      throw validation(
        `One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty ${kind} value. IndexName: ${index}, IndexKey: ${attribute}`,
      );
    }
  }
}

/** The key of an item or key map, checked against the table's schema as DynamoDB checks it. */
function keyOf(source: AttributeMap | undefined, shape: TableShape, isItem: boolean): AttributeMap {
  if (!source || typeof source !== 'object')
    throw validation('The provided key element does not match the schema');
  if (!isItem && Object.keys(source).length !== shape.keys.length) {
    throw validation('The provided key element does not match the schema');
  }
  const key: AttributeMap = {};
  for (const name of shape.keys) {
    const value = source[name];
    const type = shape.types.get(name) ?? 'S';
    if (!value || value[type] === undefined) {
      throw validation(
        isItem
          ? `One or more parameter values were invalid: Missing the key ${name} in the item`
          : 'The provided key element does not match the schema',
      );
    }
    key[name] = value;
  }
  checkItemKeys(key, shape, false);
  return key;
}

interface WriteAction {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  input: Json;
  table: string;
  key: AttributeMap;
  lock: string;
}

async function writeActions(request: Json, shapes: (table: string) => Promise<TableShape>) {
  const items = request.TransactItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ACTIONS) {
    throw validation(
      `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ACTIONS} and greater than or equal to 1`,
    );
  }
  const actions: WriteAction[] = [];
  for (const item of items as Json[]) {
    const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((kind) => item?.[kind]);
    if (kinds.length !== 1) {
      throw validation('TransactItems can only contain one of Check, Put, Update or Delete');
    }
    const kind = kinds[0]!;
    const input = item[kind] as Json;
    const table = String(input.TableName);
    const shape = await shapes(table);
    const source = (kind === 'Put' ? input.Item : input.Key) as AttributeMap | undefined;
    const key = keyOf(source, shape, kind === 'Put');
    if (kind === 'Put') checkItemKeys(source, shape, true);
    actions.push({ kind, input, table, key, lock: itemName(table, key, shape) });
  }
  if (new Set(actions.map((action) => action.lock)).size !== actions.length) {
    throw validation('Transaction request cannot include multiple operations on one item');
  }
  return actions;
}

/** An unconditional put or delete needs no trial: its item was checked at the door. */
const needsTrial = ({ kind, input }: WriteAction) =>
  kind === 'Update' || kind === 'ConditionCheck' || input.ConditionExpression !== undefined;

/** Items by lock name, read with BatchGetItem (consistent), however many calls it takes. */
async function readItems(
  call: Call,
  shapes: (table: string) => Promise<TableShape>,
  targets: ReadonlyArray<{ table: string; key: AttributeMap }>,
): Promise<Map<string, AttributeMap>> {
  const found = new Map<string, AttributeMap>();
  for (let start = 0; start < targets.length; start += MAX_ACTIONS) {
    let request: Record<string, { Keys: AttributeMap[]; ConsistentRead: boolean }> = {};
    for (const { table, key } of targets.slice(start, start + MAX_ACTIONS)) {
      request[table] ??= { Keys: [], ConsistentRead: true };
      request[table].Keys.push(key);
    }
    while (Object.keys(request).length > 0) {
      const answer = (await call('BatchGetItem', { RequestItems: request })) as {
        Responses?: Record<string, AttributeMap[]>;
        UnprocessedKeys?: typeof request;
      };
      for (const [table, items] of Object.entries(answer.Responses ?? {})) {
        const shape = await shapes(table);
        for (const item of items) found.set(itemName(table, item, shape), item);
      }
      request = answer.UnprocessedKeys ?? {};
    }
  }
  return found;
}

/** Writes whole items (or deletes the absent ones) with BatchWriteItem, however many calls it takes. */
async function writeItems(
  call: Call,
  writes: ReadonlyArray<{ table: string; key: AttributeMap; item: AttributeMap | undefined }>,
): Promise<void> {
  const BATCH = 25;
  for (let start = 0; start < writes.length; start += BATCH) {
    let request: Record<string, Json[]> = {};
    for (const { table, key, item } of writes.slice(start, start + BATCH)) {
      request[table] ??= [];
      request[table].push(item ? { PutRequest: { Item: item } } : { DeleteRequest: { Key: key } });
    }
    while (Object.keys(request).length > 0) {
      const answer = (await call('BatchWriteItem', { RequestItems: request })) as {
        UnprocessedItems?: typeof request;
      };
      request = answer.UnprocessedItems ?? {};
    }
  }
}

const cancelled = (reasons: Json[]) =>
  new DynamoError(
    'TransactionCanceledException',
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons
      .map((reason) => reason.Code)
      .join(', ')}]`,
    { CancellationReasons: reasons },
  );

function send(response: ServerResponse, status: number, body: Json) {
  if (response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
    'x-amz-crc32': String(crc32(text)),
    'x-amzn-requestid': createHash('sha1').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 32),
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

interface TokenRecord {
  fingerprint: string;
  /** the answer once the request completed */
  answer?: { status: number; body: Json };
  expires: number;
}

export interface TransactionOptions {
  /** the clock of the token window (tests move it) */
  now?: () => number;
  /** called while a transaction holds its items, before it reads them (tests keep one in flight) */
  holding?: (items: readonly string[]) => Promise<void> | void;
}

/**
 * Puts the transaction door in front of a dynalite server: its own request listener is kept for the calls the
 * door makes in process (the same store), and the public one answers transactions, checks single writes
 * against held items, and gates reads. Returns what closes the scratch copy.
 */
export async function addTransactions(
  server: Server,
  options: TransactionOptions = {},
): Promise<{ close: () => Promise<void> }> {
  const now = options.now ?? Date.now;
  const [listener] = server.listeners('request') as RequestListener[];
  if (!listener) throw new Error('the DynamoDB emulator has no request listener');
  const store: RequestListener = listener;
  // the scratch copy where actions are tried before anything is written: in memory, never seen by clients
  const scratchServer: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const [scratchListener] = scratchServer.listeners('request') as RequestListener[];
  const scratch = { call: dynaliteClient(scratchListener!) };

  const call = dynaliteClient(store);
  const shapes = tableShapes(call);
  const locks = new ItemLocks();
  /** items held by an in-flight transaction */
  const held = new Set<string>();
  const gates = new Map<string, Gate>();
  const gate = (table: string) => {
    let found = gates.get(table);
    if (!found) {
      found = new Gate();
      gates.set(table, found);
    }
    return found;
  };
  const enterAll = async (tables: Iterable<string>, mode: 'read' | 'commit') => {
    const releases: Array<() => void> = [];
    for (const table of [...new Set(tables)].sort()) releases.push(await gate(table).enter(mode));
    return () => {
      for (const release of releases) release();
    };
  };
  const tokens = new Map<string, TokenRecord>();

  /** what the scratch copy holds of each item tried there (`imageOf`), as the last trial left it */
  const scratchImages = new Map<string, string>();
  const imageOf = (item: AttributeMap | undefined) => (item ? canonical(item) : '');
  const scratchTables = new Map<string, Promise<void>>();
  const scratchTable = (table: string) => {
    let ready = scratchTables.get(table);
    if (!ready) {
      ready = (async () => {
        const { description } = await shapes(table);
        const strip = (indexes: TableDescription['GlobalSecondaryIndexes']) =>
          indexes?.length
            ? indexes.map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }))
            : undefined;
        await scratch.call('CreateTable', {
          TableName: table,
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: description.KeySchema,
          AttributeDefinitions: description.AttributeDefinitions,
          GlobalSecondaryIndexes: strip(description.GlobalSecondaryIndexes),
          LocalSecondaryIndexes: strip(description.LocalSecondaryIndexes),
        });
        for (;;) {
          const { Table } = (await scratch.call('DescribeTable', { TableName: table })) as {
            Table: { TableStatus: string };
          };
          if (Table.TableStatus === 'ACTIVE') return;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      ready.catch(() => scratchTables.delete(table));
      scratchTables.set(table, ready);
    }
    return ready;
  };

  /**
   * Tries one action on the scratch copy of its item: the condition, the update expression and dynalite's
   * validation. Answers the item as the action leaves it (undefined: absent), or the failed condition.
   */
  async function tryAction(
    action: WriteAction,
    before: AttributeMap | undefined,
  ): Promise<{ ok: true; after: AttributeMap | undefined } | { ok: false }> {
    const { kind, input, table, key } = action;
    const expressions = pick(input, EXPRESSION_FIELDS);
    await scratchTable(table);
    try {
      if (kind === 'Put') {
        await scratch.call('PutItem', { TableName: table, Item: input.Item, ...expressions });
        return { ok: true, after: input.Item as AttributeMap };
      }
      if (kind === 'Update') {
        const { Attributes } = await scratch.call('UpdateItem', {
          TableName: table,
          Key: key,
          UpdateExpression: input.UpdateExpression,
          ReturnValues: 'ALL_NEW',
          ...expressions,
        });
        const after = Attributes as AttributeMap | undefined;
        checkItemKeys(after, await shapes(table), true);
        return { ok: true, after };
      }
      // a delete or a condition check: the condition is tried by a conditional delete of the copy
      await scratch.call('DeleteItem', { TableName: table, Key: key, ...expressions });
      return { ok: true, after: kind === 'Delete' ? undefined : before };
    } catch (error) {
      if (error instanceof DynamoError && error.type === 'ConditionalCheckFailedException')
        return { ok: false };
      throw error;
    }
  }

  /** Runs a transaction whose items this request holds: all its actions, or none. */
  async function runTransaction(actions: readonly WriteAction[]): Promise<Json> {
    const items = await readItems(call, shapes, actions);
    const before = actions.map((action) => items.get(action.lock));
    // every trial starts from the item as it is (held, so its scratch key is this transaction's)
    const trials = actions.flatMap((action, index) => (needsTrial(action) ? [{ action, index }] : []));
    await Promise.all(trials.map(({ action }) => scratchTable(action.table)));
    // only copies that differ from the item are written: a hot item's copy is usually what the last
    // transaction on it left there, and each call to the copy lengthens the time the item is held
    const stale = trials.filter(
      ({ action, index }) => scratchImages.get(action.lock) !== imageOf(before[index]),
    );
    await writeItems(
      scratch.call,
      stale.map(({ action, index }) => ({ table: action.table, key: action.key, item: before[index] })),
    );
    if (scratchImages.size > 100_000) scratchImages.clear(); // forgetting only costs a write
    for (const { action, index } of stale) scratchImages.set(action.lock, imageOf(before[index]));
    const outcomes = await Promise.all(
      actions.map((action, index) =>
        needsTrial(action)
          ? tryAction(action, before[index]).then(
              (outcome) => {
                const left = outcome.ok && action.kind !== 'ConditionCheck' ? outcome.after : undefined;
                scratchImages.set(action.lock, imageOf(outcome.ok ? left : before[index]));
                return outcome;
              },
              (error: unknown) => {
                scratchImages.delete(action.lock);
                throw error;
              },
            )
          : {
              ok: true as const,
              after: action.kind === 'Put' ? (action.input.Item as AttributeMap) : undefined,
            },
      ),
    );
    if (outcomes.some((outcome) => !outcome.ok)) {
      throw cancelled(
        outcomes.map((outcome, index) =>
          outcome.ok
            ? { Code: 'None' }
            : {
                Code: 'ConditionalCheckFailed',
                Message: 'The conditional request failed',
                ...(actions[index]!.input.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && before[index]
                  ? { Item: before[index] }
                  : {}),
              },
        ),
      );
    }
    const writes = actions.flatMap((action, index) => {
      const outcome = outcomes[index] as { after: AttributeMap | undefined };
      return action.kind === 'ConditionCheck'
        ? []
        : [{ action, after: outcome.after, before: before[index] }];
    });
    // the commit: no read of these tables runs while the final images are written
    const leave = await enterAll(
      writes.map(({ action }) => action.table),
      'commit',
    );
    try {
      await writeItems(
        call,
        writes.map(({ action, after }) => ({ table: action.table, key: action.key, item: after })),
      ).catch(async (error: unknown) => {
        await writeItems(
          call,
          writes.map(({ action, before: item }) => ({ table: action.table, key: action.key, item })),
        );
        throw error;
      });
    } finally {
      leave();
    }
    return {};
  }

  async function transactWriteItems(input: Json): Promise<{ status: number; body: Json }> {
    const actions = await writeActions(input, shapes);
    const token = typeof input.ClientRequestToken === 'string' ? input.ClientRequestToken : undefined;
    let record: TokenRecord | undefined;
    if (token !== undefined) {
      const fingerprint = canonical({ ...input, ClientRequestToken: undefined });
      const known = tokens.get(token);
      if (known && (known.answer === undefined || known.expires > now())) {
        if (known.fingerprint !== fingerprint) {
          throw new DynamoError(
            'IdempotentParameterMismatchException',
            'Request contains a ClientRequestToken with different parameters than the one it was first used with',
          );
        }
        if (!known.answer) {
          throw new DynamoError(
            'TransactionInProgressException',
            'The transaction with the given request token is already in progress.',
          );
        }
        return known.answer;
      }
      record = { fingerprint, expires: Number.POSITIVE_INFINITY };
    }
    // conflicts with another transaction are found at once, as DynamoDB does, and cancel this one
    const conflicts = actions.map((action) => held.has(action.lock));
    if (conflicts.some(Boolean)) {
      throw cancelled(
        conflicts.map((conflict) =>
          conflict ? { Code: 'TransactionConflict', Message: ONGOING } : { Code: 'None' },
        ),
      );
    }
    const names = actions.map((action) => action.lock);
    for (const name of names) held.add(name);
    if (token !== undefined && record) tokens.set(token, record);
    try {
      // single-item writes already under way on these items finish first; new ones are refused
      const release = await locks.acquire(names);
      let answer: { status: number; body: Json };
      try {
        await options.holding?.(names);
        answer = { status: 200, body: await runTransaction(actions) };
      } catch (error) {
        if (!(error instanceof DynamoError) || error.type !== 'TransactionCanceledException') throw error;
        answer = errorBody(error);
      } finally {
        release();
      }
      if (record) {
        record.answer = answer;
        record.expires = now() + TOKEN_WINDOW_MS;
      }
      return answer;
    } catch (error) {
      // not an answer the token keeps: the request may be sent again
      if (token !== undefined) tokens.delete(token);
      throw error;
    } finally {
      for (const name of names) held.delete(name);
      if (tokens.size > 1000) {
        for (const [known, { answer, expires }] of tokens)
          if (answer && expires <= now()) tokens.delete(known);
      }
    }
  }

  async function transactGetItems(input: Json): Promise<Json> {
    const items = input.TransactItems;
    if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ACTIONS) {
      throw validation(
        `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ACTIONS} and greater than or equal to 1`,
      );
    }
    const gets: Array<{ input: Json; table: string; key: AttributeMap; lock: string }> = [];
    for (const item of items as Json[]) {
      const get = item?.Get as Json | undefined;
      if (!get) throw validation('TransactItems can only contain Get');
      const table = String(get.TableName);
      const shape = await shapes(table);
      const key = keyOf(get.Key as AttributeMap, shape, false);
      gets.push({ input: get, table, key, lock: itemName(table, key, shape) });
    }
    if (new Set(gets.map((get) => get.lock)).size !== gets.length) {
      throw validation('Transaction request cannot include multiple operations on one item');
    }
    const conflicts = gets.map((get) => held.has(get.lock));
    if (conflicts.some(Boolean)) {
      throw cancelled(
        conflicts.map((conflict) =>
          conflict ? { Code: 'TransactionConflict', Message: ONGOING } : { Code: 'None' },
        ),
      );
    }
    const leave = await enterAll(
      gets.map((get) => get.table),
      'read',
    );
    try {
      const responses = await Promise.all(
        gets.map(async ({ input: get, table, key }) => {
          const { Item } = await call('GetItem', {
            TableName: table,
            Key: key,
            ConsistentRead: true,
            ...pick(get, ['ProjectionExpression', 'ExpressionAttributeNames']),
          });
          return Item ? { Item } : {};
        }),
      );
      return { Responses: responses };
    } finally {
      leave();
    }
  }

  /** Hands a request to dynalite and resolves when its answer has been sent. */
  const forward = (request: IncomingMessage, response: ServerResponse, body?: Buffer) => {
    if (response.destroyed) return Promise.resolve();
    const done = new Promise<void>((resolve) => {
      response.once('close', resolve);
      response.once('finish', resolve);
    });
    store(body ? replayed(request, body) : request, response);
    return done;
  };

  /** PutItem, UpdateItem, DeleteItem: refused on an item a transaction holds, queued behind other writes. */
  async function singleWrite(operation: string, request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    let input: Json;
    try {
      input = JSON.parse(body.toString('utf8')) as Json;
    } catch {
      return forward(request, response, body);
    }
    const table = String(input.TableName);
    let shape: TableShape;
    try {
      shape = await shapes(table);
    } catch {
      // no such table (or no name): dynalite answers as it would
      return forward(request, response, body);
    }
    const source = (operation === 'PutItem' ? input.Item : input.Key) as AttributeMap | undefined;
    if (!source || typeof source !== 'object' || shape.keys.some((name) => !source[name])) {
      return forward(request, response, body);
    }
    if (operation === 'PutItem') checkItemKeys(source, shape, true);
    const name = itemName(table, pick(source, shape.keys) as AttributeMap, shape);
    if (held.has(name)) throw new DynamoError('TransactionConflictException', ONGOING);
    const release = await locks.acquire([name]);
    try {
      await forward(request, response, body);
    } finally {
      release();
    }
  }

  /** BatchWriteItem: requests on held items come back as UnprocessedItems, the rest go to dynalite. */
  async function batchWrite(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    let input: Json;
    let names: string[];
    const unprocessed: Record<string, Json[]> = {};
    const remaining: Record<string, Json[]> = {};
    try {
      input = JSON.parse(body.toString('utf8')) as Json;
      names = [];
      for (const [table, requests] of Object.entries((input.RequestItems ?? {}) as Record<string, Json[]>)) {
        const shape = await shapes(table);
        for (const entry of requests) {
          const put = (entry.PutRequest as { Item?: AttributeMap } | undefined)?.Item;
          const key = put ?? (entry.DeleteRequest as { Key?: AttributeMap } | undefined)?.Key;
          if (!key || shape.keys.some((name) => !key[name])) throw new Error('dynalite validates it');
          checkItemKeys(key, shape, false);
          if (put) checkItemKeys(put, shape, true);
          const name = itemName(table, pick(key, shape.keys) as AttributeMap, shape);
          const bucket = held.has(name) ? unprocessed : remaining;
          bucket[table] = [...(bucket[table] ?? []), entry];
          if (bucket === remaining) names.push(name);
        }
      }
    } catch (error) {
      if (error instanceof DynamoError) throw error;
      return forward(request, response, body);
    }
    if (Object.keys(unprocessed).length === 0) {
      const release = await locks.acquire(names);
      try {
        return await forward(request, response, body);
      } finally {
        release();
      }
    }
    let answer: Json = { UnprocessedItems: {} };
    if (Object.keys(remaining).length > 0) {
      const release = await locks.acquire(names);
      try {
        answer = await call('BatchWriteItem', { ...input, RequestItems: remaining });
      } finally {
        release();
      }
    }
    const merged = { ...((answer.UnprocessedItems ?? {}) as Record<string, Json[]>) };
    for (const [table, entries] of Object.entries(unprocessed))
      merged[table] = [...(merged[table] ?? []), ...entries];
    send(response, 200, { ...answer, UnprocessedItems: merged });
  }

  /** Reads wait for commits on their tables (and commits for them), so none sees half a transaction. */
  async function read(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    let tables: string[] = [];
    try {
      const input = JSON.parse(body.toString('utf8')) as Json;
      tables = input.RequestItems ? Object.keys(input.RequestItems as Json) : [String(input.TableName)];
    } catch {
      // dynalite answers what it cannot read
    }
    const leave = await enterAll(tables, 'read');
    try {
      await forward(request, response, body);
    } finally {
      leave();
    }
  }

  const answering =
    (work: (input: Json) => Promise<Json | { status: number; body: Json }>, recorded = false) =>
    async (request: IncomingMessage, response: ServerResponse) => {
      const input = JSON.parse((await readBody(request)).toString('utf8')) as Json;
      const result = await work(input);
      if (recorded) {
        const { status, body } = result as { status: number; body: Json };
        send(response, status, body);
      } else send(response, 200, result as Json);
    };
  const handlers: Record<string, (request: IncomingMessage, response: ServerResponse) => Promise<unknown>> = {
    TransactWriteItems: answering(transactWriteItems, true),
    TransactGetItems: answering(transactGetItems),
    BatchWriteItem: batchWrite,
  };

  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const handler =
      handlers[operation] ??
      (SINGLE_WRITES.has(operation)
        ? (req: IncomingMessage, res: ServerResponse) => singleWrite(operation, req, res)
        : MULTI_READS.has(operation)
          ? read
          : undefined);
    if (!handler) {
      store(request, response);
      return;
    }
    handler(request, response).catch((error: unknown) => {
      const { status, body } = errorBody(error);
      send(response, status, body);
    });
  });

  return {
    close: () => new Promise<void>((resolve) => scratchServer.close(() => resolve())),
  };
}
