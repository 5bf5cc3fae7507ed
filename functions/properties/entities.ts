import type { PropertyView } from '#contracts/schemas/properties';
import { cancellationCodes, defineEntity, type TransactAction, transactWrite } from '#platform/data/entity';
import { eq, notExists } from '#platform/data/expression';

/**
 * Properties and the keys their lists and searches are served by (docs: "Property search by key design").
 *
 * A Property item holds the listing. Beside it, in the same transaction, the property writes small index
 * entries (`PropertyEntry`, ~200 bytes, keys and the two sort values only) into one partition per *scope*:
 * every combination of the equality filters it can be found by — all, its city, its status, city and
 * status, each of those again with its exact bedroom count — and the listing agent's own partition. In each
 * scope partition an entry sorts either by creation time (`D#…`) or by price (`P#…`), so a search is one
 * bounded Query per scope partition: equality filters pick the partition, the range of the sort
 * dimension is the key condition, and only the other range (price while sorting by date, dates while
 * sorting by price) is a filter on the small entries. "Bedrooms at least n" merges the exact-count
 * partitions n, n+1, … that exist (the counters say which).
 *
 * `PropertyCount` keeps, per base scope, the number of properties and of each bedroom count, written in
 * the same transaction as the entries: a search without ranges knows its total exactly from one GetItem.
 */

/** One image of a listing; `key` is its S3 key in the files bucket (`media/properties/<id>/…`). */
export type PropertyMediaItem = PropertyView['media'][number];

/**
 * A listing as stored: the contract's property, its price in the currency it was entered in (`currency`;
 * absent on listings saved before prices had a currency: those are USD), plus `price_usd`, the USD value
 * by the rates of its last save that its search entries sort and filter by (absent: `price` is USD), and
 * the version every write is conditional on (optimistic concurrency).
 */
export type PropertyItem = Omit<PropertyView, 'currency'> & {
  currency?: PropertyView['currency'];
  price_usd?: number;
  version: number;
};

/** The USD value a listing is indexed by (docs/decisions.md "Prices in the agent's currency"). */
export const indexedPrice = (property: Pick<PropertyItem, 'price' | 'price_usd'>) =>
  property.price_usd ?? property.price;

export const Property = defineEntity<PropertyItem, 'property_id'>()({
  type: 'property',
  key: { pk: { prefix: 'PROPERTY', attributes: ['property_id'] }, sk: { prefix: 'DETAILS' } },
});

export interface PropertyEntryItem {
  /**
   * the scope partition: `ALL`, `C:<city>`, `S:<status>`, `C:<city>|S:<status>`, each `|B:<n>`; `A:<agent>`;
   * `CUR:<currency>` (listings priced in another currency than USD, by date: never searched)
   */
  scope: string;
  /** `D#<created_at>#<id>` or `P#<USD value in cents, 15 digits>#<created_at>#<id>` */
  order_key: string;
  /** the listing's USD value (`indexedPrice`), whatever its currency */
  price: number;
  created_at: string;
}

export const PropertyEntry = defineEntity<PropertyEntryItem, 'scope' | 'order_key'>()({
  type: 'propertyEntry',
  key: {
    pk: { prefix: 'PROPERTY_INDEX', attributes: ['scope'] },
    sk: { prefix: 'AT', attributes: ['order_key'] },
  },
});

/** `total` and one `beds_<n>` attribute per bedroom count present in the scope. */
export interface PropertyCountItem {
  scope: string;
  total?: number;
  [counter: `beds_${number}`]: number | undefined;
}

export const PropertyCount = defineEntity<PropertyCountItem, 'scope'>()({
  type: 'propertyCount',
  key: { pk: { prefix: 'PROPERTY_COUNT', attributes: ['scope'] }, sk: { prefix: 'COUNT' } },
});

// ── scopes and sort keys ─────────────────────────────────────────────────────────────────────────────

/** City text as a key: accents and case folded, spaces collapsed, then URI-encoded (no `#`, `|`, `:`). */
export function cityKey(city: string): string {
  const folded = city.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return encodeURIComponent(folded);
}

export const ALL_SCOPE = 'ALL';
export const agentScope = (agentId: string) => `A:${encodeURIComponent(agentId)}`;
export const currencyScope = (currency: string) => `CUR:${currency}`;

/** The base scope of a set of equality filters (city, status). */
export function baseScope(filters: { city?: string | undefined; status?: string | undefined }): string {
  const parts = [
    ...(filters.city ? [`C:${cityKey(filters.city)}`] : []),
    ...(filters.status ? [`S:${filters.status}`] : []),
  ];
  return parts.length ? parts.join('|') : ALL_SCOPE;
}

export const bedroomScope = (base: string, bedrooms: number) => `${base}|B:${bedrooms}`;
export const bedroomCounter = (bedrooms: number) => `beds_${bedrooms}` as const;

/** The four base scopes a property is found by. */
function baseScopesOf(property: Pick<PropertyItem, 'city' | 'status'>): string[] {
  return [
    ALL_SCOPE,
    baseScope({ city: property.city }),
    baseScope({ status: property.status }),
    baseScope({ city: property.city, status: property.status }),
  ];
}

/** USD values sort as whole cents, 15 digits (prices are capped at 1e12 in any currency: < 1e13 USD). */
export const priceKey = (price: number) => String(Math.round(price * 100)).padStart(15, '0');

export const dateOrderKey = (createdAt: string, id: string) => `D#${createdAt}#${id}`;
export const priceOrderKey = (price: number, createdAt: string, id: string) =>
  `P#${priceKey(price)}#${createdAt}#${id}`;

