import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_COLUMNS } from '#contracts/client-values';
import { PLANS } from '#contracts/plans';
import { Client, ClientActivity } from '#functions/clients/entities';
import { callApi, createTestAgency, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/** Clients through the local API Gateway: the book, who sees and edits what, the trail and the limit. */

interface ClientBody {
  client_id: string;
  agentId: string;
  agencyId?: string;
  full_name: string;
  [field: string]: unknown;
}

async function createClient(owner: TestAgent, body: Record<string, unknown> = {}): Promise<ClientBody> {
  const response = await callApi('/api/clients', {
    ...jsonBody('POST', { full_name: `Client ${randomUUID().slice(0, 6)}`, ...body }),
    token: owner.token,
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as ClientBody;
}

async function listClients(caller: TestAgent, query = '') {
  const response = await callApi(`/api/clients${query}`, { token: caller.token });
  return {
    status: response.status,
    body: (await response.json()) as {
      items: ClientBody[];
      cursor?: string;
      agents: Array<{ agent_id: string; full_name: string }>;
      error?: string;
    },
  };
}

const updateClient = (caller: TestAgent, id: string, body: unknown) =>
  callApi(`/api/clients/${id}`, { ...jsonBody('PUT', body), token: caller.token });

const deleteClient = (caller: TestAgent, id: string) =>
  callApi(`/api/clients/${id}`, { method: 'DELETE', token: caller.token });

async function activityOf(caller: TestAgent, id: string) {
  const response = await callApi(`/api/clients/${id}/activity`, { token: caller.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Array<Record<string, unknown>> }).items;
}

async function clientsUsage(caller: TestAgent) {
  const response = await callApi('/api/feature-limits/clients', { token: caller.token });
  return (await response.json()) as { current: number; maximum: number | null; isAtLimit: boolean };
}

describe('POST /api/clients', () => {
  it('adds a client with its defaults, owned by the caller', async () => {
    const agent = await createTestAgent();

    const client = await createClient(agent, {
      full_name: '  Ana Lopez ',
      email: 'ana@example.com',
      phone: '+351 912 000 111',
      budget_min: 250000,
      budget_max: 400000,
      currency: 'EUR',
      preferred_areas: ['Alfama', 'Graça', 'alfama'],
      tags: ['vip'],
      agentId: agent.agentId,
    });

    expect(client).toMatchObject({
      agentId: agent.agentId,
      full_name: 'Ana Lopez',
      type: 'buyer',
      stage: 'new',
      currency: 'EUR',
      preferred_areas: ['Alfama', 'Graça'],
      property_interests: [],
      tags: ['vip'],
    });
    expect(client).not.toHaveProperty('agencyId');
    expect(client).not.toHaveProperty('search_key');
    expect(client.client_id).toMatch(/\S/);
    expect(Date.parse(client.created_at as string)).not.toBeNaN();
    expect(await Client.get({ client_id: client.client_id })).toMatchObject({ full_name: 'Ana Lopez' });
    expect((await clientsUsage(agent)).current).toBe(1);
  });

  it('adds an agency member’s client to the agency', async () => {
    const agency = await createTestAgency({ members: 1 });
    const member = agency.members[0]!;

    const client = await createClient(member, {
      agencyId: agency.agencyId,
      stage: 'viewing',
      type: 'tenant',
    });

    expect(client).toMatchObject({ agentId: member.agentId, agencyId: agency.agencyId, stage: 'viewing' });
  });

  it('names the field of every invalid value', async () => {
    const agent = await createTestAgent();

    const response = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: ' ', email: 'not-an-email', type: 'friend', budget_min: -1 }),
      token: agent.token,
    });

    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('Full name is required');
    expect(body.fields).toMatchObject({
      full_name: 'is required',
      email: 'must be a valid email address',
      type: 'must be one of buyer, seller, tenant, landlord, investor',
      budget_min: 'must be 0 or more',
    });
    expect((await clientsUsage(agent)).current).toBe(0);
  });

  it('refuses an upside-down budget range', async () => {
    const agent = await createTestAgent();

    const response = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: 'Budget', budget_min: 500, budget_max: 100 }),
      token: agent.token,
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { budget_max: 'must be at least the minimum budget' },
    });
  });

  it('refuses someone else’s agentId or agencyId, and an assignee outside the agency', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const agency = await createTestAgency();

    const asOther = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: 'X', agentId: other.agentId }),
      token: agent.token,
    });
    const inAgency = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: 'X', agencyId: agency.agencyId }),
      token: agent.token,
    });
    const assigned = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: 'X', assigned_agent_id: other.agentId }),
      token: agent.token,
    });

    expect(asOther.status).toBe(403);
    expect(inAgency.status).toBe(404);
    expect(await inAgency.json()).toEqual({ error: 'Agency not found', code: 'not_found' });
    expect(assigned.status).toBe(400);
    expect(await assigned.json()).toMatchObject({
      fields: { assigned_agent_id: 'must be you or an agent of your agency' },
    });
    expect((await clientsUsage(agent)).current).toBe(0);
  });

  it('answers 403 Feature limit reached once the free plan’s clients are used up', async () => {
    const agent = await createTestAgent({ role: 'Superagent' });
    const maximum = PLANS.Superagent.limits.clients!;
    for (let index = 0; index < maximum; index += 1) {
      await createClient(agent, { full_name: `Client ${index}` });
    }

    const response = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: 'One too many' }),
      token: agent.token,
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'Feature limit reached',
      feature: 'clients',
      current: maximum,
      maximum,
      code: 'limit_reached',
    });
    expect(await clientsUsage(agent)).toEqual({
      feature: 'clients',
      isAtLimit: true,
      current: maximum,
      maximum,
    });
  });

  it('answers the paywall to an expired subscription', async () => {
    const agent = await createTestAgent({ role: 'Agent', subscriptionStatus: 'expired' });

    const response = await callApi('/api/clients', {
      ...jsonBody('POST', { full_name: 'Late' }),
      token: agent.token,
    });

    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ paywall: true, reason: 'subscription_expired' });
  });
});

