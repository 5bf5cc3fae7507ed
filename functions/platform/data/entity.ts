import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { config } from '#aws/config';
import { documentClient } from '#aws/dynamodb';
import { invocationTimeLeft } from '#platform/invocation-deadline';
import { and, type Condition, ExpressionContext, eq, exists, notExists } from './expression.ts';
import { TABLE_INDEXES, TABLE_KEYS } from './table.ts';

/**
 * The entity layer over the single table (docs/decisions.md, "Entity layer"): each entity declares its
 * keys once, with indexes named after access patterns, and gets typed get/create/put/update/delete/query.
 * Physical attributes (pk/sk, gsiNpk/gsiNsk, the type tag and derived search keys) are written here and
 * never returned. A key is its prefix followed by `#value` per composite attribute, so a query can match
 * a leading part of a sort key (`NAME#ma` finds every name starting with "ma"). Companion items (an agent's
 * search tokens) are written in the same transaction as the item they follow.
 */

/** Stored on every item: what it is, for inspection and test scans (never used to route a request). */
export const TYPE_ATTRIBUTE = '_type';

type IndexName = (typeof TABLE_INDEXES)[number]['name'];

/** The attributes the layer itself writes on every item (keys of the table and its indexes, the type tag). */
type PhysicalAttribute =
  | typeof TYPE_ATTRIBUTE
  | (typeof TABLE_KEYS)[keyof typeof TABLE_KEYS]
  | (typeof TABLE_INDEXES)[number]['partitionKey' | 'sortKey'];

export interface KeyPart<Attribute extends string = string> {
  prefix: string;
  /** attribute names (item or derived) whose values follow the prefix, in order */
  attributes?: readonly Attribute[];
}

export interface IndexSpec<Attribute extends string = string> {
  /** the physical GSI; the table's own keys when absent */
  index?: IndexName;
  pk: KeyPart<Attribute>;
  sk: KeyPart<Attribute>;
}

/**
 * Other items kept in step with each item of the entity (the agents directory's search tokens): every write
 * that sets or removes one of their `from` attributes (and every create, put and delete) carries their
 * actions in the same transaction. The layer does not read to write them, so `actions` must bring them
 * in step without knowing what was written before: fixed slots, each put or deleted.
 */
export interface CompanionSpec<Item> {
  /** the item attributes they are made from */
  from: readonly (keyof Item & string)[];
  /** the puts and deletes for an item with these values (key and every `from` attribute; absent = unset) */
  actions: (item: Partial<Item>) => TransactAction[];
}

interface DerivedSpec<Item> {
  /** the item attributes it is computed from; writing any of them rewrites it */
  from: readonly (keyof Item & string)[];
  compute: (item: Partial<Item>) => string | undefined;
}

export interface EntitySpec<
  Item,
  KeyAttribute extends keyof Item,
  IndexNames extends string = string,
  DerivedNames extends string = never,
> {
  type: string;
  key: {
    pk: KeyPart<KeyAttribute & string>;
    sk: KeyPart<KeyAttribute & string>;
  };
  /** access patterns by name; their key attributes are the item's or derived ones */
  indexes?: Record<
    IndexNames,
    IndexSpec<(keyof Item & string) | NoInfer<DerivedNames>> & { index: IndexName }
  >;
  /** stored-only attributes (lower-cased search keys), stripped from what is returned */
  derived?: Record<DerivedNames, DerivedSpec<Item>>;
  /** values a create or put starts from (counters at 0, timestamps) */
  defaults?: () => Partial<Item>;
  companions?: CompanionSpec<Item>;
}

export interface Page<Item> {
  items: Item[];
  /** present when more items follow; pass it back as `cursor` */
  cursor?: string;
}

