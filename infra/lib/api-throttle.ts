import type { RouteDefinition, RouteThrottle } from '../../contracts/route.ts';
import type { StageName } from './stage-config.ts';

/**
 * The HTTP API's throttling, read by the CDK (the stage's DefaultRouteSettings and RouteSettings) and by
 * the local API Gateway (which runs with the dev stage's numbers). Free of CDK imports, so the local cloud
 * can read it without loading aws-cdk-lib.
 *
 * API Gateway applies the stage's default route throttle to each route separately (every route has its
 * own bucket), a route's own throttle replaces it, and all requests of the account and Region share one
 * more bucket: 10,000 requests a second, bursts of 5,000 (its default quota).
 */
export const DEFAULT_ROUTE_THROTTLE: Readonly<Record<StageName, RouteThrottle>> = {
  // dev: a developer and the suites run against it; 50-way races and 150 malformed requests per route
  // fit in the burst
  dev: { rate: 100, burst: 200 },
  staging: { rate: 200, burst: 400 },
  // a twentieth of the account's rate per route, so one hot or abused route cannot starve the others
  prod: { rate: 500, burst: 1000 },
};

/**
 * The most a public (`auth: none`) route may declare: anyone can call it, and HTTP API throttles per route,
 * not per caller, so its numbers are what a flood of it can cost. Each public route declares its own
 * throttle on its manifest entry (a RouteSettings entry of its own) within these; per-caller fairness is the
 * WAF's (infra/lib/web-acl.ts) and the handlers' (per-sender and per-website lead counters). The burst
 * still takes the bad-input suite's volume in waves: it waits out the 429s (tests/bad-input).
 */
export const PUBLIC_ROUTE_THROTTLE_MAX: Readonly<RouteThrottle> = { rate: 10, burst: 100 };

/** The account-level throttle per Region (API Gateway quotas); every request of every API takes a token. */
export const ACCOUNT_THROTTLE: Readonly<RouteThrottle> = { rate: 10_000, burst: 5_000 };

/** `METHOD /path`, the key of a route in API Gateway (and of its RouteSettings). */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/** The throttle a route runs under in a stage: its own, else the stage's default route throttle. */
export const routeThrottle = (route: RouteDefinition, stageDefault: RouteThrottle): RouteThrottle =>
  route.throttle ?? stageDefault;
