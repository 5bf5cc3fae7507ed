import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '#aws/config';
import { documentClient } from '#aws/dynamodb';
import type { PropertySort, PropertyStatus } from '#contracts/schemas/properties';
import { InvalidCursorError } from '#platform/data/entity';
import { type Condition, ExpressionContext } from '#platform/data/expression';
import {
  ALL_SCOPE,
  agentScope,
  baseScope,
  bedroomScope,
  Property,
  PropertyCount,
  type PropertyCountItem,
  PropertyEntry,
  type PropertyItem,
  priceKey,
} from './entities.ts';

/**
 * The property search (docs: "Property search by key design"): what one page costs depends on the page,
 * never on how many properties exist. Equality filters pick scope partitions, the sort dimension's range
 * is a key condition, the other range filters small index entries, and only the page's properties are
 * read whole (BatchGetItem). Totals come from counters when no range is given; with a range, the matches
 * are counted up to a fixed budget of entries, beyond which the total is a lower bound.
 */

export interface PropertySearch {
  /** one agent's listings (newest or oldest only, no other filters) */
  agentId?: string;
  city?: string;
  status?: PropertyStatus;
  /** at least this many bedrooms */
  bedrooms?: number;
  minPrice?: number;
  maxPrice?: number;
  /** ISO date or date-time; a bare date starts at 00:00 UTC */
  createdFrom?: string;
  /** ISO date or date-time; a bare date includes the whole day (UTC) */
  createdTo?: string;
  sortBy: PropertySort;
  page: number;
  limit: number;
  /** the `cursor` of the previous page: continues after it (then `page` is only its number) */
  cursor?: string;
}

export interface PropertySearchPage {
  items: PropertyItem[];
  totalItems: number;
  /** false when `totalItems` is a lower bound (a range matched more than the count budget reads) */
  totalExact: boolean;
  /** continues after this page; absent when nothing follows */
  cursor?: string;
}

/** Entries one page may evaluate in all (the other range's filter can skip entries). */
export const PAGE_ENTRY_BUDGET = 1_500;
/** Entries one search may evaluate beyond its page to count a range's matches. */
export const COUNT_ENTRY_BUDGET = 500;

const MAX_CURSOR_LENGTH = 512;

interface Entry {
  sk: string;
  propertyId: string;
}

interface KeyRange {
  low: string;
  high: string;
}

const entryPk = (scope: string) => PropertyEntry.key({ scope, order_key: 'x' }).pk as string;
const entrySk = (orderKey: string) =>
  PropertyEntry.key({ scope: ALL_SCOPE, order_key: orderKey }).sk as string;
/** The highest character of our keys' alphabet: bounds a key range after a given prefix. */
const AFTER = '~';

/** A bare date from the query: from its first or up to its last millisecond (UTC). */
function isoBound(value: string, end: 'from' | 'to'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return `${value}T${end === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`;
  return new Date(value).toISOString();
}

const byDate = (sort: PropertySort) => sort === 'newest' || sort === 'oldest';
const isDescending = (sort: PropertySort) => sort === 'newest' || sort === 'price_desc';