export interface QueryOptions<KeyValues = Record<string, string>, Attribute extends string = string> {
  /** leading sort-key values to match, the last one as a prefix */
  begins?: KeyValues;
  /**
   * Instead of a prefix: sort keys from `<prefix>#from` to `<prefix>#to` (BETWEEN), on the attribute after the
   * `begins` values. With another attribute after it (an id), that attribute's values v with from <= v < to.
   */
  between?: { from: string; to: string };
  filter?: Condition<Attribute>;
  limit?: number;
  cursor?: string;
  consistent?: boolean;
  /** newest-first style: descending sort key */
  descending?: boolean;
}

/** One action of a DynamoDB transaction, built by an entity's `transact` helpers (see `transactWrite`). */
export type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Applies the actions as one TransactWriteItems: all of them or none. A cancelled transaction throws
 * the SDK's TransactionCanceledException; `cancellationCodes` reads which action failed. One cancelled only
 * because another transaction held some of its items is sent again (see `retryingConflicts`).
 */
export async function transactWrite(actions: readonly TransactAction[]): Promise<void> {
  // companions go after the caller's actions, so the cancellation codes of those keep their positions
  const all = [...actions, ...actions.flatMap((action) => companionActions.get(action) ?? [])];
  await retryingConflicts(() => documentClient.send(new TransactWriteCommand({ TransactItems: all })));
}

/** The companion actions (see `CompanionSpec`) an entity's transaction action carries. */
const companionActions = new WeakMap<TransactAction, TransactAction[]>();

const withCompanions = (action: TransactAction, companions: TransactAction[] | undefined) => {
  if (companions?.length) companionActions.set(action, companions);
  return action;
};

/**
 * A condition failure of a write sent as a transaction (with its companions, or with a check on another
 * item), read as a single write's: `isConditionFailure` is true of it, so versioned-write loops re-read.
 */
export class ConditionalCheckFailed extends Error {
  override name = 'ConditionalCheckFailedException';
}

async function writeWithCompanions(action: TransactAction): Promise<void> {
  try {
    await transactWrite([action]);
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed')
      throw new ConditionalCheckFailed('The conditional request failed', { cause: error });
    throw error;
  }
}

/**
 * How long a write may keep meeting transaction conflicts before it fails. Items many writers share (a
 * city's property counters, an agent's usage counter) are hot: under load a writer may lose many rounds.
 * Inside an invocation, until 1.5 s before its timeout (time to answer); elsewhere 7 s.
 */
const conflictBudgetMs = () => {
  const left = invocationTimeLeft();
  return left === undefined ? 7_000 : Math.max(0, left - 1_500);
};

/**
 * Full-jitter exponential backoff capped at 250 ms: the pause after attempt `attempt` (from 1). A conflict
 * lasts only as long as the transaction holding the item (milliseconds), so a long pause leaves a hot item
 * idle while its writers sleep: with 20 writers on one counter, a 1 s cap took ~7 s to let all through,
 * 250 ms about 2 s.
 */
const conflictPause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 20 * 2 ** attempt)));

/**
 * True when DynamoDB refused a write only because a transaction in flight held one of its items: a single
 * write's TransactionConflictException, or a transaction cancelled with no reason but TransactionConflict.
 * Such a write changed nothing and may be sent again.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TransactionConflictException') return true;
  const codes = cancellationCodes(error);
  if (!codes?.includes('TransactionConflict')) return false;
  return codes.every((code) => code === 'None' || code === 'TransactionConflict');
}

/** DynamoDB's answers for more requests than a table or an item takes (the SDK retries them first). */
const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/**
 * True when DynamoDB refused a request for contention — a transaction conflict that outlived
 * `retryingConflicts`, or throttling that outlived the SDK's retries. Nothing was written, and the same
 * request sent again later may well go through.
 */
export const isContention = (error: unknown): boolean =>
  isTransactionConflict(error) || (error instanceof Error && THROTTLING_ERRORS.has(error.name));

/**
 * Sends a write, and sends it again with backoff while DynamoDB refuses it for a transaction conflict (the
 * SDK does not retry those), within `conflictBudgetMs`. Conditions are evaluated afresh on each attempt.
 */
