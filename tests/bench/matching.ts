import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MatchCriteria } from '#contracts/listing-match';
import { propertyItem } from '../support/property-item.ts';
import { runBenchPartIfChild, runBenchPartIsolated } from './isolated.ts';

/**
 * Issue 22's matching figures, against a local cloud in a process of its own, its criteria index seeded
 * with 1,000 and then 10,000 clients (the entries `syncCriteria` writes, in batches): for each of a fixed
 * set of new listings, the read capacity (DynamoDB's ReturnConsumedCapacity on every read: the listing's
 * GetItem and the Queries of its partitions) and the time of finding its matches, then the time of
 * recording them (a transaction and its notification per owner matched — work that grows with the owners
 * a listing matches, as it must: each is told). Budget: the 10k/1k ratio of the reads and of the time of
 * finding the matches ≤ 1.5.
 */
export const MATCH_SIZES = [1_000, 10_000] as const;
export const MATCH_RATIO_BUDGET = 1.5;
const LISTINGS = 30;

/** How the network grows from 1k to 10k clients: denser in the same cities, or into new ones as well. */
export type MatchScenario = 'denser' | 'broader';
export const MATCH_SCENARIOS: readonly MatchScenario[] = ['denser', 'broader'];

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
];
/** neighbourhoods of each city a listing or a client may name */
const AREAS_PER_CITY = 6;

export interface MatchSizeFigures {
  clients: number;
  /** criteria entries in the index */
  entries: number;
  /** per new listing: mean read capacity units of finding its matches */
  meanReadUnits: number;
  maxReadUnits: number;
  /** per new listing: criteria read, owners matched (means) */
  meanCandidates: number;
  meanMatched: number;
  /** per new listing: time of finding its matches, and of recording them with their notifications */
  findP50Ms: number;
  recordP50Ms: number;
}

export interface MatchBenchReport {
  scenario: MatchScenario;
  listings: number;
  sizes: MatchSizeFigures[];
  /** 10k/1k: read units and time per listing, and read units per owner matched */
  ratio: { readUnits: number; findTime: number; readUnitsPerMatch: number };
  withinBudget: boolean;
}

