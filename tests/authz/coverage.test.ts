import { expect, it } from 'vitest';
import { routes } from '#contracts/manifest';
import { implementedRoutes, missingCoverage } from './coverage.ts';
import { fixtures, publicRoutes } from './fixtures.ts';

/**
 * The coverage line of the matrix: every implemented route must be covered — the token matrix runs for
 * every token route by itself; a route whose path takes a parameter needs its fixture entry, a public
 * route its reason. Anything less fails the suite.
 */
it('covers every implemented route of the manifest', () => {
  const uncovered = implementedRoutes
    .map((route) => ({ route, why: missingCoverage(route) }))
    .filter(({ why }) => why !== undefined)
    .map(({ route, why }) => `${route.id} (${route.method} ${route.path}): ${why}`);
  const total = implementedRoutes.length;
  const covered = total - uncovered.length;
  const percent = total === 0 ? 100 : Math.floor((covered * 100) / total);

  console.log(`authz: routes covered ${covered} / routes implemented ${total} (${percent}%)`);

  expect(uncovered, uncovered.join('\n')).toEqual([]);
  expect(percent).toBe(100);
});

it('has fixtures and public-route reasons only for routes of the manifest', () => {
  const known = new Set(Object.keys(routes));
  expect(Object.keys({ ...fixtures, ...publicRoutes }).filter((id) => !known.has(id))).toEqual([]);
});
