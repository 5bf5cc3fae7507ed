import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { PLANS } from '#contracts/plans';
import { callAs, createTestAgency, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/**
 * Connections through the local API Gateway: sending, listing, answering and withdrawing requests, the
 * state of a pair, the plan's connection limit on both sides, and races between answers.
 */

const FREE_LIMIT = PLANS.Superagent.limits.connections!;

const send = (from: TestAgent, to: { agentId: string }) =>
  callAs(from, '/api/connections/requests', jsonBody('POST', { receiver_id: to.agentId }));

const respond = (as: TestAgent, connectionId: string, status: 'accepted' | 'declined') =>
  callAs(as, '/api/connections/respond', jsonBody('PUT', { connection_id: connectionId, status }));

const withdraw = (as: TestAgent, connectionId: string) =>
  callAs(as, '/api/connections/withdraw', jsonBody('PUT', { connection_id: connectionId }));

interface Listed {
  items: Array<{
    id: string;
    status: string;
    requester_id: string;
    receiver_id: string;
    agent: Record<string, unknown>;
  }>;
  cursor?: string;
}
const list = (as: TestAgent, direction: 'incoming' | 'outgoing' = 'incoming', extra = '') =>
  callAs<Listed>(as, `/api/connections/requests/${as.agentId}?direction=${direction}${extra}`);

async function stateOf(as: TestAgent, other: { agentId: string }) {
  const { body } = await callAs<{ items: Array<{ state: string; request_id?: string }> }>(
    as,
    `/api/connections/status?agent_ids=${other.agentId}`,
  );
  return body.items[0];
}

const connectionsUsed = async (agent: TestAgent) =>
  (await callAs<{ current: number }>(agent, '/api/feature-limits/connections')).body.current;

const agentRecord = async (agent: TestAgent) =>
  (await callAs<{ connections: number }>(agent, `/api/agents/${agent.agentId}`)).body;

/** An agent record without a Cognito account: a receiver that never signs in. */
async function receiverOnly(): Promise<{ agentId: string }> {
  const { Agent } = await import('#platform/accounts/entities');
  const agentId = `receiver-${randomUUID()}`;
  await Agent.create({ agent_id: agentId, email: `${agentId}@test.local`, full_name: 'Receiver Only' });
  return { agentId };
}

/** Uses `amount` connection slots of an agent, as that many earlier requests would have. */
async function useSlots(agent: TestAgent, amount: number) {
  const { reserveFeature } = await import('#platform/accounts/limits');
  await reserveFeature({ agentId: agent.agentId, role: 'Superagent' }, 'connections', amount);
}

/** How often the local bus has taken a ConnectionAccepted event so far (one log line per event). */
const acceptedEvents = () =>
  readFileSync(inject('cloud').logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('event ConnectionAccepted')).length;

describe('connection requests', () => {
  it('shows a sent request to its receiver with the requester, and to its requester as outgoing', async () => {
    const agency = await createTestAgency({ name: `Requesters ${randomUUID().slice(0, 6)}` });
    const requester = agency.admin;
    const receiver = await createTestAgent({ fullName: 'Rita Receiver', city: 'Braga' });

    const sent = await send(requester, receiver);

    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      requester_id: requester.agentId,
      receiver_id: receiver.agentId,
      status: 'pending',
    });
    const incoming = await list(receiver);
    expect(incoming.status).toBe(200);
    expect(incoming.body.items).toEqual([
      expect.objectContaining({
        id: sent.body.id,
        status: 'pending',
        requester_id: requester.agentId,
        receiver_id: receiver.agentId,
        agent: expect.objectContaining({
          agent_id: requester.agentId,
          full_name: requester.fullName,
          agency_name: expect.stringMatching(/^Requesters /),
          reputation_points: 0,
        }),
      }),
    ]);
    expect(incoming.body.items[0]!.agent).not.toHaveProperty('email');
    const outgoing = await list(requester, 'outgoing');
    expect(outgoing.body.items.map((item) => [item.id, item.agent.full_name])).toEqual([
      [sent.body.id, 'Rita Receiver'],
    ]);
    expect((await list(requester)).body.items).toEqual([]);
    expect(await stateOf(requester, receiver)).toEqual({
      agent_id: receiver.agentId,
      state: 'pending_sent',
      request_id: sent.body.id,
      since: sent.body.created_at,
    });
    expect(await stateOf(receiver, requester)).toMatchObject({
      state: 'pending_received',
      request_id: sent.body.id,
    });
    expect(await connectionsUsed(requester)).toBe(1);
    expect(await connectionsUsed(receiver)).toBe(0);
  });

  it('refuses a request to yourself, to an unknown agent, and a second one between a pair either way', async () => {
    const first = await createTestAgent();
    const second = await createTestAgent();
    const sent = await send(first, second);
    expect(sent.status).toBe(201);

    const toSelf = await send(first, first);
    const toNobody = await send(first, { agentId: `nobody-${randomUUID()}` });
    const again = await send(first, second);
    const reverse = await send(second, first);

    expect(toSelf).toMatchObject({
      status: 400,
      body: { error: 'You cannot send a connection request to yourself' },
    });
    expect(toNobody).toEqual({ status: 404, body: { error: 'Agent not found', code: 'not_found' } });
    expect(again).toEqual({
      status: 409,
      body: { error: 'You have already sent a connection request to this agent', code: 'conflict' },
    });
    expect(reverse).toEqual({
      status: 409,
      body: {
        error: 'This agent has already sent you a connection request. Accept or decline it instead',
        code: 'conflict',
      },
    });
    expect((await list(second)).body.items).toHaveLength(1);
    expect(await connectionsUsed(first)).toBe(1);
    expect(await connectionsUsed(second)).toBe(0);
  });

  it('answers 404 for another agent’s request list', async () => {
    const owner = await createTestAgent();
    const other = await createTestAgent();
    await send(other, owner);

    const foreign = await callAs(other, `/api/connections/requests/${owner.agentId}`);

    expect(foreign).toEqual({
      status: 404,
      body: { error: 'Connection requests not found', code: 'not_found' },
    });
  });

  it('pages through pending requests newest first with a cursor', async () => {
    const receiver = await createTestAgent();
    const requesters = await Promise.all(Array.from({ length: 3 }, () => createTestAgent()));
    const ids: string[] = [];
    for (const requester of requesters) ids.push((await send(requester, receiver)).body.id as string);

    const first = await list(receiver, 'incoming', '&limit=2');
    const second = await list(receiver, 'incoming', `&limit=2&cursor=${first.body.cursor}`);

    expect(first.body.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.cursor).toBeTruthy();
    expect(second.body.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.body.cursor).toBeUndefined();
  });
});

