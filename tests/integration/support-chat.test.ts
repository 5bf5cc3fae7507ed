import { describe, expect, it } from 'vitest';
import { SupportStaff } from '#functions/support/entities';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/** The in-app support chat: an agent's conversation and the support inbox that answers it. */

async function call(agent: TestAgent, path: string, body?: unknown) {
  const response = await callApi(path, { ...(body ? jsonBody('POST', body) : {}), token: agent.token });
  // biome-ignore lint/suspicious/noExplicitAny: the assertions read nested fields of untyped JSON
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function supportStaff() {
  const staff = await createTestAgent({ fullName: 'Support Person' });
  await SupportStaff.create({ agent_id: staff.agentId });
  return staff;
}

describe('support chat', () => {
  it('starts empty, keeps what the agent writes and what support answers, in order', async () => {
    const agent = await createTestAgent();
    const staff = await supportStaff();
    expect((await call(agent, '/api/support/chat')).body).toEqual({
      agentId: agent.agentId,
      messages: [],
      unread: 0,
    });

    const sent = await call(agent, '/api/support/chat/messages', { body: '  How do I add a property?  ' });
    expect(sent).toMatchObject({ status: 201, body: { author: 'agent', body: 'How do I add a property?' } });

    // the account settings tell the app who answers the inbox
    expect((await call(staff, '/api/account-settings')).body).toMatchObject({ support_staff: true });
    expect((await call(agent, '/api/account-settings')).body).toMatchObject({ support_staff: false });
    const inbox = await call(staff, '/api/support/inbox');
    const mine = inbox.body.items.find((item: { agentId: string }) => item.agentId === agent.agentId);
    expect(mine).toMatchObject({ agent_name: agent.fullName, unread_for_support: 1, last_author: 'agent' });

    const opened = await call(staff, `/api/support/inbox/${agent.agentId}`);
    expect(opened.body.messages.map((message: { body: string }) => message.body)).toEqual([
      'How do I add a property?',
    ]);
    const reply = await call(staff, `/api/support/inbox/${agent.agentId}/messages`, {
      body: 'Use Add Property at the top.',
    });
    expect(reply).toMatchObject({
      status: 201,
      body: { author: 'support', author_name: 'EstateNet Support' },
    });

    const chat = await call(agent, '/api/support/chat');
    expect(chat.body.unread).toBe(1);
    expect(chat.body.messages.map((message: { author: string }) => message.author)).toEqual([
      'agent',
      'support',
    ]);
    expect((await call(agent, '/api/support/chat')).body.unread).toBe(0);
  });

  it('hides the inbox from anyone who is not support staff (404)', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    await call(other, '/api/support/chat/messages', { body: 'private question' });
    expect((await call(agent, '/api/support/inbox')).status).toBe(404);
    expect((await call(agent, `/api/support/inbox/${other.agentId}`)).status).toBe(404);
    expect((await call(agent, `/api/support/inbox/${other.agentId}/messages`, { body: 'hi' })).status).toBe(
      404,
    );
  });

  it('refuses an empty message, naming the field', async () => {
    const agent = await createTestAgent();
    const answer = await call(agent, '/api/support/chat/messages', { body: '   ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'Message is required',
      fields: { body: expect.any(String) },
    });
  });
});