describe('GET /api/clients', () => {
  it('lists a solo agent’s own clients, newest first, with the agent as the roster', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const stranger = await createTestAgent({ role: 'Agent' });
    const first = await createClient(agent, { full_name: 'First' });
    const second = await createClient(agent, { full_name: 'Second' });
    await createClient(stranger);

    const { status, body } = await listClients(agent);

    expect(status).toBe(200);
    expect(body.items.map((client) => client.client_id)).toEqual([second.client_id, first.client_id]);
    expect(body.cursor).toBeUndefined();
    expect(body.agents).toEqual([{ agent_id: agent.agentId, full_name: agent.fullName }]);
  });

  it('shows the agency’s clients to every member, and only their own without agencyId', async () => {
    const agency = await createTestAgency({ members: 2 });
    const [leo, ines] = agency.members as [TestAgent, TestAgent];
    const leos = await createClient(leo, { full_name: 'Leo’s client' });
    const admins = await createClient(agency.admin, { full_name: 'Admin’s client' });

    const asInes = await listClients(ines, `?agencyId=${agency.agencyId}`);
    const leoOwn = await listClients(leo);

    expect(asInes.status).toBe(200);
    expect(asInes.body.items.map((client) => client.client_id)).toEqual([admins.client_id, leos.client_id]);
    expect(asInes.body.agents.map((agent) => agent.agent_id).sort()).toEqual(
      [agency.admin.agentId, leo.agentId, ines.agentId].sort(),
    );
    expect(leoOwn.body.items.map((client) => client.client_id)).toEqual([leos.client_id]);
  });

  it('answers another agency’s id, or any agencyId of an agent without agency, with 404', async () => {
    const mine = await createTestAgency();
    const theirs = await createTestAgency();
    const solo = await createTestAgent();
    await createClient(theirs.admin, { full_name: 'Secret Client' });

    const foreign = await listClients(mine.admin, `?agencyId=${theirs.agencyId}`);
    const fromSolo = await listClients(solo, `?agencyId=${theirs.agencyId}`);

    for (const answer of [foreign, fromSolo]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Agency not found', code: 'not_found' });
    }
  });

  it('pages with a cursor and filters by stage, type and search', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const created: ClientBody[] = [];
    for (const [index, stage] of ['new', 'viewing', 'viewing', 'closed', 'new'].entries()) {
      created.push(
        await createClient(agent, {
          full_name: `Paged ${index}`,
          stage,
          type: index === 3 ? 'seller' : 'buyer',
          ...(index === 2 ? { email: 'Marta.Silva@Example.com', tags: ['Sea View'] } : {}),
        }),
      );
    }

    const first = await listClients(agent, '?limit=2');
    const second = await listClients(agent, `?limit=2&cursor=${first.body.cursor}`);
    const third = await listClients(agent, `?limit=2&cursor=${second.body.cursor}`);
    const viewing = await listClients(agent, '?stage=viewing');
    const sellers = await listClients(agent, '?type=seller');
    const byEmail = await listClients(agent, '?search=marta.silva');
    const byTag = await listClients(agent, '?search=SEA%20VIEW');

    const ids = (answer: Awaited<ReturnType<typeof listClients>>) =>
      answer.body.items.map((client) => client.client_id);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(
      created.map((client) => client.client_id).reverse(),
    );
    expect(third.body.cursor).toBeUndefined();
    expect(ids(viewing)).toEqual([created[2]!.client_id, created[1]!.client_id]);
    expect(ids(sellers)).toEqual([created[3]!.client_id]);
    expect(ids(byEmail)).toEqual([created[2]!.client_id]);
    expect(ids(byTag)).toEqual([created[2]!.client_id]);
  });

  it('refuses a cursor it never returned', async () => {
    const agent = await createTestAgent();

    const response = await callApi('/api/clients?cursor=bm90LWEtY3Vyc29y', { token: agent.token });

    expect(response.status).toBe(400);
  });
});