export async function retryingConflicts<T>(send: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const budget = conflictBudgetMs();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!isTransactionConflict(error) || Date.now() - started > budget) throw error;
      await conflictPause(attempt);
    }
  }
}

/**
 * The code of each action of a cancelled transaction, in order ('None', 'ConditionalCheckFailed', ...),
 * or undefined when the error is not a cancelled transaction.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

export interface UpdateChanges<Item> {
  set?: Partial<Item>;
  /** numeric increments (negative to decrement) */
  add?: Partial<Record<keyof Item & string, number>>;
  remove?: readonly (keyof Item & string)[];
}

export interface UpdateOptions<Attribute extends string = string> {
  if?: Condition<Attribute>;
  /** false: create the item when it is missing (an upsert); true by default */
  mustExist?: boolean;
  returnValues?: ReturnedValues;
}

/** What an update answers: the item after it (always present), before it, or nothing. */
type ReturnedValues = 'new' | 'old' | 'none';

/** BatchGetItem reads at most 100 keys a call; unprocessed keys are retried with backoff this often. */
const BATCH_GET_SIZE = 100;
const MAX_BATCH_ATTEMPTS = 6;

/** A filtered query reads at most this many pages to fill one page of results. */
const MAX_ROUNDS_PER_PAGE = 25;

/** What a cursor that no page returned fails with (the HTTP layer answers it as 400). */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
  constructor() {
    super('invalid cursor');
  }
}

const tableIndex = (name: IndexName | undefined) =>
  name
    ? TABLE_INDEXES.find((index) => index.name === name)!
    : { name: undefined, partitionKey: TABLE_KEYS.partitionKey, sortKey: TABLE_KEYS.sortKey };

/** True when a write failed on its condition. */
export function isConditionFailure(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'ConditionalCheckFailedException') return true;
  }
  return false;
}

/**
 * Defines an entity: `defineEntity<Item, KeyAttribute, Defaulted>()(spec)`. `Defaulted` names the
 * attributes `defaults` fills, which a create may then omit. The second call infers the spec's index and
 * derived attribute names, so a query names an index that exists and the attributes of its keys, and a
 * condition or filter (`Condition<Names>`) only the item's attributes, derived ones, keys and type tag.
 */
export function defineEntity<
  Item extends object,
  KeyAttribute extends keyof Item & string,
  Defaulted extends keyof Item = never,
>() {
  return <const IndexNames extends string = never, const DerivedNames extends string = never>(
    spec: EntitySpec<Item, KeyAttribute, IndexNames, DerivedNames>,
  ) => entityOf<Item, KeyAttribute, Defaulted, IndexNames, (keyof Item & string) | DerivedNames>(spec);
}

function entityOf<
  Item extends object,
  KeyAttribute extends keyof Item & string,
  Defaulted extends keyof Item,
  IndexNames extends string,
  Attribute extends string,
