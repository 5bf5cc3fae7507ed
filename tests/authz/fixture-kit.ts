import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteId } from '#contracts/manifest';
import { callApi, createTestAgency, type TestAgent } from '../support/agents.ts';

/**
 * The building blocks of the authorization matrix's per-route fixtures (tests/authz/fixtures/<domain>.ts). Every route whose path takes a
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

export const accounts = () => import('#platform/accounts/entities');
export const preferences = () => import('#functions/preferences/entities');
export const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

export async function agencyNamed(options: { members?: number; logo?: string } = {}) {
  const name = unique('Authz Agency');
  const agency = await createTestAgency({ ...options, name });
  return { ...agency, name };
}

export const agencySecrets = (agency: Awaited<ReturnType<typeof agencyNamed>>) => [
  agency.agencyId,
  agency.name,
  agency.admin.agentId,
  agency.admin.email,
  agency.admin.fullName,
];
export const agentSecrets = (agent: TestAgent) => [agent.agentId, agent.email, agent.fullName];

export async function expectAgencyUnchanged(agencyId: string, expected: Record<string, unknown>) {
  const { Agency } = await accounts();
  expect(await Agency.get({ id: agencyId })).toMatchObject(expected);
}

export async function expectAgentUnchanged(agentId: string, expected: Record<string, unknown>) {
  const { Agent } = await accounts();
  const stored = await Agent.get({ agent_id: agentId });
  expect(stored).toMatchObject(expected);
  return stored;
}

/** Sends a probe or request as `token` (or anonymously). */
export const send = (request: ApiRequest, token?: string) =>
  callApi(request.path, { ...request.init, ...(token ? { token } : {}) });

export type DomainFixtures = Partial<Record<RouteId, RouteFixture>>;
