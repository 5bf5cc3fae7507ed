import type { RouteId, routes } from '#contracts/manifest';
import type { RouteAccess, RouteDefinition } from '#contracts/route';
import { createTestAgency, createTestAgent, type TestAgency, type TestAgent } from '../support/agents.ts';
import { createSupportStaff } from '../support/verifications.ts';
import type { ApiRequest } from './fixture-kit.ts';
import { sendInvite } from './fixtures/team.ts';

/**
 * The building blocks of the role matrix (roles.test.ts). Every route declares who may call it (`access`
 * in contracts/routes, contracts/route.ts ROUTE_ACCESS); the matrix asks each kind of caller and expects
 * what that declaration implies, so the declaration and the handlers cannot drift apart. A route whose
 * access refuses some signed-in callers must have a role fixture (a type error otherwise).
 */

/**
 * The kinds of caller, asked about one agency: its member and its admin, an admin and an agent of another
 * agency, an agent without an agency (Free Plan) and support staff (also without an agency). The admin
 * asks last, since its answer may change the agency.
 */
export const CALLERS = [
  'member',
  'outsider admin',
  'outsider agent',
  'free agent',
  'staff',
  'admin',
] as const;
export type CallerName = (typeof CALLERS)[number];

export interface World {
  agency: TestAgency;
  /** a pending invitation of the agency, sent to someone who is none of the callers */
  invite: { id: string; token: string; email: string };
  callers: Record<CallerName, TestAgent>;
}

type AccessOf<K extends RouteId> = (typeof routes)[K]['access'];
type RoutesWith<A extends RouteAccess> = { [K in RouteId]: AccessOf<K> extends A ? K : never }[RouteId];
/** Routes that refuse some signed-in callers because of who they are: each one is in the role matrix. */
export type RoleRestrictedRouteId = RoutesWith<Exclude<RouteAccess, 'public' | 'signed-in'>>;
export type SignedInRouteId = RoutesWith<'signed-in'>;
export type PublicRouteId = RoutesWith<'public'>;

/** One role fixture, arranged once in its own world. */
export interface RoleCase {
  /** the request each caller makes */
  request: (caller: CallerName) => ApiRequest;
  /** more state a refused request must leave as it was (the agency, its members, invitations and admin always are) */
  state?: () => Promise<unknown>;
}

export interface RoleFixture {
  /**
   * what the request names: `nothing` (each caller acts on its own account), `agency` (a thing of the world's
   * agency), `admin` or `member` (a thing of that caller's own)
   */
  names: 'nothing' | 'agency' | 'admin' | 'member';
  /**
   * the handler checks the caller's role before it looks the named thing up: whoever is not an admin is
   * refused with 403 wherever the thing is (and learns nothing about it either way)
   */
  roleFirst?: true;
  arrange: (world: World) => RoleCase | Promise<RoleCase>;
  /** answers that differ from what the access implies, with the reason */
  except?: { statuses: Partial<Record<CallerName, number>>; why: string };
}

/**
 * The role fixtures: one per role-restricted route, or `no input` for a GET that takes none (the matrix
 * sends it as it is); signed-in routes may have one too. Input-less signed-in GETs are asked without one.
 */
export type RoleFixtures = { [K in RoleRestrictedRouteId]: RoleFixture | 'no input' } & {
  [K in SignedInRouteId]?: RoleFixture;
};

const isAgencyCaller = (caller: CallerName) => caller === 'admin' || caller === 'member';
const hasAgency = (caller: CallerName) => caller !== 'free agent' && caller !== 'staff';
const isAdmin = (caller: CallerName) => caller === 'admin' || caller === 'outsider admin';

/** What `caller` gets, by the route's declared access, for a request that names `names`. */
export function expectedStatus(
  access: RouteAccess,
  fixture: Pick<RoleFixture, 'names' | 'roleFirst' | 'except'>,
  caller: CallerName,
  success: number,
): number {
  const excepted = fixture.except?.statuses[caller];
  if (excepted !== undefined) return excepted;
  const { names } = fixture;
  // a thing of the world's agency is its members' (a caller's own, that caller's): anyone else is told 404
  const ownsNamed = names === 'agency' ? isAgencyCaller(caller) : caller === names;
  switch (access) {
    case 'public':
    case 'signed-in':
      return names === 'nothing' || ownsNamed ? success : 404;
    case 'staff':
      return caller === 'staff' ? success : 404;
    case 'agency-member':
      if (names === 'nothing') return hasAgency(caller) ? success : 403;
      return ownsNamed ? success : 404;
    case 'agency-admin':
      if (names === 'nothing') return isAdmin(caller) ? success : 403;
      if (caller === 'admin') return success;
      if (caller === 'member') return 403;
      return fixture.roleFirst && caller !== 'outsider admin' ? 403 : 404;
    case 'account-admin':
      if (names === 'nothing') return caller === 'member' || caller === 'outsider agent' ? 403 : success;
      if (caller === 'admin') return success;
      return caller === 'member' ? 403 : 404;
  }
}

/** A route the matrix can send as it is: a GET with no path parameters, no body and no required query. */
export function takesNoInput(route: RouteDefinition): boolean {
  return (
    route.method === 'GET' &&
    !route.request.path &&
    !route.request.body &&
    (!route.request.query || route.request.query.safeParse({}).success)
  );
}

/** A world: the agency (one member), another agency (one member), a free agent and support staff. */
export async function createWorld(name: string): Promise<World> {
  const [agency, outsiders, free, staff] = await Promise.all([
    createTestAgency({ members: 1, name }),
    createTestAgency({ members: 1 }),
    createTestAgent(),
    createSupportStaff(),
  ]);
  // members as accepting an invitation makes them (the billing and branding checks read user_type)
  const { Agent } = await import('#platform/accounts/entities');
  for (const member of [agency.members[0]!, outsiders.members[0]!]) {
    await Agent.update({ agent_id: member.agentId }, { set: { user_type: 'agent' } });
  }
  return {
    agency,
    invite: await sendInvite(agency.admin),
    callers: {
      admin: agency.admin,
      member: agency.members[0]!,
      'outsider admin': outsiders.admin,
      'outsider agent': outsiders.members[0]!,
      'free agent': free,
      staff,
    },
  };
}

/** What a refused request must not have changed: the agency, its members, its invitations, its admin. */
export async function snapshotWorld(world: World) {
  const [{ Agency, Agent }, { Invite }] = await Promise.all([
    import('#platform/accounts/entities'),
    import('#functions/team/entities'),
  ]);
  const agencyId = world.agency.agencyId;
  return {
    agency: await Agency.get({ id: agencyId }, { consistent: true }),
    members: await Agent.queryAll('byAgency', { agency_id: agencyId }),
    invites: await Invite.queryAll('primary', { agency_id: agencyId }, { consistent: true }),
    admin: await Agent.get({ agent_id: world.agency.admin.agentId }),
  };
}