>(spec: EntitySpec<Item, KeyAttribute, IndexNames, string>) {
  type Key = Pick<Item, KeyAttribute>;
  /** the values of an access pattern's partition or leading sort-key attributes */
  type KeyValues = Partial<Record<Attribute, string>>;
  type CreateInput = Omit<Item, Defaulted> & Partial<Pick<Item, Defaulted>>;
  /** what a condition or filter may name: the item's and derived attributes, the keys and the type tag */
  type Readable = Attribute | PhysicalAttribute;
  type On = Condition<Readable>;
  type Values = Record<string, unknown>;

  const indexes: Record<string, IndexSpec> = { ...spec.indexes, primary: spec.key };
  const derived = Object.entries(spec.derived ?? {});
  const physical = new Set<string>([
    TYPE_ATTRIBUTE,
    ...derived.map(([name]) => name),
    ...Object.values(indexes).flatMap((index) => {
      const { partitionKey, sortKey } = tableIndex(index.index);
      return [partitionKey, sortKey];
    }),
  ]);

  /** The key string, or undefined when a value is missing (the item is then not in that index). */
  const compose = (part: KeyPart, values: Values): string | undefined => {
    let key = part.prefix;
    for (const attribute of part.attributes ?? []) {
      const value = values[attribute];
      if (value === undefined || value === null || value === '') return undefined;
      key += `#${String(value)}`;
    }
    return key;
  };

  const withDerived = (values: Values, changed?: ReadonlySet<string>): Values => {
    const result = { ...values };
    for (const [name, rule] of derived) {
      if (changed && !rule.from.some((source) => changed.has(source))) continue;
      result[name] = rule.compute(values as Partial<Item>);
    }
    return result;
  };

  const primaryKey = (key: Key): Values => {
    const pk = compose(spec.key.pk, key as Values);
    const sk = compose(spec.key.sk, key as Values);
    if (pk === undefined || sk === undefined) throw new Error(`${spec.type}: incomplete key`);
    return { [TABLE_KEYS.partitionKey]: pk, [TABLE_KEYS.sortKey]: sk };
  };

  /** The whole stored item: attributes, derived attributes, and the keys of every index it belongs to. */
  const storedItem = (input: Values): Values => {
    const values = withDerived(
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    );
    const item: Values = { ...values, [TYPE_ATTRIBUTE]: spec.type };
    for (const index of Object.values(indexes)) {
      const { partitionKey, sortKey } = tableIndex(index.index);
      const pk = compose(index.pk, values);
      const sk = compose(index.sk, values);
      if (pk !== undefined && sk !== undefined) Object.assign(item, { [partitionKey]: pk, [sortKey]: sk });
    }
    for (const name of derived.map(([attribute]) => attribute))
      if (item[name] === undefined) delete item[name];
    return item;
  };

  const companionSpec = spec.companions;
  const companionsFor = (values: Values) => companionSpec?.actions(values as Partial<Item>);

  /** The companion sources a change sets or removes (`given`) and those it leaves as they are (`others`). */
  const companionSources = (changes: UpdateChanges<Item>) => {
    const from: readonly string[] = companionSpec?.from ?? [];
    const set = (changes.set ?? {}) as Values;
    const given = from.filter((name) => changes.remove?.includes(name as never) || set[name] !== undefined);
    return { given, others: from.filter((name) => !given.includes(name)) };
  };

  /** The companions' values after a change: what it sets or removes, otherwise the `current` value. */
  const companionValuesAfter = (key: Key, changes: UpdateChanges<Item>, current: Values) => {
    const values: Values = { ...key };
    const set = (changes.set ?? {}) as Values;
    for (const name of companionSpec?.from ?? []) {
      if (changes.remove?.includes(name)) continue;
      const value = set[name] ?? current[name];
      if (value !== undefined) values[name] = value;
    }
    return values;
  };

  const strip = (raw: Values | undefined): Item | undefined => {
    if (!raw) return undefined;
    return Object.fromEntries(Object.entries(raw).filter(([name]) => !physical.has(name))) as Item;
  };

  /**
   * The UpdateItem parameters of a change: sets, increments and removes attributes, and rewrites the derived
   * attributes and index keys the change touches (removing an index key attribute takes the item out of
   * that index). One builder for the single update and the transaction's, so both keep indexes right.
   */
  const updateInput = (key: Key, changes: UpdateChanges<Item>, options: UpdateOptions = {}) => {
    const set = Object.fromEntries(
      Object.entries(changes.set ?? {}).filter(([, value]) => value !== undefined),
    );
    const removed = new Set<string>(changes.remove ?? []);
    const changed = new Set([...Object.keys(set), ...removed]);
    const known: Values = { ...key, ...set };
    const derivedValues = withDerived(known, changed);
    const assignments: Values = { ...set, ...key, [TYPE_ATTRIBUTE]: spec.type };
    const removals = new Set(removed);
    for (const [name, rule] of derived) {
      if (!rule.from.some((source) => changed.has(source))) continue;
      changed.add(name);
      const value = derivedValues[name];
      if (value === undefined) removals.add(name);
      else assignments[name] = value;
    }
    const current = { ...known, ...assignments };
    for (const [name, index] of Object.entries(indexes)) {
      if (!index.index) continue;
      const composite = [...(index.pk.attributes ?? []), ...(index.sk.attributes ?? [])];
      if (!composite.some((attribute) => changed.has(attribute) || removals.has(attribute))) continue;
      const { partitionKey, sortKey } = tableIndex(index.index);
      if (composite.some((attribute) => removals.has(attribute))) {
        removals.add(partitionKey).add(sortKey);
        continue;
      }
      const missing = composite.filter((attribute) => current[attribute] === undefined);
      if (missing.length) throw new Error(`${spec.type}: updating index ${name} needs ${missing.join(', ')}`);
      assignments[partitionKey] = compose(index.pk, current);
      assignments[sortKey] = compose(index.sk, current);
    }

    const context = new ExpressionContext();
    const clauses: string[] = [];
    const setClause = Object.entries(assignments).map(
      ([name, value]) => `${context.name(name)} = ${context.value(value)}`,
    );
    if (setClause.length) clauses.push(`SET ${setClause.join(', ')}`);
    const addClause = Object.entries(changes.add ?? {}).map(
      ([name, amount]) => `${context.name(name)} ${context.value(amount)}`,
    );
    if (addClause.length) clauses.push(`ADD ${addClause.join(', ')}`);
    if (removals.size) clauses.push(`REMOVE ${[...removals].map((name) => context.name(name)).join(', ')}`);

    const conditions = [
      ...(options.mustExist === false ? [] : [exists(TABLE_KEYS.partitionKey)]),
      ...(options.if ? [options.if] : []),
    ];
    const ConditionExpression = conditions.length ? and(...conditions)(context) : undefined;
    return {
      TableName: config.tableName,
      Key: primaryKey(key),
      UpdateExpression: clauses.join(' '),
      ...(ConditionExpression ? { ConditionExpression } : {}),
      ...context.attributes(),
    };
  };

  const encodeCursor = (key: Values | undefined) =>
    key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;

  /** A cursor must decode to a start key of this index and partition, or it is refused. */
  const decodeCursor = (cursor: string, expected: Values): Values => {
    let key: unknown;
    try {
      key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw new InvalidCursorError();
    }
    if (typeof key !== 'object' || key === null || Array.isArray(key)) throw new InvalidCursorError();
    const entries = Object.entries(key);
    const expectedNames = Object.keys(expected);
    const valid =
      entries.length === expectedNames.length &&
      entries.every(([name, value]) => expectedNames.includes(name) && typeof value === 'string') &&
      Object.entries(expected).every(
        ([name, value]) => value === undefined || (key as Values)[name] === value,
      );
    if (!valid) throw new InvalidCursorError();
    return key as Values;
  };

  return {
    type: spec.type,
    key: primaryKey,

    async get(key: Key, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
      const { Item } = await documentClient.send(
        new GetCommand({
          TableName: config.tableName,
          Key: primaryKey(key),
          ConsistentRead: options.consistent,
        }),
      );
      return strip(Item);
    },

    /**
     * Several items by key (BatchGetItem, 100 keys a call, unprocessed keys retried), in no particular
     * order; missing items are simply absent. Duplicate keys are read once.
     */
    async getMany(keys: readonly Key[], options: { consistent?: boolean } = {}): Promise<Item[]> {
      const unique = [
        ...new Map(keys.map((key) => [JSON.stringify(primaryKey(key)), primaryKey(key)])).values(),
      ];
      const items: Item[] = [];
      for (let start = 0; start < unique.length; start += BATCH_GET_SIZE) {
        let pending: Values[] = unique.slice(start, start + BATCH_GET_SIZE);
        for (let attempt = 0; pending.length > 0; attempt += 1) {
          if (attempt === MAX_BATCH_ATTEMPTS)
            throw new Error(`${spec.type}: batch get kept keys unprocessed`);
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
          const { Responses, UnprocessedKeys } = await documentClient.send(
            new BatchGetCommand({
              RequestItems: {
                [config.tableName]: {
                  Keys: pending,
                  ...(options.consistent ? { ConsistentRead: true } : {}),
                },
              },
            }),
          );
          for (const raw of Responses?.[config.tableName] ?? []) items.push(strip(raw)!);
          pending = (UnprocessedKeys?.[config.tableName]?.Keys ?? []) as Values[];
        }
      }
      return items;
    },

    /** Writes a new item; fails with a condition failure when one with the same key exists. */
    create(input: CreateInput): Promise<Item> {
      return this.put(input, { if: notExists(TABLE_KEYS.partitionKey) });
    },

    /** Writes the whole item, replacing any with the same key. */
    async put(input: CreateInput, options: { if?: On } = {}): Promise<Item> {
      const action = this.transact.put(input, options);
      const put = action.Put!;
      if (companionActions.has(action)) await writeWithCompanions(action);
      else await retryingConflicts(() => documentClient.send(new PutCommand(put)));
      return strip(put.Item)!;
    },

    /**
     * One UpdateItem: sets, increments and removes attributes, and rewrites the derived attributes and
     * index keys the change touches (removing an index key attribute takes the item out of that index).
     * A change to a companion source is a transaction with the companions instead (see `CompanionSpec`).
     */
    async update<Returned extends ReturnedValues = 'new'>(
      key: Key,
      changes: UpdateChanges<Item>,
      options: UpdateOptions<Readable> & { returnValues?: Returned } = {},
    ): Promise<Returned extends 'new' ? Item : Item | undefined> {
      const returnValues = options.returnValues ?? 'new';
      type Result = Returned extends 'new' ? Item : Item | undefined;
      const { given, others } = companionSources(changes);
      if (given.length) {
        // companions move with the item in a transaction (which returns nothing); the sources the change
        // leaves are read first and must still hold those values when it commits
        for (let attempt = 1; ; attempt += 1) {
          const current =
            others.length || returnValues === 'old' ? await this.get(key, { consistent: true }) : undefined;
          const read = (current ?? {}) as Values;
          const unchanged = others.map((name) =>
            read[name] === undefined ? notExists(name) : eq(name, read[name]),
          );
          const conditions = [...(options.if ? [options.if] : []), ...unchanged];
          const action: TransactAction = {
            Update: updateInput(key, changes, {
              ...options,
              ...(conditions.length
                ? { if: conditions.length === 1 ? conditions[0] : and(...conditions) }
                : {}),
            }),
          };
          try {
            await writeWithCompanions(
              withCompanions(action, companionsFor(companionValuesAfter(key, changes, read))),
            );
          } catch (error) {
            if (!isConditionFailure(error) || !others.length || attempt === 4) throw error;
            const now = ((await this.get(key, { consistent: true })) ?? {}) as Values;
            if (others.every((name) => now[name] === read[name])) throw error;
            continue;
          }
          if (returnValues === 'none') return undefined as Result;
          if (returnValues === 'old') return current as Result;
          return (await this.get(key, { consistent: true })) as Result;
        }
      }
      const input = updateInput(key, changes, options);
      const { Attributes } = await retryingConflicts(() =>
        documentClient.send(
          new UpdateCommand({
            ...input,
            ReturnValues: returnValues === 'new' ? 'ALL_NEW' : returnValues === 'old' ? 'ALL_OLD' : 'NONE',
          }),
        ),
      );
      return strip(Attributes) as Returned extends 'new' ? Item : Item | undefined;
    },

    /** Deletes the item (optionally only under a condition); answers what was deleted. */
    async delete(key: Key, options: { if?: On } = {}): Promise<Item | undefined> {
      if (companionSpec) {
        const current = await this.get(key, { consistent: true });
        await writeWithCompanions(this.transact.delete(key, options));
        return current;
      }
      const context = new ExpressionContext();
      const { Attributes } = await retryingConflicts(() =>
        documentClient.send(
          new DeleteCommand({
            TableName: config.tableName,
            Key: primaryKey(key),
            ...(options.if ? { ConditionExpression: options.if(context) } : {}),
            ...context.attributes(),
            ReturnValues: 'ALL_OLD',
          }),
        ),
      );
      return strip(Attributes);
    },

    /**
     * A page of one access pattern: the partition named by `partition` values, sort keys starting with
     * the entity's prefix and any `begins` values. With a filter, reads on until the page is full.
     */
    async query(
      indexName: IndexNames | 'primary',
      partition: KeyValues,
      options: QueryOptions<KeyValues, Readable> = {},
    ): Promise<Page<Item>> {
      const index = indexes[indexName];
      if (!index) throw new Error(`${spec.type}: no index ${indexName}`);
      const physicalIndex = tableIndex(index.index);
      const pk = compose(index.pk, partition);
      if (pk === undefined) throw new Error(`${spec.type}: incomplete partition for ${indexName}`);
      let skPrefix = index.sk.prefix;
      const leading = index.sk.attributes ?? [];
      const begins: Record<string, string | undefined> = options.begins ?? {};
      for (const [position, attribute] of leading.entries()) {
        const value = begins[attribute];
        if (value === undefined) break;
        skPrefix += `#${value}`;
        // the last given value is a prefix of that attribute; earlier ones are whole values
        if (begins[leading[position + 1] ?? ''] === undefined) break;
      }
      const startKeyShape: Values = Object.fromEntries(
        [
          ...new Set([
            TABLE_KEYS.partitionKey,
            TABLE_KEYS.sortKey,
            physicalIndex.partitionKey,
            physicalIndex.sortKey,
          ]),
        ].map((name) => [name, undefined]),
      );
      startKeyShape[physicalIndex.partitionKey] = pk;

      const limit = options.limit ?? 50;
      const items: Item[] = [];
      let startKey = options.cursor ? decodeCursor(options.cursor, startKeyShape) : undefined;
      // One item beyond the page is read, so a page that ends exactly at the end of the data carries no
      // cursor (no empty page after it); when it exists, the page continues right after the last item kept.
      let lastKept: Record<string, unknown> | undefined;
      let overflow = false;
      for (let round = 0; round < MAX_ROUNDS_PER_PAGE && items.length < limit; round += 1) {
        const context = new ExpressionContext();
        const sortKey = context.name(physicalIndex.sortKey);
        const sortCondition = options.between
          ? `${sortKey} BETWEEN ${context.value(`${skPrefix}#${options.between.from}`)} AND ${context.value(`${skPrefix}#${options.between.to}`)}`
          : `begins_with(${sortKey}, ${context.value(skPrefix)})`;
        const keyCondition = `${context.name(physicalIndex.partitionKey)} = ${context.value(pk)} AND ${sortCondition}`;
        const input: QueryCommandInput = {
          TableName: config.tableName,
          ...(index.index ? { IndexName: index.index } : {}),
          KeyConditionExpression: keyCondition,
          ...(options.filter ? { FilterExpression: options.filter(context) } : {}),
          ...context.attributes(),
          // never evaluate more than the page still needs plus the one that tells whether more follow
          Limit: limit - items.length + 1,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          ...(options.consistent ? { ConsistentRead: true } : {}),
          ...(options.descending ? { ScanIndexForward: false } : {}),
        };
        const page = await documentClient.send(new QueryCommand(input));
        for (const raw of page.Items ?? []) {
          if (items.length === limit) {
            overflow = true;
            break;
          }
          items.push(strip(raw)!);
          lastKept = raw;
        }
        startKey = page.LastEvaluatedKey;
        if (overflow || !startKey) break;
      }
      if (overflow && lastKept) {
        startKey = Object.fromEntries(
          Object.keys(startKeyShape).map((name) => [name, String(lastKept[name])]),
        );
      }
      const cursor = encodeCursor(startKey);
      return { items, ...(cursor ? { cursor } : {}) };
    },

    /** Every item of an access pattern (small, bounded partitions only: an agent's usage counters). */
    async queryAll(
      indexName: IndexNames | 'primary',
      partition: KeyValues,
      options: Omit<QueryOptions<KeyValues, Readable>, 'cursor' | 'limit'> = {},
    ) {
      const items: Item[] = [];
      let cursor: string | undefined;
      do {
        const page = await this.query(indexName, partition, { ...options, cursor, limit: 100 });
        items.push(...page.items);
        cursor = page.cursor;
      } while (cursor);
      return items;
    },

    /**
     * Every item of this type matching a filter. A whole-table read: tests and operators only, with their own
     * credentials; no deployed function is granted `dynamodb:Scan` (contracts/function-access.ts).
     */
    async scan(filter?: On): Promise<Item[]> {
      const items: Item[] = [];
      let startKey: Values | undefined;
      do {
        const context = new ExpressionContext();
        const typeIs = `${context.name(TYPE_ATTRIBUTE)} = ${context.value(spec.type)}`;
        const page = await documentClient.send(
          new ScanCommand({
            TableName: config.tableName,
            FilterExpression: filter ? `${typeIs} AND (${filter(context)})` : typeIs,
            ...context.attributes(),
            ConsistentRead: true,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        for (const raw of page.Items ?? []) items.push(strip(raw)!);
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items;
    },

    /** Actions on this entity for `transactWrite`: the items and conditions `put`/`update` would write. */
    transact: {
      /** Puts a new item; the transaction fails when one with the same key exists. */
      create(input: CreateInput): TransactAction {
        return this.put(input, { if: notExists(TABLE_KEYS.partitionKey) });
      },

      put(input: CreateInput, options: { if?: On } = {}): TransactAction {
        const context = new ExpressionContext();
        const values = { ...spec.defaults?.(), ...input } as Values;
        const action = {
          Put: {
            TableName: config.tableName,
            Item: storedItem(values),
            ...(options.if ? { ConditionExpression: options.if(context) } : {}),
            ...context.attributes(),
          },
        };
        return withCompanions(action, companionsFor(values));
      },

      /** `update` as one action of a transaction: the same expression, index keys and derived attributes. */
      update(
        key: Key,
        changes: UpdateChanges<Item>,
        options: Omit<UpdateOptions<Readable>, 'returnValues'> = {},
      ): TransactAction {
        const { given, others } = companionSources(changes);
        // a transaction cannot read first: the companions' values must all be known from the change
        if (given.length && others.length)
          throw new Error(
            `${spec.type}: a transaction changing ${given.join(', ')} must also give ${others.join(', ')}`,
          );
        const action = { Update: updateInput(key, changes, options) };
        return withCompanions(
          action,
          given.length ? companionsFor(companionValuesAfter(key, changes, {})) : undefined,
        );
      },

      /** Deletes the item (optionally only under a condition, which then also fails the transaction). */
      delete(key: Key, options: { if?: On } = {}): TransactAction {
        const context = new ExpressionContext();
        const action = {
          Delete: {
            TableName: config.tableName,
            Key: primaryKey(key),
            ...(options.if ? { ConditionExpression: options.if(context) } : {}),
            ...context.attributes(),
          },
        };
        return withCompanions(action, companionsFor({ ...key }));
      },

      /** Fails the transaction unless the item meets the condition; writes nothing. */
      check(key: Key, condition: On): TransactAction {
        const context = new ExpressionContext();
        return {
          ConditionCheck: {
            TableName: config.tableName,
            Key: primaryKey(key),
            ConditionExpression: condition(context),
            ...context.attributes(),
          },
        };
      },
    },
  };
}