describe('answering a request', () => {
  it('connects both agents on acceptance, empties both lists and announces it once', async () => {
    const requester = await createTestAgent({ fullName: 'Ada Requester' });
    const receiver = await createTestAgent({ fullName: 'Ben Receiver' });
    const sent = await send(requester, receiver);
    const eventsBefore = acceptedEvents();

    const accepted = await respond(receiver, sent.body.id as string, 'accepted');

    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: sent.body.id, status: 'accepted' });
    expect(accepted.body.responded_at).toEqual(expect.any(String));
    expect((await list(receiver)).body.items).toEqual([]);
    expect((await list(requester, 'outgoing')).body.items).toEqual([]);
    expect(await stateOf(requester, receiver)).toMatchObject({
      state: 'connected',
      request_id: sent.body.id,
    });
    expect(await stateOf(receiver, requester)).toMatchObject({ state: 'connected' });
    expect(await connectionsUsed(requester)).toBe(1);
    expect(await connectionsUsed(receiver)).toBe(1);
    await expect.poll(acceptedEvents).toBe(eventsBefore + 1);
    for (const [from, to] of [
      [requester, receiver],
      [receiver, requester],
    ] as const) {
      expect(await send(from, to)).toEqual({
        status: 409,
        body: { error: 'You are already connected with this agent', code: 'conflict' },
      });
    }
    const { Notification } = await import('#functions/notifications/entities');
    const notifications = await Notification.queryAll('primary', { agent_id: requester.agentId });
    expect(notifications.filter((item) => item.kind === 'connection').map((item) => item.message)).toEqual([
      'Ben Receiver accepted your connection request',
    ]);
    // the reputation consumer raises each agent's connection count once per connection
    await expect.poll(async () => (await agentRecord(requester)).connections).toBe(1);
    await expect.poll(async () => (await agentRecord(receiver)).connections).toBe(1);
  });

  it('removes a declined request, frees the requester’s slot and changes no count', async () => {
    const requester = await createTestAgent();
    const receiver = await createTestAgent();
    const sent = await send(requester, receiver);
    const eventsBefore = acceptedEvents();

    const declined = await respond(receiver, sent.body.id as string, 'declined');

    expect(declined).toMatchObject({ status: 200, body: { id: sent.body.id, status: 'declined' } });
    expect((await list(receiver)).body.items).toEqual([]);
    expect((await list(requester, 'outgoing')).body.items).toEqual([]);
    expect(await stateOf(requester, receiver)).toEqual({ agent_id: receiver.agentId, state: 'none' });
    expect(await connectionsUsed(requester)).toBe(0);
    expect(await connectionsUsed(receiver)).toBe(0);
    expect((await agentRecord(requester)).connections).toBe(0);
    expect((await agentRecord(receiver)).connections).toBe(0);
    expect(acceptedEvents()).toBe(eventsBefore);
    // either of them may ask again later
    expect((await send(receiver, requester)).status).toBe(201);
  });

  it('still declines when the requester’s counter was already given back, and never goes below zero', async () => {
    const requester = await createTestAgent();
    const receiver = await createTestAgent();
    const id = (await send(requester, receiver)).body.id as string;
    const { releaseFeature } = await import('#platform/accounts/limits');
    await releaseFeature({ agentId: requester.agentId, role: 'Superagent' }, 'connections');

    const declined = await respond(receiver, id, 'declined');

    expect(declined).toMatchObject({ status: 200, body: { status: 'declined' } });
    expect(await connectionsUsed(requester)).toBe(0);
    expect(await stateOf(requester, receiver)).toMatchObject({ state: 'none' });
  });

  it('lets only the receiver answer: anyone else gets 404 and the request stays pending', async () => {
    const requester = await createTestAgent();
    const receiver = await createTestAgent();
    const stranger = await createTestAgent();
    const sent = await send(requester, receiver);
    const id = sent.body.id as string;

    for (const [who, status] of [
      [requester, 'accepted'],
      [stranger, 'accepted'],
      [stranger, 'declined'],
    ] as const) {
      expect(await respond(who, id, status)).toEqual({
        status: 404,
        body: { error: 'Connection request not found', code: 'not_found' },
      });
    }
    expect(await respond(receiver, `missing-${randomUUID()}`, 'accepted')).toMatchObject({ status: 404 });
    expect((await list(receiver)).body.items.map((item) => item.id)).toEqual([id]);
    expect(await connectionsUsed(stranger)).toBe(0);
  });

  it('treats the same answer again as done, and the other answer as a conflict', async () => {
    const requester = await createTestAgent();
    const receiver = await createTestAgent();
    const sent = await send(requester, receiver);
    const id = sent.body.id as string;
    await respond(receiver, id, 'accepted');

    const repeated = await respond(receiver, id, 'accepted');
    const reversed = await respond(receiver, id, 'declined');

    expect(repeated).toMatchObject({ status: 200, body: { id, status: 'accepted' } });
    expect(reversed).toEqual({
      status: 409,
      body: { error: 'This connection request was already accepted', code: 'conflict' },
    });
    expect(await connectionsUsed(receiver)).toBe(1);
    expect(await stateOf(receiver, requester)).toMatchObject({ state: 'connected' });
  });

  it('lets exactly one of a concurrent acceptance and decline win', async () => {
    const requester = await createTestAgent();
    const receiver = await createTestAgent();
    const id = (await send(requester, receiver)).body.id as string;

    const asked = ['accepted', 'declined', 'accepted', 'declined'] as const;
    const answers = await Promise.all(asked.map((status) => respond(receiver, id, status)));

    const won = answers.find((answer) => answer.status === 200)!.body.status as string;
    // the winner's answer repeated is done already (200); the other answer is a conflict (409)
    expect(answers.map((answer) => answer.status)).toEqual(
      asked.map((status) => (status === won ? 200 : 409)),
    );
    expect(await connectionsUsed(receiver)).toBe(won === 'accepted' ? 1 : 0);
    expect(await connectionsUsed(requester)).toBe(won === 'accepted' ? 1 : 0);
    expect((await stateOf(receiver, requester))?.state).toBe(won === 'accepted' ? 'connected' : 'none');
  });

  it('creates one request when both agents of a pair ask each other at once', async () => {
    const one = await createTestAgent();
    const other = await createTestAgent();

    const sent = await Promise.all([send(one, other), send(other, one), send(one, other), send(other, one)]);

    expect(sent.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(sent.filter((answer) => answer.status === 409)).toHaveLength(3);
    const pending = [...(await list(one)).body.items, ...(await list(other)).body.items];
    expect(pending).toHaveLength(1);
    expect((await connectionsUsed(one)) + (await connectionsUsed(other))).toBe(1);
  });
});