/** The key range of the sort dimension and the filter of the other range. */
function rangesOf(search: PropertySearch): { range: KeyRange; filter?: Condition } {
  const from = search.createdFrom ? isoBound(search.createdFrom, 'from') : undefined;
  const to = search.createdTo ? isoBound(search.createdTo, 'to') : undefined;
  const { minPrice, maxPrice } = search;
  const between =
    (attribute: string, low: unknown, high: unknown): Condition =>
    (context) => {
      const name = context.name(attribute);
      if (low !== undefined && high !== undefined)
        return `${name} BETWEEN ${context.value(low)} AND ${context.value(high)}`;
      return low !== undefined ? `${name} >= ${context.value(low)}` : `${name} <= ${context.value(high)}`;
    };
  if (byDate(search.sortBy)) {
    return {
      range: { low: entrySk(`D#${from ?? ''}`), high: entrySk(`D#${to ? `${to}#${AFTER}` : AFTER}`) },
      ...(minPrice !== undefined || maxPrice !== undefined
        ? { filter: between('price', minPrice, maxPrice) }
        : {}),
    };
  }
  return {
    range: {
      low: entrySk(`P#${minPrice !== undefined ? priceKey(minPrice) : ''}`),
      high: entrySk(`P#${maxPrice !== undefined ? `${priceKey(maxPrice)}#${AFTER}` : AFTER}`),
    },
    ...(from !== undefined || to !== undefined ? { filter: between('created_at', from, to) } : {}),
  };
}

export function encodeSearchCursor(sk: string): string {
  return Buffer.from(JSON.stringify({ after: sk })).toString('base64url');
}

/** A cursor is the sort key of the last entry returned; it must lie inside this search's key range. */
function decodeSearchCursor(cursor: string, range: KeyRange): string {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  const after = (decoded as { after?: unknown } | null)?.after;
  if (
    typeof after !== 'string' ||
    after.length > MAX_CURSOR_LENGTH ||
    Object.keys(decoded as object).length !== 1 ||
    after < range.low ||
    after > range.high
  ) {
    throw new InvalidCursorError();
  }
  return after;
}

interface PartitionRead {
  matches: Entry[];
  /** the sort key up to which this partition has been read (undefined: read to its end) */
  frontier?: string;
  evaluated: number;
}

/**
 * Reads matching entries of one partition in order, after `startAfter`, until `want` matched, the
 * partition ends or `budget` entries were evaluated.
 */
async function readPartition(
  pk: string,
  range: KeyRange,
  options: { filter?: Condition; descending: boolean; startAfter?: string; want: number; budget: number },
): Promise<PartitionRead> {
  const matches: Entry[] = [];
  let startKey: Record<string, string> | undefined = options.startAfter
    ? { pk, sk: options.startAfter }
    : undefined;
  let evaluated = 0;
  while (matches.length < options.want && evaluated < options.budget) {
    const missing = options.want - matches.length;
    // without a filter every entry matches: read exactly what is missing
    const limit = Math.min(options.budget - evaluated, options.filter ? Math.max(50, missing * 4) : missing);
    const page = await queryEntries(pk, range, { ...options, limit, startKey });
    evaluated += page.evaluated;
    for (const entry of page.entries) {
      matches.push(entry);
      if (matches.length === options.want) {
        // later matches of this page are left for the next read: the frontier is the last one kept
        return { matches, frontier: entry.sk, evaluated };
      }
    }
    if (!page.lastSk) return { matches, evaluated };
    startKey = { pk, sk: page.lastSk };
  }
  return { matches, frontier: startKey?.sk ?? matches.at(-1)?.sk, evaluated };
}

async function queryEntries(
  pk: string,
  range: KeyRange,
  options: {
    filter?: Condition;
    descending: boolean;
    limit: number;
    startKey?: Record<string, string> | undefined;
    count?: boolean;
  },
): Promise<{ entries: Entry[]; evaluated: number; matched: number; lastSk?: string }> {
  const context = new ExpressionContext();
  const input: QueryCommandInput = {
    TableName: config.tableName,
    KeyConditionExpression: `${context.name('pk')} = ${context.value(pk)} AND ${context.name('sk')} BETWEEN ${context.value(range.low)} AND ${context.value(range.high)}`,
    ...(options.filter ? { FilterExpression: options.filter(context) } : {}),
    ...(options.count ? { Select: 'COUNT' } : { ProjectionExpression: `${context.name('sk')}` }),
    ...context.attributes(),
    Limit: Math.max(1, options.limit),
    ...(options.startKey ? { ExclusiveStartKey: options.startKey } : {}),
    ...(options.descending ? { ScanIndexForward: false } : {}),
  };
  const result = await documentClient.send(new QueryCommand(input));
  const entries = (result.Items ?? []).map((item) => {
    const sk = String(item.sk);
    return { sk, propertyId: sk.slice(sk.lastIndexOf('#') + 1) };
  });
  const lastSk = result.LastEvaluatedKey?.sk as string | undefined;
  return {
    entries,
    evaluated: result.ScannedCount ?? entries.length,
    matched: result.Count ?? entries.length,
    ...(lastSk ? { lastSk } : {}),
  };
}

/** Counts the matches of one partition after `startAfter`, evaluating at most `budget` entries. */
async function countPartition(
  pk: string,
  range: KeyRange,
  options: { filter?: Condition; descending: boolean; startAfter: string; budget: number },
): Promise<{ matched: number; complete: boolean; evaluated: number }> {
  let matched = 0;
  let evaluated = 0;
  let startKey: Record<string, string> | undefined = { pk, sk: options.startAfter };
  while (startKey && evaluated < options.budget) {
    const page = await queryEntries(pk, range, {
      ...options,
      limit: options.budget - evaluated,
      startKey,
      count: true,
    });
    matched += page.matched;
    evaluated += page.evaluated;
    startKey = page.lastSk ? { pk, sk: page.lastSk } : undefined;
  }
  return { matched, complete: startKey === undefined, evaluated };
}

/** The scope partitions of a search and its exact total when no range applies. */
async function partitionsOf(search: PropertySearch): Promise<{ scopes: string[]; total: number }> {
  const base = search.agentId ? agentScope(search.agentId) : baseScope(search);
  const counter: PropertyCountItem | undefined = await PropertyCount.get({ scope: base });
  if (!search.bedrooms) return { scopes: [base], total: counter?.total ?? 0 };
  const present = Object.entries(counter ?? {})
    .map(([name, count]) => [/^beds_(\d+)$/.exec(name)?.[1], count] as const)
    .filter(([bedrooms, count]) => bedrooms !== undefined && typeof count === 'number' && count > 0)
    .map(([bedrooms, count]) => [Number(bedrooms), count as number] as const)
    .filter(([bedrooms]) => bedrooms >= search.bedrooms!);
  return {
    scopes: present.map(([bedrooms]) => bedroomScope(base, bedrooms)),
    total: present.reduce((sum, [, count]) => sum + count, 0),
  };
}

/** One page of a search. Items keep the order of the sort. */
export async function searchProperties(search: PropertySearch): Promise<PropertySearchPage> {
  const { range, filter } = rangesOf(search);
  const descending = isDescending(search.sortBy);
  const startAfter = search.cursor ? decodeSearchCursor(search.cursor, range) : undefined;
  if (search.agentId && !byDate(search.sortBy)) throw new Error("an agent's listings sort by date only");
  const ranged = Boolean(
    filter ||
      search.createdFrom ||
      search.createdTo ||
      search.minPrice !== undefined ||
      search.maxPrice !== undefined,
  );

  const { scopes, total } = await partitionsOf(search);
  if (total === 0) return { items: [], totalItems: 0, totalExact: true };

  // a page jump without a cursor reads past the earlier pages' entries (keys only, ~200 bytes each)
  const skip = startAfter ? 0 : (search.page - 1) * search.limit;
  const want = skip + search.limit + 1;
  const budget = Math.ceil(Math.max(PAGE_ENTRY_BUDGET, want) / scopes.length);
  const reads = await Promise.all(
    scopes.map(async (scope) => ({
      pk: entryPk(scope),
      ...(await readPartition(entryPk(scope), range, { filter, descending, startAfter, want, budget })),
    })),
  );

  // entries past a partition's frontier may be missing from the others: only what precedes every
  // unfinished partition's frontier is in order
  const before = (a: string, b: string) => (descending ? a > b : a < b);
  const frontiers = reads.flatMap((read) => (read.frontier === undefined ? [] : [read.frontier]));
  const boundary = frontiers.reduce<string | undefined>(
    (most, sk) => (most === undefined || before(sk, most) ? sk : most),
    undefined,
  );
  const ordered = reads
    .flatMap((read) => read.matches)
    .filter((entry) => boundary === undefined || !before(boundary, entry.sk))
    .sort((a, b) => (a.sk === b.sk ? 0 : before(a.sk, b.sk) ? -1 : 1));
  const pageEntries = ordered.slice(skip, skip + search.limit);
  const more = ordered.length > skip + search.limit || boundary !== undefined;
  // a full page continues after its last entry; a page the entry budget cut short, after the boundary
  const last =
    pageEntries.length === search.limit ? pageEntries.at(-1)?.sk : (boundary ?? pageEntries.at(-1)?.sk);
  const cursor = more && last ? encodeSearchCursor(last) : undefined;

  let totalItems = total;
  let totalExact = true;
  if (ranged) {
    // matches already read, then the rest counted from each partition's frontier, up to the budget
    const counted = reads.reduce(
      (sum, read) =>
        sum +
        read.matches.filter((entry) => read.frontier === undefined || !before(read.frontier, entry.sk))
          .length,
      0,
    );
    const open = reads.filter((read) => read.frontier !== undefined);
    const countBudget = Math.ceil(COUNT_ENTRY_BUDGET / Math.max(1, open.length));
    const rest = await Promise.all(
      open.map((read) =>
        countPartition(read.pk, range, {
          filter,
          descending,
          startAfter: read.frontier!,
          budget: countBudget,
        }),
      ),
    );
    const offset = startAfter ? (search.page - 1) * search.limit : 0;
    totalItems = offset + counted + rest.reduce((sum, part) => sum + part.matched, 0);
    totalExact = rest.every((part) => part.complete);
  }

  const properties = await Property.getMany(pageEntries.map((entry) => ({ property_id: entry.propertyId })));
  const byId = new Map(properties.map((property) => [property.property_id, property]));
  const items = pageEntries.flatMap((entry) => {
    const property = byId.get(entry.propertyId);
    return property ? [property] : [];
  });
  return { items, totalItems, totalExact, ...(cursor ? { cursor } : {}) };
}
