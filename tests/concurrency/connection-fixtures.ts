import { randomUUID } from 'node:crypto';
import { PLANS, ROLES } from '#contracts/plans';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import type { LimitedRouteFixture } from './limited-routes.ts';

/**
 * The connection routes' races against the plan's `connections` limit: a pending request holds one slot
 * of its requester, an acceptance one slot of its receiver (functions/connections/connections.ts).
 */

/** The first plan (the Free Plan first) with a finite connections limit. */
function finiteConnectionsPlan() {
  for (const role of ROLES) {
    const limit = PLANS[role].limits.connections;
    if (limit !== null && limit > 0) return { role, limit };
  }
  throw new Error('no plan limits connections: nothing to race');
}

/** An agent record without a Cognito account: the other side of a request, never signed in. */
async function agentRecord(): Promise<string> {
  const { Agent } = await import('#platform/accounts/entities');
  const agentId = `raced-${randomUUID()}`;
  await Agent.create({
    agent_id: agentId,
    email: `${agentId}@test.local`,
    full_name: 'Raced Agent',
    role: 'Agent',
  });
  return agentId;
}

async function json<T>(owner: TestAgent, path: string): Promise<T> {
  return (await (await callApi(path, { token: owner.token })).json()) as T;
}

/** The owner's pending requests in one direction, every page. */
async function pendingCount(owner: TestAgent, direction: 'incoming' | 'outgoing'): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await json<{ items: unknown[]; cursor?: string }>(
      owner,
      `/api/connections/requests/${owner.agentId}?direction=${direction}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    count += page.items.length;
    cursor = page.cursor;
  } while (cursor);
  return count;
}

/** How many of `others` the owner is connected with. */
async function connectedCount(owner: TestAgent, others: readonly string[]): Promise<number> {
  const { items } = await json<{ items: Array<{ state: string }> }>(
    owner,
    `/api/connections/status?agent_ids=${others.join(',')}`,
  );
  return items.filter((item) => item.state === 'connected').length;
}

export const connectionLimitFixtures: Record<
  'sendConnectionRequest' | 'respondToConnection',
  LimitedRouteFixture
> = {
  /** 2 × limit requests to as many agents at once: exactly `limit` become pending. */
  sendConnectionRequest: {
    arrange: async () => {
      const { role, limit } = finiteConnectionsPlan();
      const [owner, ...receivers] = await Promise.all([
        createTestAgent({ role }),
        ...Array.from({ length: 2 * limit }, agentRecord),
      ]);
      return {
        owner: owner as TestAgent,
        slots: limit,
        request: (index) => ({
          path: '/api/connections/requests',
          init: jsonBody('POST', { receiver_id: receivers[index] }),
        }),
        realUsage: () => pendingCount(owner as TestAgent, 'outgoing'),
      };
    },
  },
  /** 2 × limit incoming requests accepted at once: exactly `limit` connect, the rest stay pending. */
  respondToConnection: {
    arrange: async () => {
      const { role, limit } = finiteConnectionsPlan();
      const owner = await createTestAgent({ role });
      const requesters = await Promise.all(Array.from({ length: 2 * limit }, agentRecord));
      // the requests, sent through the same code as the API (the requesters never sign in)
      const { sendRequest } = await import('#functions/connections/connections');
      const requests = await Promise.all(
        requesters.map((requester) => sendRequest({ agentId: requester, role: 'Agent' }, owner.agentId)),
      );
      return {
        owner,
        slots: limit,
        request: (index) => ({
          path: '/api/connections/respond',
          init: jsonBody('PUT', { connection_id: requests[index]!.id, status: 'accepted' }),
        }),
        realUsage: async () =>
          (await connectedCount(owner, requesters)) + (await pendingCount(owner, 'outgoing')),
      };
    },
  },
};
