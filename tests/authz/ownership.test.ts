import { describe, expect, it } from 'vitest';
import { manifest, type RouteId } from '#contracts/manifest';
import { missingCoverage, pathParams } from './coverage.ts';
import { fixtures, type OwnershipCase, send } from './fixtures.ts';

/**
 * Objects of another agent or agency: every route whose path takes an id (and every route
 * with a fixture) answers 404 — or the 403 its contract names — and its answer carries nothing of the
 * object. A route with a path id and no fixture fails here, so coverage cannot silently drop.
 */
const routes = manifest.filter(
  (route) => pathParams(route).length > 0 || fixtures[route.id as RouteId] !== undefined,
);

async function expectRefused(ownership: OwnershipCase) {
  const probe = await ownership.arrange();

  const response = await send(probe, probe.caller.token);

  const text = await response.text();
  expect(response.status, text).toBe(probe.status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  if (probe.status === 200) {
    expect(probe.publicByDesign, 'a 200 on a foreign object needs publicByDesign').toMatch(/\S/);
  } else {
    expect(probe.status === 403 || probe.status === 404, `status ${probe.status}`).toBe(true);
    expect(body.error).toEqual(expect.stringMatching(/\S/));
  }
  for (const secret of probe.secrets) expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
  for (const key of probe.hiddenKeys ?? []) expect(body).not.toHaveProperty(key);
  await probe.unchanged?.();
}

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_, route) => {
  const fixture = fixtures[route.id as RouteId];
  if (!fixture || 'notAnObject' in fixture) {
    it(`has an ownership fixture (${fixture ? 'notAnObject' : 'none'})`, () => {
      expect(missingCoverage(route), `${route.id}: ${missingCoverage(route)}`).toBeUndefined();
    });
    return;
  }
  it.each(fixture.ownership.map((ownership) => [ownership.name, ownership] as const))(
    'refuses %s',
    (_, ownership) => expectRefused(ownership),
  );
});
