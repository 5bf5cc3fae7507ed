import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteId, routes } from '#contracts/manifest';
import {
  createTestAgency,
  createTestAgent,
  formBody,
  jsonBody,
  type TestAgency,
  type TestAgent,
} from '../support/agents.ts';
import { type ApiRequest, image, send } from './fixtures.ts';

/**
 * Role rules: the agency-scoped and admin-only routes, asked by each kind of caller about one agency —
 * its admin, one of its members, an admin and an agent of another agency, and a free agent (no agency).
 */
const ROLES = ['admin', 'member', 'outsider admin', 'outsider agent', 'free agent'] as const;
type RoleName = (typeof ROLES)[number];

interface World {
  agency: TestAgency;
  callers: Record<RoleName, TestAgent>;
}

interface RoleRule {
  route: RouteId;
  request: (world: World) => ApiRequest;
  expected: Record<RoleName, number>;
}

const AGENCY_MEMBERS_ONLY = {
  admin: 200,
  member: 200,
  'outsider admin': 404,
  'outsider agent': 404,
  'free agent': 404,
} as const;

const roleRules: RoleRule[] = [
  {
    route: 'getAgency',
    request: ({ agency }) => ({ path: `/api/agencies/${agency.agencyId}` }),
    expected: AGENCY_MEMBERS_ONLY,
  },
  {
    route: 'getBrandColors',
    request: ({ agency }) => ({ path: `/api/brand-colors/${agency.agencyId}` }),
    expected: AGENCY_MEMBERS_ONLY,
  },
  {
    route: 'updateAgency',
    request: ({ agency }) => ({
      path: `/api/agencies/${agency.agencyId}`,
      init: jsonBody('PATCH', { city: `City ${randomUUID().slice(0, 8)}` }),
    }),
    expected: { ...AGENCY_MEMBERS_ONLY, member: 403 },
  },
  {
    route: 'uploadLogo',
    request: ({ agency }) => ({
      path: '/api/upload-logo',
      init: formBody({ agencyId: agency.agencyId, type: 'logo' }, image('logo.png')),
    }),
    expected: { ...AGENCY_MEMBERS_ONLY, member: 403 },
  },
  {
    route: 'updateAgent',
    request: ({ agency }) => ({
      path: `/api/agents/${agency.admin.agentId}`,
      init: jsonBody('PATCH', { bio: `Bio ${randomUUID().slice(0, 8)}` }),
    }),
    expected: { admin: 200, member: 403, 'outsider admin': 403, 'outsider agent': 403, 'free agent': 403 },
  },
];

let world: World;

beforeAll(async () => {
  const [agency, outsiders, free] = await Promise.all([
    createTestAgency({ members: 1, name: `Role Agency ${randomUUID().slice(0, 8)}` }),
    createTestAgency({ members: 1 }),
    createTestAgent(),
  ]);
  world = {
    agency,
    callers: {
      admin: agency.admin,
      member: agency.members[0]!,
      'outsider admin': outsiders.admin,
      'outsider agent': outsiders.members[0]!,
      'free agent': free,
    },
  };
});

/** What a refused request must not have changed: the agency and its admin's record. */
async function snapshot() {
  const { Agency, Agent } = await import('#lib/data/accounts');
  return {
    agency: await Agency.get({ id: world.agency.agencyId }),
    admin: await Agent.get({ agent_id: world.agency.admin.agentId }),
  };
}

describe.each(
  roleRules.map((rule) => [`${routes[rule.route].method} ${routes[rule.route].path}`, rule] as const),
)('%s', (_, rule) => {
  const route = routes[rule.route];
  it.skipIf(route.status !== 'implemented').each(ROLES)('as %s', async (role) => {
    const before = await snapshot();

    const response = await send(rule.request(world), world.callers[role].token);

    const text = await response.text();
    expect(response.status, `${route.method} ${route.path} as ${role}: ${text}`).toBe(rule.expected[role]);
    if (response.status >= 400) {
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body.error).toEqual(expect.stringMatching(/\S/));
      expect(text).not.toContain(world.agency.agencyId);
      expect(await snapshot()).toEqual(before);
    }
  });
});
