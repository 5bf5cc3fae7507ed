import { manifest, type RouteId } from '#contracts/manifest';
import { FEATURES, type FeatureName, PLANS, ROLES, type Role } from '#contracts/plans';
import type { RouteDefinition } from '#contracts/route';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';
import { cloudLimitFixtures } from './cloud-fixtures.ts';
import { connectionLimitFixtures } from './connection-fixtures.ts';
import { websiteLimitFixtures } from './website-fixtures.ts';

/**
 * The plan limits the concurrency suite races, and the per-route fixture table of its route-driven part.
 * Every route that declares a counted `limit` and writes must have an entry in
 * `limitedRouteFixtures` (the coverage test fails otherwise). An entry says how to make one valid
 * request and how to count what really exists through the API; the suite fires twice the limit at once.
 *
 * Adding one when its issue lands is a few lines, e.g. for `POST /api/clients` (counting by paging its
 * list endpoint):
 *
 *   createClient: {
 *     arrange: async () => {
 *       const { role, limit } = finiteLimitFor('clients');
 *       const owner = await createTestAgent({ role });
 *       return {
 *         owner,
 *         slots: limit,
 *         request: (index) => ({ path: '/api/clients', init: jsonBody('POST', { name: `Client ${index}` }) }),
 *         realUsage: async () => (await listAll(owner, '/api/clients')).length,
 *       };
 *     },
 *   },
 */

/** The features counted against a number (branding is availability, not a counter). */
export type CountedFeature = Exclude<FeatureName, 'branding'>;
export const COUNTED_FEATURES = FEATURES.filter(
  (feature): feature is CountedFeature => feature !== 'branding',
);

export interface FiniteLimit {
  role: Role;
  feature: CountedFeature;
  /** things, or bytes for storage */
  limit: number;
}

/** Every plan and counted feature whose limit is finite and above zero, straight from contracts/plans.ts. */
export const finiteLimits: readonly FiniteLimit[] = ROLES.flatMap((role) =>
  COUNTED_FEATURES.flatMap((feature) => {
    const limit = PLANS[role].limits[feature];
    return limit !== null && limit > 0 ? [{ role, feature, limit }] : [];
  }),
);

/** The plans with a team to fill: a seat cap above one (agency seats, raced through reserveSeat). */
export const teamPlans: readonly Role[] = ROLES.filter((role) => PLANS[role].seats > 1);

/** The first plan (in ROLES order, the Free Plan first) with a finite limit on `feature`. */
export function finiteLimitFor(feature: CountedFeature): FiniteLimit {
  const found = finiteLimits.find((limit) => limit.feature === feature);
  if (!found) throw new Error(`no plan limits ${feature}: nothing to race`);
  return found;
}

/** Storage is raced as 2 × STORAGE_SLOTS requests of quota / STORAGE_SLOTS bytes each. */
export const STORAGE_SLOTS = 8;

/** How one limit is raced: `slots` requests fit, each of `amount` units (1 thing, or n bytes). */
export function slotsOf({ feature, limit }: Pick<FiniteLimit, 'feature' | 'limit'>) {
  if (feature !== 'storage') return { slots: limit, amount: 1 };
  // floor: STORAGE_SLOTS requests fit, one more does not (the remainder is smaller than one request)
  return { slots: STORAGE_SLOTS, amount: Math.floor(limit / STORAGE_SLOTS) };
}

export interface ApiRequest {
  path: string;
  init?: RequestInit;
}

/** What one race against a limited route needs. */
export interface LimitedRouteRun {
  /** the caller, on a plan with a finite limit for the route's feature and no usage yet */
  owner: TestAgent;
  /** how many requests fit under the limit: the plan's limit, or for storage quota ÷ request size */
  slots: number;
  /** units one successful request consumes: 1 thing, or the bytes of one upload; default 1 */
  unitsPerRequest?: number;
  /** the index-th request (0 ≤ index < 2 × slots), each valid on its own */
  request: (index: number) => ApiRequest;
  /** what really exists, in the feature's unit, read through the API (the route's list endpoint) */
  realUsage: () => Promise<number>;
}

export interface LimitedRouteFixture {
  arrange: () => Promise<LimitedRouteRun>;
}

/** Every item of a cursor-paged list endpoint, read as `owner`. */
async function listAll(owner: TestAgent, path: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url = cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path;
    const page = (await (await callApi(url, { token: owner.token })).json()) as {
      items: unknown[];
      cursor?: string;
    };
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/**
 * One entry per limited route (properties, connections, websites and cloud uploads come with
 * their issues).
 */
export const limitedRouteFixtures: Partial<Record<RouteId, LimitedRouteFixture>> = {
  ...connectionLimitFixtures,
  ...cloudLimitFixtures,
  ...websiteLimitFixtures,
  addProperty: {
    arrange: async () => {
      const { role, limit } = finiteLimitFor('properties');
      const owner = await createTestAgent({ role });
      return {
        owner,
        slots: limit,
        request: (index) => ({
          path: '/api/addProperty',
          init: formBody({ title: `Raced Listing ${index}`, price: String(100_000 + index), city: 'Lisbon' }),
        }),
        realUsage: async () =>
          (await listAll(owner, `/api/properties?agent_id=${owner.agentId}&limit=100`)).length,
      };
    },
  },
  createClient: {
    arrange: async () => {
      const { role, limit } = finiteLimitFor('clients');
      const owner = await createTestAgent({ role });
      return {
        owner,
        slots: limit,
        request: (index) => ({
          path: '/api/clients',
          init: jsonBody('POST', { full_name: `Raced Client ${index}` }),
        }),
        realUsage: async () => (await listAll(owner, '/api/clients?limit=500')).length,
      };
    },
  },
  acceptPendingLead: {
    arrange: async () => {
      const { role, limit } = finiteLimitFor('clients');
      const owner = await createTestAgent({ role });
      // twice the limit of website leads waiting (they arrived past the limit of another time)
      const { PendingLead, pendingLeadId } = await import('#functions/clients/entities');
      const leads: Array<{ lead_id: string }> = [];
      for (let index = 0; index < 2 * limit; index += 1) {
        leads.push(
          await PendingLead.create({
            agent_id: owner.agentId,
            lead_id: pendingLeadId(),
            website_id: 'raced-website',
            website_name: 'Raced Website',
            full_name: `Raced Lead ${index}`,
            email: `raced-${index}@visitor.test`,
            reason: 'clients_limit',
            received_at: new Date().toISOString(),
            expires_at: Math.floor(Date.now() / 1000) + 86_400,
          }),
        );
      }
      return {
        owner,
        slots: limit,
        request: (index) => ({
          path: `/api/pending-leads/${leads[index]!.lead_id}/accept`,
          init: { method: 'POST' },
        }),
        realUsage: async () => (await listAll(owner, '/api/clients?limit=500')).length,
      };
    },
  },
};

const WRITING_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A route that consumes a counted plan limit: it declares one and writes. */
export const consumesCountedLimit = (route: RouteDefinition): boolean =>
  route.limit !== undefined && route.limit !== 'branding' && WRITING_METHODS.has(route.method);

export const limitedRoutes = manifest.filter(consumesCountedLimit);

/** Why a limited route is not raced, or undefined when it is. */
export function missingLimitFixture(route: RouteDefinition): string | undefined {
  if (!consumesCountedLimit(route)) return undefined;
  return limitedRouteFixtures[route.id as RouteId]
    ? undefined
    : `it consumes the ${route.limit} limit but tests/concurrency/limited-routes.ts has no fixture`;
}