/** A deterministic stream of numbers in [0, 1) (mulberry32), so every run seeds the same clients. */
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function measureMatchBench(
  log: (line: string) => void = () => undefined,
): Promise<MatchBenchReport> {
  const scenario = (process.env.BENCH_MATCH_SCENARIO ?? 'denser') as MatchScenario;
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { startLocalCloud } = await import('#local/cloud');
  const dataDirectory = mkdtempSync(join(tmpdir(), 'estatenet-bench-matching-'));
  const cloud = await startLocalCloud({ dataDirectory, log: () => undefined });
  try {
    Object.assign(process.env, cloud.env);
    const [{ documentClient }, lib, { config }, criteriaModule, entities, matching, properties] =
      await Promise.all([
        import('#aws/dynamodb'),
        import('@aws-sdk/lib-dynamodb'),
        import('#aws/config'),
        import('#functions/matches/criteria'),
        import('#functions/matches/entities'),
        import('#functions/matches/matching'),
        import('#functions/properties/entities'),
      ]);

    // the read capacity of every read call, summed while a listing is matched
    const READS = new Set(['GetCommand', 'QueryCommand', 'BatchGetCommand']);
    let readUnits = 0;
    documentClient.middlewareStack.add(
      (next, context) => async (args) => {
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const result = await next(args);
        if (!READS.has(context.commandName ?? '')) return result;
        const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
        for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
          readUnits += (entry as { CapacityUnits?: number }).CapacityUnits ?? 0;
        }
        return result;
      },
      { step: 'initialize', name: 'benchReadCapacity' },
    );

    const next = random(22);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    // the broader network: 10 more towns for every 1,000 clients beyond the first (listings stay in CITIES)
    const towns = Array.from({ length: 90 }, (_, index) => `Town ${index + 1}`);
    let cityCount = CITIES.length;
    const placeOf = () => {
      const city = pick([...CITIES, ...towns].slice(0, cityCount));
      return { city, area: `${city} ${1 + Math.floor(next() * AREAS_PER_CITY)}` };
    };
    const agents = Array.from({ length: 200 }, () => randomUUID());

    /**
     * A client as agents fill it in: a budget of ±15–30% around a price, one to three places — or (a tenth)
     * none, when it looks in its agent's market, a city of the network as it then is (criteria.ts).
     */
    const clientCriteria = (): MatchCriteria => {
      const renting = next() < 0.3;
      const price = renting ? 500 * 8 ** next() : 80_000 * 25 ** next();
      const spread = 0.15 + next() * 0.15;
      const market = next() < 0.1 ? placeOf().city : undefined;
      const places = market ? [] : Array.from({ length: 1 + Math.floor(next() * 3) }, placeOf);
      return {
        status: renting ? 'for_rent' : 'for_sale',
        minUsd: Math.round(price * (1 - spread)),
        maxUsd: Math.round(price * (1 + spread)),
        areas: market
          ? [market.toLowerCase()]
          : [...new Set(places.map((place) => (next() < 0.5 ? place.city : place.area).toLowerCase()))],
        ...(next() < 0.5 ? { minBedrooms: 1 + Math.floor(next() * 3) } : {}),
        interests: next() < 0.5 ? ['garden'] : [],
      };
    };

    let seeded = 0;
    let entries = 0;
    const seedUpTo = async (total: number) => {
      if (scenario === 'broader') cityCount = (CITIES.length * total) / 1_000;
      const items: Record<string, unknown>[] = [];
      for (; seeded < total; seeded += 1) {
        const criteria = clientCriteria();
        for (const partition of criteriaModule.criteriaPartitions(criteria)) {
          items.push(
            entities.MatchCriteriaEntry.transact.put({
              partition,
              owner: entities.ownerOf('client', randomUUID()),
              agent_id: agents[seeded % agents.length]!,
              label: `Bench client ${seeded}`,
              criteria,
              criteria_version: new Date().toISOString(),
            }).Put!.Item as Record<string, unknown>,
          );
        }
      }
      entries += items.length;
      const batches: Record<string, unknown>[][] = [];
      for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
      const worker = async () => {
        for (let batch = batches.shift(); batch; batch = batches.shift()) {
          let pending = batch.map((Item) => ({ PutRequest: { Item } }));
          while (pending.length) {
            const { UnprocessedItems } = await documentClient.send(
              new lib.BatchWriteCommand({ RequestItems: { [config.tableName]: pending } }),
            );
            pending = (UnprocessedItems?.[config.tableName] ?? []) as typeof pending;
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      log(
        `indexed ${total.toLocaleString('en-US')} clients (${entries.toLocaleString('en-US')} criteria entries)`,
      );
    };

    /** The same new listings at each size: for sale and for rent, across the cities and prices. */
    const listingRandom = random(2026);
    const listingShapes = Array.from({ length: LISTINGS }, () => {
      const renting = listingRandom() < 0.3;
      const city = CITIES[Math.floor(listingRandom() * CITIES.length)]!;
      return {
        status: renting ? ('for_rent' as const) : ('for_sale' as const),
        price: Math.round(renting ? 500 * 8 ** listingRandom() : 80_000 * 25 ** listingRandom()),
        city,
        area: `${city} ${1 + Math.floor(listingRandom() * AREAS_PER_CITY)}`,
        bedrooms: Math.floor(listingRandom() * 5),
      };
    });

    const sizes: MatchSizeFigures[] = [];
    for (const size of MATCH_SIZES) {
      await seedUpTo(size);
      const reads: number[] = [];
      const findTimes: number[] = [];
      const recordTimes: number[] = [];
      const candidates: number[] = [];
      const matched: number[] = [];
      for (const shape of listingShapes) {
        const property = propertyItem({
          agent_id: randomUUID(),
          title: 'Bench listing with a garden',
          price: shape.price,
          city: shape.city,
          area: shape.area,
          bedrooms_count: shape.bedrooms,
          status: shape.status,
          additionalFeatures: ['Garden'],
        });
        await properties.writeProperty(undefined, property);
        readUnits = 0;
        const started = performance.now();
        const stored = await properties.Property.get(
          { property_id: property.property_id },
          { consistent: true },
        );
        const found = await matching.findListingMatches(stored!);
        findTimes.push(performance.now() - started);
        reads.push(readUnits);
        candidates.push(found.candidates);
        const recording = performance.now();
        const report = await matching.matchListingToOwners(property.property_id);
        recordTimes.push(performance.now() - recording);
        matched.push(report.matched);
      }
      sizes.push({
        clients: size,
        entries,
        meanReadUnits: round(mean(reads), 2),
        maxReadUnits: round(Math.max(...reads), 2),
        meanCandidates: round(mean(candidates)),
        meanMatched: round(mean(matched)),
        findP50Ms: round(median(findTimes)),
        recordP50Ms: round(median(recordTimes)),
      });
      log(
        `${size.toLocaleString('en-US')} clients: ${round(mean(reads), 2)} RCU and ${round(median(findTimes))} ms a listing to find its matches`,
      );
    }
    const [small, large] = sizes as [MatchSizeFigures, MatchSizeFigures];
    const perMatch = (size: MatchSizeFigures) => size.meanReadUnits / Math.max(1, size.meanMatched);
    const ratio = {
      readUnits: round(large.meanReadUnits / small.meanReadUnits, 2),
      findTime: round(large.findP50Ms / small.findP50Ms, 2),
      readUnitsPerMatch: round(perMatch(large) / perMatch(small), 2),
    };
    return {
      scenario,
      listings: LISTINGS,
      sizes,
      ratio,
      withinBudget: ratio.readUnits <= MATCH_RATIO_BUDGET && ratio.findTime <= MATCH_RATIO_BUDGET,
    };
  } finally {
    await cloud.stop();
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

/** Runs `measureMatchBench` in a Node process of its own (the entity layer reads its endpoints once). */
export const measureMatchBenchIsolated = (
  scenario: MatchScenario,
  log: (line: string) => void = () => undefined,
): Promise<MatchBenchReport> => {
  process.env.BENCH_MATCH_SCENARIO = scenario;
  return runBenchPartIsolated<MatchBenchReport>('matching', 'tests/bench/matching.ts', log);
};

runBenchPartIfChild('matching', measureMatchBench);
