import { describe, expect, it } from 'vitest';
import type { DealView } from '#contracts/schemas/deals';
import { callApi, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';

/**
 * Deals raced (issue 22): answers to one proposal sent at once — a double click on Accept, Accept against
 * Decline, and the two agents confirming the close at the same moment — leave one change each, never two.
 */

async function proposed(): Promise<{ proposer: TestAgent; listingAgent: TestAgent; dealId: string }> {
  const [proposer, listingAgent] = await Promise.all([createTestAgent(), createTestAgent()]);
  const listing = await callApi('/api/addProperty', {
    ...formBody({ title: 'Raced flat', price: '300000', city: 'Lisbon' }),
    token: listingAgent.token,
  });
  const { propertyId } = (await listing.json()) as { propertyId: string };
  const client = await callApi('/api/clients', {
    ...jsonBody('POST', { full_name: 'Raced Buyer', type: 'buyer' }),
    token: proposer.token,
  });
  const { client_id } = (await client.json()) as { client_id: string };
  const deal = await callApi('/api/deals', {
    ...jsonBody('POST', { property_id: propertyId, client_id }),
    token: proposer.token,
  });
  expect(deal.status).toBe(201);
  return { proposer, listingAgent, dealId: ((await deal.json()) as DealView).deal_id };
}

const move = (agent: TestAgent, dealId: string, status: string) =>
  callApi(`/api/deals/${dealId}`, { ...jsonBody('PUT', { status }), token: agent.token });

async function timelineKinds(agent: TestAgent, dealId: string): Promise<string[]> {
  const response = await callApi(`/api/deals/${dealId}`, { token: agent.token });
  const { timeline } = (await response.json()) as { timeline: Array<{ kind: string }> };
  return timeline.map((entry) => entry.kind);
}

describe('deals raced', () => {
  it('accepts once when Accept is sent ten times at once', async () => {
    const { listingAgent, dealId } = await proposed();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => move(listingAgent, dealId, 'accepted')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await timelineKinds(listingAgent, dealId)).toEqual(['proposed', 'moved']);
  });

  it('lets exactly one of Accept and Decline win', async () => {
    const { listingAgent, dealId } = await proposed();
    const answers = await Promise.all([
      move(listingAgent, dealId, 'accepted'),
      move(listingAgent, dealId, 'declined'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await timelineKinds(listingAgent, dealId)).toEqual(['proposed', 'moved']);
  });

  it('closes once when both agents confirm, each twice, at the same moment', async () => {
    const { proposer, listingAgent, dealId } = await proposed();
    expect((await move(listingAgent, dealId, 'accepted')).status).toBe(200);
    const confirm = (agent: TestAgent) =>
      callApi(`/api/deals/${dealId}/confirm-close`, { method: 'POST', token: agent.token });
    const answers = await Promise.all([
      confirm(proposer),
      confirm(listingAgent),
      confirm(proposer),
      confirm(listingAgent),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const kinds = await timelineKinds(proposer, dealId);
    expect(kinds.filter((kind) => kind === 'close_confirmed')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'closed')).toHaveLength(1);
  });

  it('takes notes sent while the deal is declined, or refuses them, never half: and none once it ended', async () => {
    const { proposer, listingAgent, dealId } = await proposed();
    const note = (text: string) =>
      callApi(`/api/deals/${dealId}/notes`, { ...jsonBody('POST', { text }), token: proposer.token });
    const texts = ['one', 'two', 'three', 'four'];
    const [decline, ...notes] = await Promise.all([
      move(listingAgent, dealId, 'declined'),
      ...texts.map((text) => note(text)),
    ]);
    expect(decline!.status).toBe(200);
    // each note is on the timeline (201) or refused because the deal ended (409), nothing else
    for (const answer of notes) expect([201, 409]).toContain(answer.status);
    const response = await callApi(`/api/deals/${dealId}`, { token: listingAgent.token });
    const { timeline } = (await response.json()) as { timeline: Array<{ kind: string; text?: string }> };
    expect(
      timeline
        .filter((entry) => entry.kind === 'note')
        .map((entry) => entry.text)
        .sort(),
    ).toEqual(texts.filter((_text, index) => notes[index]!.status === 201).sort());
    expect(timeline.filter((entry) => entry.kind === 'moved')).toHaveLength(1);
    // once the decline has been answered, a note is refused
    expect((await note('late')).status).toBe(409);
  });
});
