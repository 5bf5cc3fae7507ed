import { describe, expect, it } from 'vitest';
import { type RouteId, routes } from '#contracts/manifest';
import type { RouteDefinition } from '#contracts/route';
import { CLIENTS_LIMIT_ERROR } from '#platform/accounts/limits';
import { callApi } from '../support/agents.ts';
import {
  consumesCountedLimit,
  type LimitedRouteFixture,
  limitedRouteFixtures,
  limitedRoutes,
} from './limited-routes.ts';

/**
 * The route-driven races: every route that consumes a counted plan limit gets twice as many
 * create requests at once as its owner's plan allows, through the local API Gateway. Exactly the limit
 * succeed, every other answer is the plan's limit answer (a request answered 503 for contention is sent
 * again after its Retry-After, as a client does), and the usage counter (`GET
 * /api/feature-limits/{feature}`) equals what really exists (the fixture counts it through the API).
 * A route without a fixture fails the coverage test.
 */

/** How often a client sends a request the API answered 503 with Retry-After (busy, nothing written). */
const MAX_ATTEMPTS_AFTER_BUSY = 4;

async function expectLimitHolds(route: RouteDefinition, fixture: LimitedRouteFixture) {
  const feature = route.limit!;
  const run = await fixture.arrange();
  const units = run.unitsPerRequest ?? 1;

  const responses = await Promise.all(
    Array.from({ length: 2 * run.slots }, async (_, index) => {
      const { path, init } = run.request(index);
      // a 503 (contention outlasted the server's retries, nothing written) says when to try again
      for (let attempt = 1; ; attempt += 1) {
        const response = await callApi(path, { ...init, token: run.owner.token });
        const retryAfter = Number(response.headers.get('retry-after'));
        if (response.status !== 503 || !retryAfter || attempt === MAX_ATTEMPTS_AFTER_BUSY) {
          return { status: response.status, body: (await response.json()) as Record<string, unknown> };
        }
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      }
    }),
  );

  const succeeded = responses.filter(({ status }) => status >= 200 && status < 300);
  const refused = responses.filter(({ status }) => status < 200 || status >= 300);
  expect(succeeded, JSON.stringify(refused.slice(0, 3))).toHaveLength(run.slots);
  for (const answer of refused) {
    expect(answer).toMatchObject(
      feature === 'clients'
        ? { status: 403, body: { error: CLIENTS_LIMIT_ERROR, feature } }
        : { status: 402, body: { paywall: true, reason: 'usage_limit_reached', feature } },
    );
  }
  const real = await run.realUsage();
  const counter = (await (
    await callApi(`/api/feature-limits/${feature}`, { token: run.owner.token })
  ).json()) as { current: number; maximum: number | null };
  expect(real).toBe(run.slots * units);
  expect(counter.current).toBe(real);
  expect(counter.maximum === null || counter.current <= counter.maximum).toBe(true);
}

describe('limited routes', () => {
  const raced = limitedRoutes.flatMap((route) => {
    const fixture = limitedRouteFixtures[route.id as RouteId];
    return fixture ? [[`${route.method} ${route.path}`, route, fixture] as const] : [];
  });

  for (const [name, route, fixture] of raced) {
    it(`${name}: twice the limit at once, exactly the limit created`, () => expectLimitHolds(route, fixture));
  }

  it('has fixtures only for routes that consume a counted limit', () => {
    const misplaced = Object.keys(limitedRouteFixtures).filter((id) => {
      const route = routes[id as RouteId] as RouteDefinition | undefined;
      return !route || !consumesCountedLimit(route);
    });
    expect(misplaced).toEqual([]);
  });
});