describe('withdrawing a request', () => {
  it('frees the slot and the pair, and only its requester may do it', async () => {
    const requester = await createTestAgent();
    const receiver = await createTestAgent();
    const id = (await send(requester, receiver)).body.id as string;

    expect(await withdraw(receiver, id)).toEqual({
      status: 404,
      body: { error: 'Connection request not found', code: 'not_found' },
    });
    const withdrawn = await withdraw(requester, id);

    expect(withdrawn).toEqual({ status: 200, body: { ok: true } });
    expect((await list(receiver)).body.items).toEqual([]);
    expect(await stateOf(requester, receiver)).toMatchObject({ state: 'none' });
    expect(await connectionsUsed(requester)).toBe(0);
    expect(await respond(receiver, id, 'accepted')).toMatchObject({ status: 404 });
    expect((await send(requester, receiver)).status).toBe(201);
  });

  it('refuses to withdraw an answered request', async () => {
    const requester = await createTestAgent();
    const receiver = await createTestAgent();
    const id = (await send(requester, receiver)).body.id as string;
    await respond(receiver, id, 'accepted');

    expect(await withdraw(requester, id)).toEqual({
      status: 409,
      body: { error: 'This connection request was already accepted', code: 'conflict' },
    });
    expect(await connectionsUsed(requester)).toBe(1);
  });
});

