import { describe, expect, it } from 'vitest';
import type { AgendaEventView } from '#contracts/schemas/agenda';
import type { DealDetailView, DealView } from '#contracts/schemas/deals';
import { callApi, callAs, createTestAgent, formBody, jsonBody, type TestAgent } from '../support/agents.ts';

/**
 * Agenda events linked to a deal (issue 22, "linked agenda events both can see"): either agent schedules an
 * event in their own agenda on one of their open deals; both see it on the deal's timeline, as it changes,
 * and as cancelled once deleted. Anyone else's deal, or an ended one, is refused with nothing written.
 */

async function openDeal() {
  const [proposer, listingAgent, stranger] = await Promise.all([
    createTestAgent(),
    createTestAgent(),
    createTestAgent(),
  ]);
  const listed = await callApi('/api/addProperty', {
    ...formBody({ title: 'Garden house', price: '420000', city: 'Porto' }),
    token: listingAgent.token,
  });
  const { propertyId } = (await listed.json()) as { propertyId: string };
  const client = await callAs<{ client_id: string }>(
    proposer,
    '/api/clients',
    jsonBody('POST', { full_name: 'Inês Duarte', type: 'buyer' }),
  );
  const deal = await callAs<DealView>(
    proposer,
    '/api/deals',
    jsonBody('POST', { property_id: propertyId, client_id: client.body.client_id }),
  );
  expect(deal.status, JSON.stringify(deal.body)).toBe(201);
  return { proposer, listingAgent, stranger, dealId: deal.body.deal_id };
}

const VIEWING = {
  title: 'Viewing with Inês',
  type: 'viewing',
  start: '2031-03-04T10:00:00Z',
  end: '2031-03-04T11:00:00Z',
  time_zone: 'Europe/Lisbon',
  location: 'Rua das Flores 12',
};

const schedule = (agent: TestAgent, body: Record<string, unknown>) =>
  callAs<AgendaEventView>(agent, '/api/agenda/events', jsonBody('POST', body));
const dealAs = async (agent: TestAgent, dealId: string) =>
  (await callAs<DealDetailView>(agent, `/api/deals/${dealId}`)).body;
const eventEntries = (deal: DealDetailView) => deal.timeline.filter((entry) => entry.kind === 'event');
const notifications = async (agent: TestAgent) =>
  (
    await callAs<{ items: Array<{ message: string; link?: string }> }>(
      agent,
      `/api/agents/${agent.agentId}/reputation/notifications`,
    )
  ).body.items;

describe('agenda events linked to a deal', () => {
  it('shows an event either agent schedules to both, as it changes, and as cancelled once deleted', async () => {
    const { proposer, listingAgent, dealId } = await openDeal();
    const created = await schedule(proposer, { ...VIEWING, deal_id: dealId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.deal_id).toBe(dealId);
    expect(created.body).not.toHaveProperty('deal_entry_id');

    for (const agent of [proposer, listingAgent]) {
      const [entry] = eventEntries(await dealAs(agent, dealId));
      expect(entry).toMatchObject({
        kind: 'event',
        actor: { agent_id: proposer.agentId },
        event: {
          event_id: created.body.event_id,
          title: 'Viewing with Inês',
          type: 'viewing',
          start: '2031-03-04T10:00:00.000Z',
          location: 'Rua das Flores 12',
        },
      });
      expect(entry!.event).not.toHaveProperty('cancelled');
    }
    expect((await notifications(listingAgent)).map((item) => item.message)).toContain(
      `${proposer.fullName} scheduled “Viewing with Inês” on the deal on “Garden house”`,
    );

    // the listing agent links an event of their own too: two entries, each by its agent
    const second = await schedule(listingAgent, {
      title: 'Keys handover',
      start: '2031-03-05T09:00:00Z',
      end: '2031-03-05T09:30:00Z',
      deal_id: dealId,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    // rescheduled: the entry follows (still one entry for the event, where it was on the timeline)
    const moved = await callAs<AgendaEventView>(
      proposer,
      `/api/agenda/events/${created.body.event_id}`,
      jsonBody('PATCH', { start: '2031-03-06T15:00:00Z', location: null }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    let entries = eventEntries(await dealAs(listingAgent, dealId));
    expect(entries.map((entry) => entry.event?.title)).toEqual(['Viewing with Inês', 'Keys handover']);
    expect(entries[0]!.event).toMatchObject({
      start: '2031-03-06T15:00:00.000Z',
      end: '2031-03-06T16:00:00.000Z',
    });
    expect(entries[0]!.event).not.toHaveProperty('location');

    // deleted from the proposer's agenda: both still see it, cancelled
    const deleted = await callApi(`/api/agenda/events/${created.body.event_id}`, {
      method: 'DELETE',
      token: proposer.token,
    });
    expect(deleted.status).toBe(200);
    entries = eventEntries(await dealAs(proposer, dealId));
    expect(entries[0]!.event).toMatchObject({ title: 'Viewing with Inês', cancelled: true });
    expect(entries[1]!.event).not.toHaveProperty('cancelled');

    // unlinked: the entry leaves the timeline; linked again: a new entry
    const unlinked = await callAs<AgendaEventView>(
      listingAgent,
      `/api/agenda/events/${second.body.event_id}`,
      jsonBody('PATCH', { deal_id: null }),
    );
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).not.toHaveProperty('deal_id');
    expect(eventEntries(await dealAs(proposer, dealId)).map((entry) => entry.event?.title)).toEqual([
      'Viewing with Inês',
    ]);
    const relinked = await callAs<AgendaEventView>(
      listingAgent,
      `/api/agenda/events/${second.body.event_id}`,
      jsonBody('PATCH', { deal_id: dealId }),
    );
    expect(relinked.body.deal_id).toBe(dealId);
    expect(eventEntries(await dealAs(proposer, dealId)).map((entry) => entry.event?.title)).toEqual([
      'Viewing with Inês',
      'Keys handover',
    ]);
  });

  it("refuses another agent's deal and an ended one, naming the field, and writes nothing", async () => {
    const { proposer, listingAgent, stranger, dealId } = await openDeal();
    const theirs = await schedule(stranger, { ...VIEWING, deal_id: dealId });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(400);
    expect(theirs.body).toMatchObject({ error: 'Deal is not one of your open deals' });

    const own = await schedule(proposer, { ...VIEWING, title: 'Call the bank' });
    expect(own.status).toBe(201);
    const declined = await callAs(
      listingAgent,
      `/api/deals/${dealId}`,
      jsonBody('PUT', { status: 'declined' }),
    );
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const late = await callAs(
      proposer,
      `/api/agenda/events/${own.body.event_id}`,
      jsonBody('PATCH', { deal_id: dealId }),
    );
    expect(late.status, JSON.stringify(late.body)).toBe(400);
    expect(late.body).toMatchObject({ error: 'Deal is not one of your open deals' });

    const agenda = await callAs<{ items: AgendaEventView[] }>(
      stranger,
      '/api/agenda/events?from=2031-03-01T00:00:00Z&to=2031-03-31T00:00:00Z',
    );
    expect(agenda.body.items).toEqual([]);
    expect(eventEntries(await dealAs(proposer, dealId))).toEqual([]);
    expect(
      (await callAs<AgendaEventView>(proposer, `/api/agenda/events/${own.body.event_id}`)).body,
    ).not.toHaveProperty('deal_id');
  });
});
