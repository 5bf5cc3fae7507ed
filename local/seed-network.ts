import { ensureCognitoUser, type UserPoolAccess } from './accounts.ts';

/**
 * The demo network: a few accepted connections and pending requests among the demo agents, made through
 * the same code as the API (functions/connections/connections.ts), so usage counters and pair states are real.
 * Maya (demo@) has two requests waiting for her answer and one of her own pending. The awards of each
 * accepted connection (and so the agents' connection counts) are made by seed-reputation.ts, dated.
 * Idempotent: a pair that already has a request or a connection is left as it is.
 */
export const DEMO_CONNECTIONS: ReadonlyArray<{ requester: string; receiver: string; daysAgo: number }> = [
  { requester: 'sofia@estatenet.local', receiver: 'demo@estatenet.local', daysAgo: 17 },
  { requester: 'demo@estatenet.local', receiver: 'leo@estatenet.local', daysAgo: 6 },
  { requester: 'amir@estatenet.local', receiver: 'sofia@estatenet.local', daysAgo: 0.5 },
  { requester: 'ines@estatenet.local', receiver: 'sofia@estatenet.local', daysAgo: 9 },
];

const PENDING: ReadonlyArray<[requester: string, receiver: string]> = [
  ['amir@estatenet.local', 'demo@estatenet.local'],
  ['nora@estatenet.local', 'demo@estatenet.local'],
  ['demo@estatenet.local', 'ines@estatenet.local'],
  ['sofia@estatenet.local', 'leo@estatenet.local'],
];

export async function seedNetworkDemo(pool: UserPoolAccess, password: string): Promise<void> {
  const [{ Agent }, { answer, sendRequest }, { HttpError }] = await Promise.all([
    import('#platform/accounts/entities'),
    import('#functions/connections/connections'),
    import('#platform/errors'),
  ]);
  const subjectOf = async (email: string) => {
    // the demo users exist already (seed.ts): this only looks their ids up
    const agentId = await ensureCognitoUser(pool, { email, password, fullName: email });
    const agent = await Agent.get({ agent_id: agentId });
    if (!agent) throw new Error(`seed-network: no agent record for ${email}`);
    return { agentId, role: agent.role };
  };

  const send = async (from: string, to: string) => {
    const [requester, receiver] = await Promise.all([subjectOf(from), subjectOf(to)]);
    try {
      return { request: await sendRequest(requester, receiver.agentId), receiver };
    } catch (error) {
      // 409: this pair already has its request or connection from an earlier start
      if (error instanceof HttpError && error.statusCode === 409) return undefined;
      throw error;
    }
  };

  for (const { requester, receiver } of DEMO_CONNECTIONS) {
    const sent = await send(requester, receiver);
    if (sent) await answer(sent.receiver, sent.request.id, 'accepted');
  }
  for (const [from, to] of PENDING) await send(from, to);
}
