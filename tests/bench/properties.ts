import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PropertySearch } from '#functions/properties/property-search';
import { propertyItem } from '../support/property-item.ts';
import { runBenchPartIfChild, runBenchPartIsolated } from './isolated.ts';

/**
 * Read capacity is "flat" when a search of the mix consumes at 10k at most CAPACITY_RATIO_BUDGET times
 * what it consumed at 1k, plus, where its range count reached its fixed budget at 10k but not at 1k, that
 * budget's own cost (after which the total is reported as a lower bound).
 */

/**
 * Issue 6's search figures, against a local cloud in a process of its own (handlers in that process, as
 * under `npm start`), seeded with 1,000 and then 10,000 properties:
 * - latency of a search page through GET /api/properties(/search), p50 and p99 over a fixed mix of
 *   searches, at each size; the 10k/1k ratio is the budget (≤ 1.5: a page does not slow down with the table);
 * - the read capacity each search of the mix consumes (DynamoDB's ReturnConsumedCapacity, which dynalite
 *   reports from the bytes of the items it reads, rounded up per 4 KB and halved for eventually consistent
 *   reads, as DynamoDB does), at each size, against what one Scan of the table would consume.
 */
export const SEARCH_SIZES = [1_000, 10_000] as const;
export const SEARCH_ROUNDS = 25;
export const SEARCH_RATIO_BUDGET = 1.5;
/** A search's capacity must not grow with the table: at 10k at most this times its capacity at 1k. */
export const CAPACITY_RATIO_BUDGET = 1.5;
const PAGE = 12;

export interface SearchCase {
  name: string;
  search: Omit<PropertySearch, 'page' | 'limit'> & { page?: number };
  /** the page after the first, through the cursor the first returned */
  nextPage?: boolean;
}

const CITIES = [
  'Lisbon',
  'Porto',
  'Cascais',
  'Faro',
  'Coimbra',
  'Braga',
  'Lagos',
  'Albufeira',
  'Sintra',
  'Aveiro',
  'Évora',
  'Funchal',
  'Setúbal',
  'Tavira',
  'Óbidos',
  'Nazaré',
  'Viseu',
  'Leiria',
  'Guimarães',
  'Ericeira',
];
const STATUSES = [
  'for_sale',
  'for_sale',
  'for_sale',
  'for_rent',
  'for_rent',
  'under_offer',
  'sold',
  'rented',
] as const;
/** The seeded properties were listed over the two years before this day. */
const NEWEST = Date.parse('2026-11-01T12:00:00.000Z');
const SPAN_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/** The mix of searches measured: the list, next pages, equality filters, ranges on and off the sort key. */
export const SEARCH_CASES: SearchCase[] = [
  { name: 'the list, newest first (GET /api/properties)', search: { sortBy: 'newest' } },
  { name: 'its second page (cursor)', search: { sortBy: 'newest' }, nextPage: true },
  { name: 'its fifth page (page number, no cursor)', search: { sortBy: 'newest', page: 5 } },
  { name: 'city, newest', search: { city: 'Porto', sortBy: 'newest' } },
  {
    name: 'city and status, price ascending',
    search: { city: 'Lisbon', status: 'for_sale', sortBy: 'price_asc' },
  },
  {
    name: 'price range, price ascending (key range)',
    search: { minPrice: 300_000, maxPrice: 450_000, sortBy: 'price_asc' },
  },
  {
    name: 'price range, newest (filtered entries)',
    search: { minPrice: 300_000, maxPrice: 450_000, sortBy: 'newest' },
  },
  {
    name: 'bedrooms at least 3, for sale, newest',
    search: { bedrooms: 3, status: 'for_sale', sortBy: 'newest' },
  },
  {
    name: 'listed in one month, price descending (filtered entries)',
    search: { createdFrom: '2026-06-01', createdTo: '2026-06-30', sortBy: 'price_desc' },
  },
];

export interface CaseCapacity {
  name: string;
  items: number;
  totalItems: number;
  totalExact: boolean;
  /** read capacity units of the search (its Queries, counter read and BatchGetItem), as reported */
  capacityUnits: number;
}

export interface SizeFigures {
  properties: number;
  /** what reading the count's fixed budget of entries costs (Select COUNT, COUNT_ENTRY_BUDGET entries) */
  countBudgetCapacityUnits: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  cases: CaseCapacity[];
  /** what one Scan of every item of the table would consume (eventually consistent) */
  scanCapacityUnits: number;
}

export interface PropertyBenchReport {
  pageSize: number;
  rounds: number;
  sizes: SizeFigures[];
  ratio: { p50: number; p99: number };
  latencyWithinBudget: boolean;
  capacityWithinBudget: boolean;
}

