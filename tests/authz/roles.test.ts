import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifest, type RouteId } from '#contracts/manifest';
import type { RouteDefinition } from '#contracts/route';
import { roleFixtures } from './fixtures/roles.ts';
import { send } from './fixtures.ts';
import {
  CALLERS,
  createWorld,
  expectedStatus,
  type RoleCase,
  type RoleFixture,
  snapshotWorld,
  takesNoInput,
  type World,
} from './role-kit.ts';

/**
 * The role matrix, derived from the manifest: every route whose declared `access` refuses some signed-in
 * callers, every signed-in route with a role fixture and every signed-in GET that takes no input is asked
 * by each kind of caller (role-kit.ts CALLERS), and each answer must be the one its access implies. A
 * refusal is a JSON error that names nothing of the agency and changes nothing.
 */

interface Row {
  route: RouteDefinition;
  fixture: RoleFixture;
  /** fixtures get a world of their own (their requests may change it); input-less GETs share one */
  ownWorld: boolean;
}

const asIs = (route: RouteDefinition): RoleFixture => ({
  names: 'nothing',
  arrange: () => ({ request: () => ({ path: route.path }) }),
});

const rows: Row[] = manifest.flatMap((route): Row[] => {
  const fixture = (roleFixtures as Partial<Record<RouteId, RoleFixture | 'no input'>>)[route.id as RouteId];
  if (fixture && fixture !== 'no input') return [{ route, fixture, ownWorld: true }];
  if (fixture === 'no input' || (route.access === 'signed-in' && takesNoInput(route))) {
    return [{ route, fixture: asIs(route), ownWorld: false }];
  }
  return [];
});

let shared: Promise<World> | undefined;
const sharedWorld = () => {
  shared ??= createWorld(`Role Agency ${randomUUID().slice(0, 8)}`);
  return shared;
};

describe.each(
  rows.map((row) => [`${row.route.method} ${row.route.path} (${row.route.access})`, row] as const),
)('%s', (_, { route, fixture, ownWorld }) => {
  let world: World;
  let roleCase: RoleCase;
  beforeAll(async () => {
    world = ownWorld ? await createWorld(`Role Agency ${randomUUID().slice(0, 8)}`) : await sharedWorld();
    roleCase = await fixture.arrange(world);
  }, 60_000);

  it.each(CALLERS)('as %s', async (caller) => {
    const expected = expectedStatus(route.access, fixture, caller, route.successStatus ?? 200);
    const before = { world: await snapshotWorld(world), state: await roleCase.state?.() };

    const response = await send(roleCase.request(caller), world.callers[caller].token);

    const text = await response.text();
    const why = fixture.except?.statuses[caller] === undefined ? '' : ` (${fixture.except.why})`;
    expect(response.status, `${route.id} (${route.access}) as ${caller}${why}: ${text}`).toBe(expected);
    if (response.status >= 400) {
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body.error).toEqual(expect.stringMatching(/\S/));
      expect(text).not.toContain(world.agency.agencyId);
      expect({ world: await snapshotWorld(world), state: await roleCase.state?.() }).toEqual(before);
    }
  });
});

describe('GET /api/invites/{token}', () => {
  it('answers every caller, and no caller at all, with the same preview', async () => {
    const world = await sharedWorld();
    const answers = await Promise.all(
      [...CALLERS.map((caller) => world.callers[caller].token), undefined].map(async (token) => {
        const response = await send({ path: `/api/invites/${world.invite.token}` }, token);
        return { status: response.status, body: await response.json() };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
  });
});