describe('PUT /api/clients/{id}', () => {
  it('changes only the fields sent, clears nulls and keeps the search key current', async () => {
    const agent = await createTestAgent();
    const client = await createClient(agent, {
      full_name: 'Rui Costa',
      email: 'rui@example.com',
      notes: 'Prefers calls',
      tags: ['investor'],
    });

    const response = await updateClient(agent, client.client_id, {
      full_name: 'Rui M. Costa',
      notes: null,
      budget_max: 900000,
    });

    expect(response.status).toBe(200);
    const updated = (await response.json()) as ClientBody;
    expect(updated).toMatchObject({
      full_name: 'Rui M. Costa',
      email: 'rui@example.com',
      budget_max: 900000,
      tags: ['investor'],
    });
    expect(updated).not.toHaveProperty('notes');
    expect(updated.updated_at).toEqual(expect.any(String));
    const search = await listClients(agent, '?search=m.%20costa');
    expect(search.body.items.map((item) => item.client_id)).toEqual([client.client_id]);
    const byEmail = await listClients(agent, '?search=rui@example');
    expect(byEmail.body.items.map((item) => item.client_id)).toEqual([client.client_id]);
  });

  it('checks the budget range against the stored bound', async () => {
    const agent = await createTestAgent();
    const client = await createClient(agent, { budget_min: 300000 });

    const response = await updateClient(agent, client.client_id, { budget_max: 200000 });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { budget_max: 'must be at least the minimum budget' },
    });
  });

  it('lets the client’s agent, its assignee and the agency admin edit; other members get 403', async () => {
    const agency = await createTestAgency({ members: 3 });
    const [owner, assignee, bystander] = agency.members as [TestAgent, TestAgent, TestAgent];
    const client = await createClient(owner, { assigned_agent_id: assignee.agentId });

    const byOwner = await updateClient(owner, client.client_id, { stage: 'contacted' });
    const byAssignee = await updateClient(assignee, client.client_id, { stage: 'viewing' });
    const byAdmin = await updateClient(agency.admin, client.client_id, { stage: 'negotiating' });
    const byBystander = await updateClient(bystander, client.client_id, { stage: 'lost' });

    expect([byOwner.status, byAssignee.status, byAdmin.status]).toEqual([200, 200, 200]);
    expect(byBystander.status).toBe(403);
    expect(await byBystander.json()).toEqual({
      error: "Only the client's agent, its assigned agent or the agency admin can change this client",
      code: 'forbidden',
    });
    expect(await Client.get({ client_id: client.client_id })).toMatchObject({ stage: 'negotiating' });
  });

  it('answers another tenant’s client with 404 and leaves it unchanged', async () => {
    const owner = await createTestAgent();
    const stranger = await createTestAgent();
    const client = await createClient(owner, { full_name: 'Private Person' });

    const response = await updateClient(stranger, client.client_id, { full_name: 'Hijacked' });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Client not found', code: 'not_found' });
    expect(await Client.get({ client_id: client.client_id })).toMatchObject({ full_name: 'Private Person' });
  });

  it('assigns only to agents of the client’s agency', async () => {
    const agency = await createTestAgency({ members: 1 });
    const outsider = await createTestAgent();
    const client = await createClient(agency.admin);

    const inside = await updateClient(agency.admin, client.client_id, {
      assigned_agent_id: agency.members[0]!.agentId,
    });
    const outside = await updateClient(agency.admin, client.client_id, {
      assigned_agent_id: outsider.agentId,
    });

    expect(inside.status).toBe(200);
    expect(outside.status).toBe(400);
  });
});

