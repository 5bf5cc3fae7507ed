import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteId } from '#contracts/manifest';
import {
  callApi,
  createTestAgency,
  createTestAgent,
  formBody,
  jsonBody,
  type TestAgent,
} from '../support/agents.ts';

/**
 * The per-route fixture table of the authorization matrix. Every implemented route whose path takes a
 * parameter must have an entry here (the coverage test fails otherwise): either ownership cases — how to
 * make an object that belongs to someone else, and what the route must answer when the caller asks for
 * it — or, for a path parameter that is not an object id (an enum), the reason it has none.
 * Routes that carry an object id in the body (uploads) have entries too.
 */

/** A 1×1 PNG: the smallest image the media routes accept. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const image = (name = 'image.png') => [{ field: 'files', name, bytes: PNG, type: 'image/png' }];

export interface ApiRequest {
  path: string;
  init?: RequestInit;
}

/** One request against an object the caller does not own, and what must come back. */
export interface Probe extends ApiRequest {
  caller: TestAgent;
  /** 404 (another tenant's object looks missing) or 403 where the contract says so */
  status: number;
  /** values of the foreign object that must not appear anywhere in the answer (ids, names, emails…) */
  secrets: string[];
  /** a 200 is only allowed for an object that is public by design, with the reason */
  publicByDesign?: string;
  /** keys a public-by-design answer must still not carry */
  hiddenKeys?: string[];
  /** after the request: the foreign object is unchanged */
  unchanged?: () => Promise<void>;
}

export interface OwnershipCase {
  name: string;
  arrange: () => Promise<Probe>;
}

export type RouteFixture =
  | { ownership: OwnershipCase[] }
  /** the path parameters are enums, not object ids; the reason why no ownership case applies */
  | { notAnObject: string };

const accounts = () => import('#lib/data/accounts');
const preferences = () => import('#lib/data/preferences');
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function agencyNamed(options: { members?: number; logo?: string } = {}) {
  const name = unique('Authz Agency');
  const agency = await createTestAgency({ ...options, name });
  return { ...agency, name };
}

const agencySecrets = (agency: Awaited<ReturnType<typeof agencyNamed>>) => [
  agency.agencyId,
  agency.name,
  agency.admin.agentId,
  agency.admin.email,
  agency.admin.fullName,
];
const agentSecrets = (agent: TestAgent) => [agent.agentId, agent.email, agent.fullName];

async function expectAgencyUnchanged(agencyId: string, expected: Record<string, unknown>) {
  const { Agency } = await accounts();
  expect(await Agency.get({ id: agencyId })).toMatchObject(expected);
}

async function expectAgentUnchanged(agentId: string, expected: Record<string, unknown>) {
  const { Agent } = await accounts();
  const stored = await Agent.get({ agent_id: agentId });
  expect(stored).toMatchObject(expected);
  return stored;
}