/** Every index entry of a property. */
export function entriesOf(property: PropertyItem): PropertyEntryItem[] {
  const entry = (scope: string, order_key: string): PropertyEntryItem => ({
    scope,
    order_key,
    price: indexedPrice(property),
    created_at: property.created_at,
  });
  const byDate = dateOrderKey(property.created_at, property.property_id);
  const byPrice = priceOrderKey(indexedPrice(property), property.created_at, property.property_id);
  const scopes = baseScopesOf(property).flatMap((base) =>
    property.bedrooms_count === undefined ? [base] : [base, bedroomScope(base, property.bedrooms_count)],
  );
  const currency = property.currency ?? 'USD';
  return [
    ...scopes.flatMap((scope) => [entry(scope, byDate), entry(scope, byPrice)]),
    entry(agentScope(property.agent_id), byDate),
    // the listings priced in a currency, for moving their entries when the rates change
    ...(currency === 'USD' ? [] : [entry(currencyScope(currency), byDate)]),
  ];
}

/** The counter changes a property makes in each counted scope (its base scopes and its agent's). */
function countsOf(property: PropertyItem): Map<string, Record<string, number>> {
  const counts = new Map<string, Record<string, number>>();
  for (const scope of [...baseScopesOf(property), agentScope(property.agent_id)]) {
    counts.set(scope, {
      total: 1,
      ...(property.bedrooms_count === undefined ? {} : { [bedroomCounter(property.bedrooms_count)]: 1 }),
    });
  }
  return counts;
}

const entryId = (entry: Pick<PropertyEntryItem, 'scope' | 'order_key'>) =>
  `${entry.scope}\u0000${entry.order_key}`;

/**
 * The actions that take a property from `previous` (absent: a new one) to `next`: the item itself
 * (conditional on the version read), the index entries that changed, and one counter update per scope
 * whose numbers changed.
 */
export function propertyWriteActions(
  previous: PropertyItem | undefined,
  next: PropertyItem,
): TransactAction[] {
  const actions: TransactAction[] = [
    Property.transact.put(next, {
      if: previous ? eq('version', previous.version) : notExists('pk'),
    }),
  ];
  const before = new Map((previous ? entriesOf(previous) : []).map((entry) => [entryId(entry), entry]));
  const after = new Map(entriesOf(next).map((entry) => [entryId(entry), entry]));
  for (const [id, entry] of before) {
    if (!after.has(id)) actions.push(PropertyEntry.transact.delete(entry));
  }
  for (const [id, entry] of after) {
    const old = before.get(id);
    if (!old || old.price !== entry.price) actions.push(PropertyEntry.transact.put(entry));
  }
  const changes = new Map<string, Record<string, number>>();
  const apply = (counts: Map<string, Record<string, number>>, sign: 1 | -1) => {
    for (const [scope, counters] of counts) {
      const change = changes.get(scope) ?? {};
      for (const [name, amount] of Object.entries(counters))
        change[name] = (change[name] ?? 0) + sign * amount;
      changes.set(scope, change);
    }
  };
  if (previous) apply(countsOf(previous), -1);
  apply(countsOf(next), 1);
  for (const [scope, change] of changes) {
    const add = Object.fromEntries(Object.entries(change).filter(([, amount]) => amount !== 0));
    if (Object.keys(add).length === 0) continue;
    actions.push(PropertyCount.transact.update({ scope }, { add }, { mustExist: false }));
  }
  return actions;
}

/** Thrown when a property changed since it was read (its version moved on). */
export class PropertyChangedError extends Error {
  override name = 'PropertyChangedError';
  constructor() {
    super('the property changed since it was read');
  }
}

/**
 * Writes a property with its entries and counters as one transaction. Every listing of a city shares the
 * city's counters, so transactions on them conflict in DynamoDB (`TransactionConflict`); `transactWrite`
 * sends those again with backoff. A failed version or existence check is a `PropertyChangedError`.
 */
export async function writeProperty(previous: PropertyItem | undefined, next: PropertyItem): Promise<void> {
  try {
    await transactWrite(propertyWriteActions(previous, next));
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') throw new PropertyChangedError();
    throw error;
  }
}

// ── saved properties ─────────────────────────────────────────────────────────────────────────────────

export interface SavedPropertyItem {
  agent_id: string;
  property_id: string;
  saved_at: string;
}

/** One saved property of an agent, keyed by the property: saving twice is one item. */
export const SavedProperty = defineEntity<SavedPropertyItem, 'agent_id' | 'property_id'>()({
  type: 'savedProperty',
  key: {
    pk: { prefix: 'AGENT', attributes: ['agent_id'] },
    sk: { prefix: 'SAVED_PROPERTY', attributes: ['property_id'] },
  },
});

/** How many properties an agent has saved: the cap is checked on it in the same transaction as the save. */
export interface SavedCountItem {
  agent_id: string;
  saved: number;
}

export const SavedCount = defineEntity<SavedCountItem, 'agent_id'>()({
  type: 'savedCount',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'SAVED_COUNT' } },
});

/** An agent's saved property ids, newest saved first (at most MAX_SAVED_PROPERTIES: one small query). */
export async function savedPropertyIds(agentId: string): Promise<string[]> {
  const saved = await SavedProperty.queryAll('primary', { agent_id: agentId }, { consistent: true });
  return saved
    .sort((a, b) => (a.saved_at === b.saved_at ? 0 : a.saved_at > b.saved_at ? -1 : 1))
    .map((item) => item.property_id);
}