describe('GET /api/clients/{id}/activity', () => {
  it('records creation, stage changes, contacts, assignments and edits, newest first', async () => {
    const agency = await createTestAgency({ members: 1 });
    const member = agency.members[0]!;
    const client = await createClient(agency.admin, { full_name: 'Trail Client' });
    const contactedAt = '2026-03-02T10:30:00.000Z';

    await updateClient(agency.admin, client.client_id, { stage: 'contacted', last_contact_at: contactedAt });
    await updateClient(agency.admin, client.client_id, { assigned_agent_id: member.agentId });
    await updateClient(member, client.client_id, { phone: '+351 910 000 000', tags: ['hot'] });
    await updateClient(member, client.client_id, { tags: ['hot'] });

    const trail = await activityOf(member, client.client_id);

    expect(trail.map((entry) => entry.kind)).toEqual([
      'edited',
      'assigned',
      expect.stringMatching(/^(stage_changed|contacted)$/),
      expect.stringMatching(/^(stage_changed|contacted)$/),
      'created',
    ]);
    expect(trail[0]).toMatchObject({
      actor_id: member.agentId,
      actor_name: member.fullName,
      changes: [
        { field: 'phone', to: '+351 910 000 000' },
        { field: 'tags', to: 'hot' },
      ],
    });
    expect(trail[1]).toMatchObject({ summary: `Assigned to ${member.fullName}` });
    expect(trail.find((entry) => entry.kind === 'stage_changed')).toMatchObject({
      changes: [{ field: 'stage', from: 'new', to: 'contacted' }],
    });
    expect(trail.find((entry) => entry.kind === 'contacted')).toMatchObject({
      changes: [{ field: 'last_contact_at', to: contactedAt }],
    });
    expect(trail.at(-1)).toMatchObject({ kind: 'created', actor_id: agency.admin.agentId });
  });

  it('answers another tenant’s client with 404', async () => {
    const owner = await createTestAgent();
    const client = await createClient(owner);

    const response = await callApi(`/api/clients/${client.client_id}/activity`, {
      token: (await createTestAgent()).token,
    });

    expect(response.status).toBe(404);
  });
});