export const fixtures: Partial<Record<RouteId, RouteFixture>> = {
  getAgent: {
    ownership: [
      {
        name: 'an agent of another agency',
        arrange: async () => {
          const target = await createTestAgent({
            agencyId: randomUUID(),
            subscriptionStatus: 'payment_failed',
          });
          return {
            caller: await createTestAgent(),
            path: `/api/agents/${target.agentId}`,
            status: 200,
            secrets: ['payment_failed'],
            publicByDesign:
              'the agents directory is visible to every signed-in agent (spec §7); billing is not',
            hiddenKeys: ['subscription_status'],
          };
        },
      },
      {
        name: 'another free agent',
        arrange: async () => {
          const target = await createTestAgent({ subscriptionStatus: 'expired' });
          return {
            caller: await createTestAgent(),
            path: `/api/agents/${target.agentId}`,
            status: 200,
            secrets: ['expired'],
            publicByDesign:
              'the agents directory is visible to every signed-in agent (spec §7); billing is not',
            hiddenKeys: ['subscription_status'],
          };
        },
      },
    ],
  },
  updateAgent: {
    ownership: [
      {
        name: 'another agent',
        arrange: async () => {
          const target = await createTestAgent({ fullName: unique('Authz Target') });
          return {
            caller: await createTestAgent(),
            path: `/api/agents/${target.agentId}`,
            init: jsonBody('PATCH', { bio: 'hijacked', full_name: 'Hijacked' }),
            // docs/decisions.md and the handler: changing someone else's profile is forbidden, not hidden
            status: 403,
            secrets: agentSecrets(target),
            unchanged: async () => {
              const stored = await expectAgentUnchanged(target.agentId, { full_name: target.fullName });
              expect(stored?.bio).toBeUndefined();
            },
          };
        },
      },
      {
        name: 'a member of another agency, as another agency’s admin',
        arrange: async () => {
          const theirs = await agencyNamed({ members: 1 });
          const mine = await agencyNamed();
          const target = theirs.members[0]!;
          return {
            caller: mine.admin,
            path: `/api/agents/${target.agentId}`,
            init: jsonBody('PATCH', { bio: 'hijacked' }),
            status: 403,
            secrets: [...agentSecrets(target), theirs.agencyId, theirs.name],
            unchanged: async () => {
              const stored = await expectAgentUnchanged(target.agentId, { full_name: target.fullName });
              expect(stored?.bio).toBeUndefined();
            },
          };
        },
      },
      {
        name: 'a member of the caller’s own agency, as its admin',
        arrange: async () => {
          const agency = await agencyNamed({ members: 1 });
          const target = agency.members[0]!;
          return {
            caller: agency.admin,
            path: `/api/agents/${target.agentId}`,
            init: jsonBody('PATCH', { bio: 'hijacked' }),
            status: 403,
            secrets: agentSecrets(target),
            unchanged: async () => {
              const stored = await expectAgentUnchanged(target.agentId, { full_name: target.fullName });
              expect(stored?.bio).toBeUndefined();
            },
          };
        },
      },
    ],
  },
  getAgency: {
    ownership: [
      {
        name: 'another agency, as an agency admin',
        arrange: async () => {
          const theirs = await agencyNamed({ members: 1 });
          return {
            caller: (await agencyNamed()).admin,
            path: `/api/agencies/${theirs.agencyId}`,
            status: 404,
            secrets: agencySecrets(theirs),
          };
        },
      },
      {
        name: 'another agency, as a free agent',
        arrange: async () => {
          const theirs = await agencyNamed();
          return {
            caller: await createTestAgent(),
            path: `/api/agencies/${theirs.agencyId}`,
            status: 404,
            secrets: agencySecrets(theirs),
          };
        },
      },
    ],
  },
  updateAgency: {
    ownership: [
      {
        name: 'another agency, as an agency admin',
        arrange: async () => {
          const theirs = await agencyNamed();
          return {
            caller: (await agencyNamed()).admin,
            path: `/api/agencies/${theirs.agencyId}`,
            init: jsonBody('PATCH', { name: 'Taken Over', city: 'Nowhere' }),
            status: 404,
            secrets: agencySecrets(theirs),
            unchanged: () => expectAgencyUnchanged(theirs.agencyId, { name: theirs.name }),
          };
        },
      },
      {
        name: 'another agency, as a free agent',
        arrange: async () => {
          const theirs = await agencyNamed();
          return {
            caller: await createTestAgent(),
            path: `/api/agencies/${theirs.agencyId}`,
            init: jsonBody('PATCH', { name: 'Taken Over' }),
            status: 404,
            secrets: agencySecrets(theirs),
            unchanged: () => expectAgencyUnchanged(theirs.agencyId, { name: theirs.name }),
          };
        },
      },
    ],
  },
  getBrandColors: {
    ownership: [
      {
        name: 'another agency’s colours, as an agency admin',
        arrange: async () => {
          const theirs = await agencyNamed();
          const { BrandColors } = await preferences();
          await BrandColors.create({ owner_id: theirs.agencyId, color1: '#a1b2c3', color2: '#c3b2a1' });
          return {
            caller: (await agencyNamed()).admin,
            path: `/api/brand-colors/${theirs.agencyId}`,
            status: 404,
            secrets: [...agencySecrets(theirs), '#a1b2c3', '#c3b2a1'],
          };
        },
      },
      {
        name: 'another free agent’s colours (its own agent id)',
        arrange: async () => {
          const target = await createTestAgent();
          const { BrandColors } = await preferences();
          await BrandColors.create({ owner_id: target.agentId, color1: '#d4e5f6', color2: '#f6e5d4' });
          return {
            caller: await createTestAgent(),
            path: `/api/brand-colors/${target.agentId}`,
            status: 404,
            secrets: [...agentSecrets(target), '#d4e5f6', '#f6e5d4'],
          };
        },
      },
    ],
  },
  getFeatureLimit: {
    notAnObject: '{feature} is a plan feature name (an enum); the answer is always the caller’s own usage',
  },
  uploadLogo: {
    ownership: [
      {
        name: 'another agency’s id in the form, as an agency admin',
        arrange: async () => {
          const logo = `/media/agencies/authz/logo-${randomUUID()}.png`;
          const theirs = await agencyNamed({ logo });
          return {
            caller: (await agencyNamed()).admin,
            path: '/api/upload-logo',
            init: formBody({ agencyId: theirs.agencyId, type: 'logo' }, image('logo.png')),
            status: 404,
            secrets: [...agencySecrets(theirs), logo],
            unchanged: () => expectAgencyUnchanged(theirs.agencyId, { logo }),
          };
        },
      },
    ],
  },
  uploadProfilePicture: {
    ownership: [
      {
        name: 'another agent’s id in the form',
        arrange: async () => {
          const picture = `/media/agents/authz/profile-${randomUUID()}.jpg`;
          const target = await createTestAgent({ profilePicture: picture });
          return {
            caller: await createTestAgent(),
            path: '/api/upload-profile-picture',
            init: formBody({ agentId: target.agentId, type: 'profile-picture' }, image('profile.png')),
            status: 403,
            secrets: [...agentSecrets(target), picture],
            unchanged: async () => {
              await expectAgentUnchanged(target.agentId, { profile_picture: picture });
            },
          };
        },
      },
    ],
  },
};

/**
 * Implemented routes that need no token, each with the reason it is public. A public route missing here
 * counts as not covered.
 */
export const publicRoutes: Partial<Record<RouteId, string>> = {};

/** Sends a probe or request as `token` (or anonymously). */
export const send = (request: ApiRequest, token?: string) =>
  callApi(request.path, { ...request.init, ...(token ? { token } : {}) });
