import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Role, SubscriptionStatus } from '#contracts/plans';
import { ensureCognitoUser, signIn } from '#local/accounts';
import { expectDocumentedErrorBody, expectDocumentedStatus } from './documented-statuses.ts';

export interface TestAgent {
  agentId: string;
  email: string;
  token: string;
  fullName: string;
}

/**
 * A new agent with a real cognito-local account, its agent record (through the entity layer) and a real
 * access token. Every call makes a unique agent, so tests never depend on each other.
 */
export async function createTestAgent(
  overrides: {
    role?: Role;
    fullName?: string;
    city?: string;
    withRecord?: boolean;
    subscriptionStatus?: SubscriptionStatus;
    agencyId?: string;
    userType?: 'admin';
    profilePicture?: string;
  } = {},
): Promise<TestAgent> {
  const cloud = inject('cloud');
  const email = `agent-${randomUUID()}@test.local`;
  const fullName = overrides.fullName ?? `Test Agent ${email.slice(6, 14)}`;
  const password = 'Test-Password-1';
  const agentId = await ensureCognitoUser(cloud.userPool, { email, password, fullName });
  if (overrides.withRecord !== false) {
    const { Agent } = await import('#platform/accounts/entities');
    await Agent.create({
      agent_id: agentId,
      email,
      full_name: fullName,
      role: overrides.role ?? 'Superagent',
      ...(overrides.city ? { city: overrides.city } : {}),
      ...(overrides.subscriptionStatus ? { subscription_status: overrides.subscriptionStatus } : {}),
      ...(overrides.agencyId ? { agency_id: overrides.agencyId } : {}),
      ...(overrides.userType ? { user_type: overrides.userType } : {}),
      ...(overrides.profilePicture ? { profile_picture: overrides.profilePicture } : {}),
    });
  }
  const { accessToken } = await signIn(cloud.userPool, email, password);
  return { agentId, email, token: accessToken, fullName };
}

export interface TestAgency {
  agencyId: string;
  admin: TestAgent;
  members: TestAgent[];
}

/** A new agency (through the entity layer) with its admin and `members` further agents, all signed in. */
export async function createTestAgency(
  options: { members?: number; name?: string; role?: Role; logo?: string } = {},
): Promise<TestAgency> {
  const agencyId = randomUUID();
  const role = options.role ?? 'Agency';
  const admin = await createTestAgent({ role, agencyId, userType: 'admin' });
  const members = await Promise.all(
    Array.from({ length: options.members ?? 0 }, () => createTestAgent({ role, agencyId })),
  );
  const { Agency } = await import('#platform/accounts/entities');
  await Agency.create({
    id: agencyId,
    name: options.name ?? `Test Agency ${agencyId.slice(0, 8)}`,
    type: role === 'AgencyPlus' ? 'AgencyPlus' : 'Agency',
    // the members the admin brought in, not the admin (docs/decisions.md: seat caps)
    agentCount: members.length,
    admin_agent_id: admin.agentId,
    ...(options.logo ? { logo: options.logo } : {}),
  });
  return { agencyId, admin, members };
}

/** fetch against the local cloud's single origin (app + API). */
export async function callApi(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, headers, ...rest } = init;
  const response = await fetch(`${inject('cloud').appUrl}${path}`, {
    ...rest,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string>),
    },
  });
  // every answer the suites see is one openapi.json documents, an error with its documented code
  expectDocumentedStatus(rest.method ?? 'GET', path, response.status);
  if (response.status >= 400 && /^application\/json\b/.test(response.headers.get('content-type') ?? '')) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    expectDocumentedErrorBody(rest.method ?? 'GET', path, response.status, body);
  }
  return response;
}

/** An API answer read as JSON: its status and body. */
export interface JsonAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** callApi as `agent`, the answer read as JSON. */
export async function callAs<T = Record<string, unknown>>(
  agent: Pick<TestAgent, 'token'>,
  path: string,
  init: RequestInit = {},
): Promise<JsonAnswer<T>> {
  const response = await callApi(path, { ...init, token: agent.token });
  return { status: response.status, body: (await response.json()) as T };
}

/** What the API Gateway answers when a route's throttle is spent (local/api-gateway.ts, AWS's wording). */
export const GATEWAY_THROTTLED = '{"message":"Too Many Requests"}';

/**
 * Sends again, 250 ms apart and for up to 30 s, while the API Gateway throttles the route: a public route's
 * bucket is shared by every file of the suite posting to it at the same time. The product's own 429s (a
 * sender's rate limit) carry an `error` and are answered as they are.
 */
export async function waitingOutThrottle(send: () => Promise<Response>): Promise<Response> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await send();
    if (response.status !== 429 || Date.now() >= deadline) return response;
    if ((await response.clone().text()) !== GATEWAY_THROTTLED) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A JSON request body for callApi. */
export const jsonBody = (method: string, body: unknown) => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** A multipart/form-data body for callApi: text fields, and files as bytes. */
export function formBody(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; bytes: Uint8Array; type?: string }> = [],
): RequestInit {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  }
  return { method: 'POST', body: form };
}