/** A deterministic stream of numbers in [0, 1) (mulberry32), so every run seeds the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function measurePropertyBench(
  log: (line: string) => void = () => undefined,
): Promise<PropertyBenchReport> {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { startLocalCloud } = await import('#local/cloud');
  const dataDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-properties-'));
  const cloud = await startLocalCloud({ dataDirectory, log: () => undefined });
  try {
    Object.assign(process.env, cloud.env);
    const [
      { ensureCognitoUser, signIn },
      { Agent },
      data,
      { searchProperties, COUNT_ENTRY_BUDGET },
      { documentClient },
      lib,
      config,
    ] = await Promise.all([
      import('#local/accounts'),
      import('#platform/accounts/entities'),
      import('#functions/properties/entities'),
      import('#functions/properties/property-search'),
      import('#aws/dynamodb'),
      import('@aws-sdk/lib-dynamodb'),
      import('#aws/config'),
    ]);

    // every read of the entity layer reports its consumed capacity, summed while a search runs
    let capacity = 0;
    documentClient.middlewareStack.add(
      (next) => async (args) => {
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const result = await next(args);
        const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
        for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
          capacity += (entry as { CapacityUnits?: number }).CapacityUnits ?? 0;
        }
        return result;
      },
      { step: 'initialize', name: 'benchConsumedCapacity' },
    );

    const email = `bench-${randomUUID().slice(0, 8)}@bench.local`;
    const password = 'Bench-Password-1';
    const agentId = await ensureCognitoUser(cloud.userPool, { email, password, fullName: 'Bench Agent' });
    await Agent.create({ agent_id: agentId, email, full_name: 'Bench Agent', role: 'Agent' });
    const { accessToken } = await signIn(cloud.userPool, email, password);
    const agents = Array.from({ length: 50 }, (_, index) => (index === 0 ? agentId : randomUUID()));

    // the catalogue, written in batches: the items and counters `writeProperty` would leave
    const next = random(6);
    const counts = new Map<string, Record<string, number>>();
    let seeded = 0;
    const seedUpTo = async (total: number) => {
      const items: Record<string, unknown>[] = [];
      for (; seeded < total; seeded += 1) {
        const bedrooms = Math.floor(next() * 7);
        const property = propertyItem({
          agent_id: agents[seeded % agents.length]!,
          title: `Bench listing ${seeded}`,
          price: Math.round(50_000 * 60 ** next()),
          city: CITIES[Math.floor(next() * CITIES.length)]!,
          bedrooms_count: bedrooms,
          bathrooms_count: Math.max(1, Math.ceil(bedrooms / 2)),
          size: 30 + Math.round(next() * 300),
          status: STATUSES[Math.floor(next() * STATUSES.length)]!,
          description: 'A seeded listing of the search bench, about as long as a short real description.',
          additionalFeatures: ['Balcony', 'Lift'],
          closeTo: ['Metro'],
          media: [{ url: `/media/properties/bench/${seeded}.png`, type: 'image' }],
          imageOrder: [`/media/properties/bench/${seeded}.png`],
          created_at: new Date(NEWEST - next() * SPAN_MS).toISOString(),
        });
        for (const action of data.propertyWriteActions(undefined, property)) {
          if (action.Put) items.push(action.Put.Item as Record<string, unknown>);
          const update = action.Update;
          if (update) {
            // a counter: add its increments to the totals written once at the end
            const scope = String(update.Key!.pk).replace(/^PROPERTY_COUNT#/, '');
            const names = update.ExpressionAttributeNames ?? {};
            const values = update.ExpressionAttributeValues ?? {};
            const adds = /ADD (.+)$/.exec(update.UpdateExpression ?? '')?.[1] ?? '';
            const counter = counts.get(scope) ?? {};
            for (const part of adds.split(', ')) {
              const [name, value] = part.split(' ');
              counter[names[name!]!] = (counter[names[name!]!] ?? 0) + Number(values[value!]);
            }
            counts.set(scope, counter);
          }
        }
      }
      for (const [scope, counter] of counts) {
        items.push(
          data.PropertyCount.transact.put({ scope, ...counter }).Put!.Item as Record<string, unknown>,
        );
      }
      const batches: Record<string, unknown>[][] = [];
      for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
      let written = 0;
      const worker = async () => {
        for (let batch = batches.shift(); batch; batch = batches.shift()) {
          let pending = batch.map((Item) => ({ PutRequest: { Item } }));
          while (pending.length) {
            const { UnprocessedItems } = await documentClient.send(
              new lib.BatchWriteCommand({ RequestItems: { [config.config.tableName]: pending } }),
            );
            pending = (UnprocessedItems?.[config.config.tableName] ?? []) as typeof pending;
          }
          written += batch.length;
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      log(
        `seeded ${total.toLocaleString('en-US')} properties (${written.toLocaleString('en-US')} items written)`,
      );
    };

    const pathOf = (search: PropertySearch) => {
      const { sortBy, page, limit, cursor, agentId: _agent, ...filters } = search;
      const plain = Object.keys(filters).length === 0 && sortBy === 'newest';
      const query = new URLSearchParams({
        ...(plain ? {} : { sortBy }),
        page: String(page),
        limit: String(limit),
        ...(cursor ? { cursor } : {}),
        ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, String(value)])),
      });
      return `${plain ? '/api/properties' : '/api/properties/search'}?${query}`;
    };
    const call = async (path: string) => {
      const response = await fetch(`${cloud.appUrl}${path}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<{ cursor?: string }>;
    };
    /** the search of a case, with the cursor of its first page when it is a next page */
    const searchOf = async (item: SearchCase): Promise<PropertySearch> => {
      const base: PropertySearch = { page: 1, limit: PAGE, ...item.search };
      if (!item.nextPage) return base;
      const first = await searchProperties(base);
      return { ...base, page: 2, ...(first.cursor ? { cursor: first.cursor } : {}) };
    };

    const sizes: SizeFigures[] = [];
    for (const size of SEARCH_SIZES) {
      await seedUpTo(size);
      const searches = await Promise.all(SEARCH_CASES.map(searchOf));
      const cases: CaseCapacity[] = [];
      for (const [index, search] of searches.entries()) {
        capacity = 0;
        const page = await searchProperties(search);
        cases.push({
          name: SEARCH_CASES[index]!.name,
          items: page.items.length,
          totalItems: page.totalItems,
          totalExact: page.totalExact,
          capacityUnits: round(capacity, 2),
        });
      }
      // latency through the API: a warm-up round, then the mix in rounds
      const times: number[] = [];
      for (let roundIndex = 0; roundIndex <= SEARCH_ROUNDS; roundIndex += 1) {
        for (const search of searches) {
          const started = performance.now();
          await call(pathOf(search));
          if (roundIndex > 0) times.push(performance.now() - started);
        }
      }
      capacity = 0;
      await documentClient.send(
        new lib.QueryCommand({
          TableName: config.config.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': 'PROPERTY_INDEX#ALL' },
          Select: 'COUNT',
          Limit: COUNT_ENTRY_BUDGET,
        }),
      );
      const countBudgetCapacityUnits = round(capacity, 2);
      capacity = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await documentClient.send(
          new lib.ScanCommand({
            TableName: config.config.tableName,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        );
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      sizes.push({
        properties: size,
        countBudgetCapacityUnits,
        samples: times.length,
        p50Ms: round(percentile(times, 50)),
        p99Ms: round(percentile(times, 99)),
        cases,
        scanCapacityUnits: round(capacity, 1),
      });
      log(
        `${size.toLocaleString('en-US')} properties: search p50 ${round(percentile(times, 50))} ms, p99 ${round(percentile(times, 99))} ms`,
      );
    }
    const [small, large] = sizes as [SizeFigures, SizeFigures];
    const ratio = { p50: round(large.p50Ms / small.p50Ms, 2), p99: round(large.p99Ms / small.p99Ms, 2) };
    return {
      pageSize: PAGE,
      rounds: SEARCH_ROUNDS,
      sizes,
      ratio,
      latencyWithinBudget: ratio.p50 <= SEARCH_RATIO_BUDGET && ratio.p99 <= SEARCH_RATIO_BUDGET,
      capacityWithinBudget: large.cases.every((item, index) =>
        capacityFlat(small.cases[index]!, item, large),
      ),
    };
  } finally {
    await cloud.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

/** Whether a search's capacity at 10k stayed flat against 1k (see CAPACITY_RATIO_BUDGET). */
export function capacityFlat(
  small: CaseCapacity,
  large: CaseCapacity,
  largeSize: Pick<SizeFigures, 'countBudgetCapacityUnits'>,
) {
  const countReachedBudget = small.totalExact && !large.totalExact;
  const allowance = countReachedBudget ? largeSize.countBudgetCapacityUnits : 0;
  return large.capacityUnits <= CAPACITY_RATIO_BUDGET * Math.max(0.5, small.capacityUnits) + allowance;
}

/** Runs `measurePropertyBench` in a Node process of its own (the entity layer reads its endpoints once). */
export const measurePropertyBenchIsolated = (
  log: (line: string) => void = () => undefined,
): Promise<PropertyBenchReport> =>
  runBenchPartIsolated<PropertyBenchReport>('properties', 'tests/bench/properties.ts', log);

runBenchPartIfChild('properties', measurePropertyBench);