describe('DELETE /api/clients/{id}', () => {
  it('removes the client and its trail and gives back the slot; a second delete is 404', async () => {
    const agent = await createTestAgent();
    const client = await createClient(agent);
    await updateClient(agent, client.client_id, { stage: 'lost' });

    const response = await deleteClient(agent, client.client_id);
    const again = await deleteClient(agent, client.client_id);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(again.status).toBe(404);
    expect(await Client.get({ client_id: client.client_id })).toBeUndefined();
    expect(await ClientActivity.queryAll('primary', { client_id: client.client_id })).toEqual([]);
    expect((await clientsUsage(agent)).current).toBe(0);
  });

  it('lets the agency admin delete a member’s client, giving back the member’s slot; members get 403', async () => {
    const agency = await createTestAgency({ members: 2 });
    const [owner, other] = agency.members as [TestAgent, TestAgent];
    const client = await createClient(owner, { assigned_agent_id: other.agentId });

    const byAssignee = await deleteClient(other, client.client_id);
    const byAdmin = await deleteClient(agency.admin, client.client_id);

    expect(byAssignee.status).toBe(403);
    expect(byAdmin.status).toBe(200);
    expect((await clientsUsage(owner)).current).toBe(0);
  });

  it('runs two deletes of one client at once: one succeeds and the slot is given back once', async () => {
    const agent = await createTestAgent();
    await createClient(agent);
    const client = await createClient(agent);

    const statuses = await Promise.all([
      deleteClient(agent, client.client_id).then((response) => response.status),
      deleteClient(agent, client.client_id).then((response) => response.status),
    ]);

    expect(statuses.sort()).toEqual([200, 404]);
    expect((await clientsUsage(agent)).current).toBe(1);
  });
});

describe('client table preferences', () => {
  it('answers the default columns until some are saved', async () => {
    const agent = await createTestAgent();

    const response = await callApi(`/api/client-table-preferences/${agent.agentId}`, { token: agent.token });

    expect(response.status).toBe(200);
    const body = (await response.json()) as { agentId: string; columnPreferences: Array<{ key: string }> };
    expect(body.agentId).toBe(agent.agentId);
    expect(body.columnPreferences.map((column) => column.key)).toEqual(CLIENT_COLUMNS);
  });

  it('saves order, visibility, widths and the sorted column', async () => {
    const agent = await createTestAgent();
    const columnPreferences = [
      { key: 'stage', visible: true, width: 140, sort: 'desc' },
      { key: 'full_name', visible: true, width: 220 },
      { key: 'email', visible: false },
    ];

    const saved = await callApi(`/api/update-client-table-preferences/${agent.agentId}`, {
      ...jsonBody('PUT', { columnPreferences }),
      token: agent.token,
    });
    const read = await callApi(`/api/client-table-preferences/${agent.agentId}`, { token: agent.token });

    expect(saved.status).toBe(200);
    const body = (await read.json()) as { columnPreferences: Array<Record<string, unknown>> };
    expect(body.columnPreferences.slice(0, 3)).toEqual(columnPreferences);
    expect(body.columnPreferences).toHaveLength(CLIENT_COLUMNS.length);
    expect(await saved.json()).toEqual(body);
  });

  it('answers another agent’s id with 404, and refuses repeats or two sorted columns', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();

    const foreignRead = await callApi(`/api/client-table-preferences/${other.agentId}`, {
      token: agent.token,
    });
    const foreignWrite = await callApi(`/api/update-client-table-preferences/${other.agentId}`, {
      ...jsonBody('PUT', { columnPreferences: [] }),
      token: agent.token,
    });
    const repeated = await callApi(`/api/update-client-table-preferences/${agent.agentId}`, {
      ...jsonBody('PUT', {
        columnPreferences: [
          { key: 'email', visible: true },
          { key: 'email', visible: false },
        ],
      }),
      token: agent.token,
    });
    const twoSorts = await callApi(`/api/update-client-table-preferences/${agent.agentId}`, {
      ...jsonBody('PUT', {
        columnPreferences: [
          { key: 'email', visible: true, sort: 'asc' },
          { key: 'phone', visible: true, sort: 'desc' },
        ],
      }),
      token: agent.token,
    });

    expect(foreignRead.status).toBe(404);
    expect(foreignWrite.status).toBe(404);
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({
      fields: { columnPreferences: 'must list each column once' },
    });
    expect(twoSorts.status).toBe(400);
  });
});
