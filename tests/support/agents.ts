import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Role } from '#contracts/plans';
import { ensureCognitoUser, signIn } from '#local/accounts';

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
  overrides: { role?: Role; fullName?: string; city?: string; withRecord?: boolean } = {},
): Promise<TestAgent> {
  const cloud = inject('cloud');
  const email = `agent-${randomUUID()}@test.local`;
  const fullName = overrides.fullName ?? `Test Agent ${email.slice(6, 14)}`;
  const password = 'Test-Password-1';
  const agentId = await ensureCognitoUser(cloud.userPool, { email, password, fullName });
  if (overrides.withRecord !== false) {
    const { Agent } = await import('#lib/data/service');
    await Agent.create({
      agent_id: agentId,
      email,
      full_name: fullName,
      role: overrides.role ?? 'Superagent',
      ...(overrides.city ? { city: overrides.city } : {}),
    }).go();
  }
  const { accessToken } = await signIn(cloud.userPool, email, password);
  return { agentId, email, token: accessToken, fullName };
}

/** fetch against the local cloud's single origin (app + API). */
export function callApi(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, headers, ...rest } = init;
  return fetch(`${inject('cloud').appUrl}${path}`, {
    ...rest,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string>),
    },
  });
}
