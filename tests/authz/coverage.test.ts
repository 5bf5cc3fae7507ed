import { expect, it } from 'vitest';
import { manifest, routes } from '#contracts/manifest';
import { missingCoverage } from './coverage.ts';
import { roleFixtures } from './fixtures/roles.ts';
import { fixtures, publicRoutes } from './fixtures.ts';

/**
 * The coverage line of the matrix: every route of the manifest must be covered — the token matrix runs for
 * every token route by itself; a route whose path takes a parameter needs its fixture entry, a public
 * route its reason, a route whose access refuses some signed-in callers its role fixture. Anything less
 * fails the suite.
 */
it('covers every route of the manifest', () => {
  const uncovered = manifest
    .map((route) => ({ route, why: missingCoverage(route) }))
    .filter(({ why }) => why !== undefined)
    .map(({ route, why }) => `${route.id} (${route.method} ${route.path}): ${why}`);
  const total = manifest.length;
  const covered = total - uncovered.length;
  const percent = total === 0 ? 100 : Math.floor((covered * 100) / total);
  const counts = new Map<string, number>();
  for (const route of manifest) counts.set(route.access, (counts.get(route.access) ?? 0) + 1);
  const byAccess = [...counts].map(([access, count]) => `${access} ${count}`).join(', ');

  console.log(`authz: routes covered ${covered} / routes ${total} (${percent}%); by access: ${byAccess}`);

  expect(uncovered, uncovered.join('\n')).toEqual([]);
  expect(percent).toBe(100);
});

it('has fixtures, role fixtures and public-route reasons only for routes of the manifest', () => {
  const known = new Set(Object.keys(routes));
  const named = Object.keys({ ...fixtures, ...publicRoutes, ...roleFixtures });
  expect(named.filter((id) => !known.has(id))).toEqual([]);
});

it('has role fixtures only for routes that take a token', () => {
  const publicWithRoles = Object.keys(roleFixtures).filter(
    (id) => routes[id as keyof typeof routes].access === 'public',
  );
  expect(publicWithRoles).toEqual([]);
});
