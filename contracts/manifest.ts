import type { RouteDefinition } from './route.ts';
import { networkRoutes } from './routes/network.ts';

/**
 * The route manifest: every endpoint of product-spec §7 plus the ones our issues add. The CDK stack, the
 * local API Gateway, the OpenAPI document and the cross-cutting tests are all built from this list.
 */
export const routes = {
  ...networkRoutes,
} satisfies Record<string, RouteDefinition>;

export const manifest: readonly RouteDefinition[] = Object.values(routes);

export type RouteId = keyof typeof routes;
