import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteId, routes } from '#contracts/manifest';
import {
  createTestAgency,
  createTestAgent,
  jsonBody,
  type TestAgency,
  type TestAgent,
} from '../support/agents.ts';
import { sendInvite } from './fixtures/team.ts';
import { type ApiRequest, send } from './fixtures.ts';

/**
 * Role rules of the team routes, asked by each kind of caller about one agency: one of its members, an
 * admin and an agent of another agency, a free agent, and last its admin (whose answer may change the
 * agency). Each rule gets its own agency, with one member and one pending invitation to someone else.
 */
const CALLERS = ['member', 'outsider admin', 'outsider agent', 'free agent', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

interface World {
  agency: TestAgency;
  invite: { id: string; token: string };
  callers: Record<Caller, TestAgent>;
}

interface RoleRule {
  route: RouteId;
  request: (world: World) => ApiRequest;
  expected: Record<Caller, number>;
}

const ADMIN_ONLY = {
  member: 403,
  'outsider admin': 404,
  'outsider agent': 403,
  'free agent': 403,
  admin: 200,
} as const;

const roleRules: RoleRule[] = [
  {
    route: 'createInvite',
    // no id: an admin of another agency invites into its own agency
    request: () => ({
      path: '/api/team/invites',
      init: jsonBody('POST', { email: `role-${randomUUID()}@authz.test` }),
    }),
    // a free agent's plan has no team at all: the paywall's premium_feature, not a role refusal
    expected: { ...ADMIN_ONLY, 'free agent': 402, 'outsider admin': 201, admin: 201 },
  },
  {
    route: 'listInvites',
    request: () => ({ path: '/api/team/invites' }),
    expected: { ...ADMIN_ONLY, 'outsider admin': 200 },
  },
  {
    route: 'revokeInvite',
    request: ({ invite }) => ({ path: `/api/team/invites/${invite.id}`, init: { method: 'DELETE' } }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'removeMember',
    request: ({ agency }) => ({
      path: `/api/team/members/${agency.members[0]!.agentId}`,
      init: { method: 'DELETE' },
    }),
    expected: ADMIN_ONLY,
  },
  {
    route: 'listTeam',
    // no id: every agency member sees its own team
    request: () => ({ path: '/api/team' }),
    expected: { member: 200, 'outsider admin': 200, 'outsider agent': 200, 'free agent': 403, admin: 200 },
  },
  {
    route: 'acceptInvite',
    // the invitation was sent to someone else: only its invitee may accept it
    request: ({ invite }) => ({ path: `/api/invites/${invite.token}/accept`, init: { method: 'POST' } }),
    expected: { member: 403, 'outsider admin': 403, 'outsider agent': 403, 'free agent': 403, admin: 403 },
  },
];

async function createWorld(): Promise<World> {
  const [agency, outsiders, free] = await Promise.all([
    createTestAgency({ members: 1, name: `Team Role Agency ${randomUUID().slice(0, 8)}` }),
    createTestAgency({ members: 1 }),
    createTestAgent(),
  ]);
  const invite = await sendInvite(agency.admin);
  return {
    agency,
    invite,
    callers: {
      admin: agency.admin,
      member: agency.members[0]!,
      'outsider admin': outsiders.admin,
      'outsider agent': outsiders.members[0]!,
      'free agent': free,
    },
  };
}

/** What a refused request must not have changed: the agency, its members and its invitations. */
async function snapshot(world: World) {
  const [{ Agency, Agent }, { Invite }] = await Promise.all([
    import('#lib/data/accounts'),
    import('#lib/data/team'),
  ]);
  const agencyId = world.agency.agencyId;
  return {
    agency: await Agency.get({ id: agencyId }, { consistent: true }),
    members: await Agent.queryAll('byAgency', { agency_id: agencyId }),
    invites: await Invite.queryAll('primary', { agency_id: agencyId }, { consistent: true }),
  };
}

describe.each(
  roleRules.map((rule) => [`${routes[rule.route].method} ${routes[rule.route].path}`, rule] as const),
)('%s', (_, rule) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld();
  });

  it.each(CALLERS)('as %s', async (caller) => {
    const before = await snapshot(world);

    const response = await send(rule.request(world), world.callers[caller].token);

    const text = await response.text();
    expect(response.status, `${rule.route} as ${caller}: ${text}`).toBe(rule.expected[caller]);
    if (response.status >= 400) {
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(body.error).toEqual(expect.stringMatching(/\S/));
      expect(text).not.toContain(world.agency.agencyId);
      expect(await snapshot(world)).toEqual(before);
    }
  });
});

describe('GET /api/invites/{token}', () => {
  it('answers every caller, and no caller at all, with the same preview', async () => {
    const world = await createWorld();
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