describe('the connections limit', () => {
  it('counts pending requests against the requester’s plan and answers the paywall at the limit', async () => {
    const requester = await createTestAgent();
    await useSlots(requester, FREE_LIMIT - 1);
    const last = await receiverOnly();

    expect((await send(requester, last)).status).toBe(201);
    const refusedReceiver = await receiverOnly();
    const over = await send(requester, refusedReceiver);

    expect(over).toMatchObject({
      status: 402,
      body: {
        paywall: true,
        reason: 'usage_limit_reached',
        feature: 'connections',
        current: FREE_LIMIT,
        maximum: FREE_LIMIT,
      },
    });
    expect((await list(requester, 'outgoing')).body.items).toHaveLength(1);
    // a refused request leaves no trace: the pair is free for a later try
    expect(await stateOf(requester, refusedReceiver)).toMatchObject({ state: 'none' });
    expect(await connectionsUsed(requester)).toBe(FREE_LIMIT);
  });

  it('answers the paywall to a receiver at the limit and keeps the request pending', async () => {
    const requester = await createTestAgent({ role: 'Agent' });
    const receiver = await createTestAgent();
    await useSlots(receiver, FREE_LIMIT);
    const id = (await send(requester, receiver)).body.id as string;

    const accepted = await respond(receiver, id, 'accepted');
    const declined = await respond(receiver, id, 'declined');

    expect(accepted).toMatchObject({
      status: 402,
      body: { paywall: true, reason: 'usage_limit_reached', feature: 'connections' },
    });
    expect(declined).toMatchObject({ status: 200, body: { status: 'declined' } });
    expect(await connectionsUsed(receiver)).toBe(FREE_LIMIT);
    expect(await connectionsUsed(requester)).toBe(0);
  });

  it('answers the expired-subscription paywall before sending or answering', async () => {
    const expired = await createTestAgent({ subscriptionStatus: 'expired' });
    const other = await createTestAgent();

    const sent = await send(expired, other);

    expect(sent).toMatchObject({ status: 402, body: { paywall: true, reason: 'subscription_expired' } });
    expect(await stateOf(other, expired)).toMatchObject({ state: 'none' });
  });
});

describe('connection states', () => {
  it('answers for many agents at once, including yourself and agents that do not exist', async () => {
    const me = await createTestAgent();
    const connected = await createTestAgent();
    const asked = await createTestAgent();
    const asking = await createTestAgent();
    await respond(connected, (await send(me, connected)).body.id as string, 'accepted');
    await send(me, asked);
    await send(asking, me);
    const nobody = `nobody-${randomUUID()}`;

    const { status, body } = await callAs<{ items: Array<{ agent_id: string; state: string }> }>(
      me,
      `/api/connections/status?agent_ids=${[connected, asked, asking, me, { agentId: nobody }].map((agent) => agent.agentId).join(',')}`,
    );

    expect(status).toBe(200);
    expect(body.items.map((item) => [item.agent_id, item.state])).toEqual([
      [connected.agentId, 'connected'],
      [asked.agentId, 'pending_sent'],
      [asking.agentId, 'pending_received'],
      [me.agentId, 'self'],
      [nobody, 'none'],
    ]);
  });

  it('refuses an empty or oversized list of agents', async () => {
    const me = await createTestAgent();
    const tooMany = Array.from({ length: 101 }, (_, index) => `agent-${index}`).join(',');

    for (const query of ['agent_ids=', 'agent_ids=,,', `agent_ids=${tooMany}`, '']) {
      const answer = await callAs(me, `/api/connections/status?${query}`);
      expect(answer.status, query).toBe(400);
    }
  });
});

describe('agents directory', () => {
  it('shows each agent’s agency name in the list and on the profile', async () => {
    const name = `Directory Agency ${randomUUID().slice(0, 6)}`;
    const agency = await createTestAgency({ name, members: 1 });
    const viewer = await createTestAgent();
    const member = agency.members[0]!;

    const listed = await callAs<{ items: Array<{ agent_id: string; agency_name?: string }> }>(
      viewer,
      `/api/agents?search=${encodeURIComponent(member.fullName)}`,
    );
    const profile = await callAs(viewer, `/api/agents/${member.agentId}`);

    expect(listed.body.items.find((item) => item.agent_id === member.agentId)?.agency_name).toBe(name);
    expect(profile.body.agency_name).toBe(name);
  });
});
