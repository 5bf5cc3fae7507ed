import type * as z from 'zod/mini';
import type { RouteId } from '#contracts/manifest';
import type { RouteDefinition } from '#contracts/route';
import { roleFixtures } from './fixtures/roles.ts';
import { fixtures, publicRoutes } from './fixtures.ts';
import { takesNoInput } from './role-kit.ts';

/** The `{name}` parameters of an API Gateway path. */
export const pathParams = (route: RouteDefinition) =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** A path parameter is an object id unless its schema is an enum (a fixed set of names, owned by no one). */
export function isEnumParam(route: RouteDefinition, name: string): boolean {
  const schema = route.request.path?.shape[name] as z.ZodMiniType | undefined;
  return schema?.def.type === 'enum' || schema?.def.type === 'literal';
}

/** Why a route is not covered by the matrix, or undefined when it is. */
export function missingCoverage(route: RouteDefinition): string | undefined {
  if (route.access === 'public' && !(publicRoutes as Partial<Record<string, string>>)[route.id]) {
    return 'a public route that is not listed in publicRoutes with its reason';
  }
  const role = (roleFixtures as Partial<Record<string, unknown>>)[route.id];
  if (route.access !== 'public' && route.access !== 'signed-in' && role === undefined) {
    return `its access is ${route.access} but tests/authz/fixtures/roles.ts has no role fixture`;
  }
  if (role === 'no input' && !takesNoInput(route)) {
    return 'its role fixture says `no input`, but it is not a GET without input: give it a request';
  }
  const params = pathParams(route);
  if (params.length === 0) return undefined;
  const fixture = fixtures[route.id as RouteId];
  if (!fixture) return `its path takes {${params.join('}, {')}} but tests/authz/fixtures.ts has no entry`;
  if ('notAnObject' in fixture) {
    const ids = params.filter((name) => !isEnumParam(route, name));
    return ids.length === 0
      ? undefined
      : `marked notAnObject, but {${ids.join('}, {')}} is an object id: add ownership cases`;
  }
  return fixture.ownership.length === 0 ? 'its fixture has no ownership cases' : undefined;
}
