import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Invite } from '#functions/team/entities';
import { Agency, Agent } from '#platform/accounts/entities';
import { callApi, createTestAgency, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/**
 * Invitations and the team (issue 5): an agency admin invites by email within its seats (members plus
 * pending invitations), the invitee looks the link up without a token and accepts once signed in, taking
 * a seat atomically; the admin revokes invitations and removes members, whose own data stays theirs.
 */

interface Created {
  invite: { id: string; email: string; status: string; expires_at: string };
  seats: { seats: number; members: number; pending: number; remaining: number };
  delivery: string;
  invite_link?: string;
}

const invite = (admin: TestAgent, email: string) =>
  callApi('/api/team/invites', { ...jsonBody('POST', { email }), token: admin.token });

async function invited(admin: TestAgent, email: string): Promise<Created & { token: string }> {
  const response = await invite(admin, email);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const body = JSON.parse(text) as Created;
  const token = new URL(body.invite_link!).searchParams.get('invite')!;
  return { ...body, token };
}

const accept = (token: string, agent: TestAgent) =>
  callApi(`/api/invites/${token}/accept`, { method: 'POST', token: agent.token });

const agentCountOf = async (agencyId: string) =>
  (await Agency.get({ id: agencyId }, { consistent: true }))!.agentCount;

describe('POST /api/team/invites', () => {
  it('invites by email with a 7-day invitation and, with no email sender, hands back the link', async () => {
    const { admin, agencyId } = await createTestAgency();
    const email = `Invitee-${randomUUID().slice(0, 8)}@Example.com`;

    const created = await invited(admin, `  ${email} `);

    expect(created.delivery).toBe('link');
    expect(created.invite).toMatchObject({ email: email.toLowerCase(), status: 'pending' });
    const days = (Date.parse(created.invite.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(created.invite_link).toMatch(/\/authentication\/register\?invite=[A-Za-z0-9_-]{43}$/);
    expect(created.seats).toEqual({ seats: 3, members: 0, pending: 1, remaining: 2 });
    // only the token's hash is stored
    const [stored] = await Invite.queryAll('primary', { agency_id: agencyId });
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const list = await callApi('/api/team/invites', { token: admin.token });
    expect(await list.json()).toEqual({ items: [created.invite], seats: created.seats });
  });

  it('tells an agent already on EstateNet in the app, with the way to accept', async () => {
    const { admin, agencyId } = await createTestAgency();
    const agencyName = (await (await callApi(`/api/agencies/${agencyId}`, { token: admin.token })).json())
      .name;
    const existing = await createTestAgent();
    const created = await invite(admin, existing.email.toUpperCase());
    expect(created.status).toBe(201);
    const { invite_link } = (await created.json()) as { invite_link: string };

    const list = await callApi(`/api/agents/${existing.agentId}/reputation/notifications`, {
      token: existing.token,
    });
    const notices = ((await list.json()) as { items: Array<Record<string, unknown>> }).items;
    const adminName = (await (await callApi(`/api/agents/${admin.agentId}`, { token: admin.token })).json())
      .full_name;
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'team',
        message: `${adminName} invited you to join ${agencyName}`,
        link: new URL(invite_link).pathname + new URL(invite_link).search,
        read: false,
      }),
    ]);
  });

  it('is for the agency admin only, and for agency plans: other plans get the premium paywall', async () => {
    const { members } = await createTestAgency({ members: 1 });
    const member = members[0]!;
    const refused = await invite(member, `x-${randomUUID()}@example.com`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Only the agency admin can manage its team',
      code: 'forbidden',
    });
    expect((await callApi('/api/team/invites', { token: member.token })).status).toBe(403);

    for (const role of ['Superagent', 'Agent'] as const) {
      const solo = await createTestAgent({ role });
      const response = await invite(solo, `x-${randomUUID()}@example.com`);
      expect(response.status).toBe(402);
      expect(await response.json()).toMatchObject({
        paywall: true,
        reason: 'premium_feature',
        message:
          'Inviting agents to a team is part of the Agency and Agency Plus plans. Upgrade to build your team.',
        action: 'upgrade',
        feature: 'team',
      });
    }
  });

  it('refuses a second pending invitation, your own email and agents who already have an agency', async () => {
    const { admin, members } = await createTestAgency({ members: 1 });
    const other = await createTestAgency({ members: 1 });
    const email = `dup-${randomUUID()}@example.com`;
    await invited(admin, email);

    const cases = [
      [email.toUpperCase(), 'An invitation to this email is already pending'],
      [admin.email, 'You are already in this agency'],
      [members[0]!.email, 'This agent is already a member of your agency'],
      [other.members[0]!.email, 'This email belongs to an agent of another agency'],
    ] as const;
    for (const [address, error] of cases) {
      const response = await invite(admin, address);
      expect(response.status, address).toBe(409);
      expect(await response.json()).toEqual({ error, code: 'conflict' });
    }
  });

  it('counts pending invitations against the seats, and a revoked one gives its seat back', async () => {
    const { admin } = await createTestAgency({ members: 1 });
    await invited(admin, `a-${randomUUID()}@example.com`);
    const second = await invited(admin, `b-${randomUUID()}@example.com`);
    expect(second.seats).toEqual({ seats: 3, members: 1, pending: 2, remaining: 0 });

    const refused = await invite(admin, `c-${randomUUID()}@example.com`);

    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      paywall: true,
      reason: 'usage_limit_reached',
      feature: 'seats',
      current: 3,
      maximum: 3,
    });
    const revoked = await callApi(`/api/team/invites/${second.invite.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(revoked.status).toBe(200);
    expect((await invited(admin, `c-${randomUUID()}@example.com`)).seats.remaining).toBe(0);
  });

  it('never lets concurrent invitations pass the free seats', async () => {
    const { admin, agencyId } = await createTestAgency();

    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => invite(admin, `race-${index}-${randomUUID()}@example.com`)),
    );

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    for (const status of statuses.filter((code) => code !== 201)) expect([402, 409]).toContain(status);
    const pending = await Invite.queryAll('primary', { agency_id: agencyId }, { consistent: true });
    expect(pending).toHaveLength(3);
  });
});

describe('GET /api/invites/{token}', () => {
  it('shows the agency and the invited email to anyone holding the link', async () => {
    const { admin } = await createTestAgency({ name: 'Lookup Realty' });
    const email = `look-${randomUUID()}@example.com`;
    const { token, invite: sent } = await invited(admin, email);

    const response = await callApi(`/api/invites/${token}`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      agency_id: expect.any(String),
      agency_name: 'Lookup Realty',
      invited_by_name: admin.fullName,
      email,
      expires_at: sent.expires_at,
    });
  });

  it('answers an unknown link 404, a malformed one 400 and an expired one 410', async () => {
    const { admin, agencyId } = await createTestAgency();
    const { token, invite: sent } = await invited(admin, `old-${randomUUID()}@example.com`);
    await Invite.update(
      { agency_id: agencyId, invite_id: sent.id },
      { set: { expires_at: Math.floor(Date.now() / 1000) - 1 } },
    );

    const unknown = await callApi(`/api/invites/${'A'.repeat(43)}`);
    const malformed = await callApi('/api/invites/not-a-token');
    const expired = await callApi(`/api/invites/${token}`);

    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Invitation not found', code: 'not_found' });
    expect(malformed.status).toBe(400);
    expect(expired.status).toBe(410);
    const invitee = await createTestAgent();
    expect((await accept(token, invitee)).status).toBe(403);
  });
});

describe('POST /api/invites/{token}/accept', () => {
  it('moves the invitee into the agency on the agency plan, taking one seat, once', async () => {
    const { admin, agencyId } = await createTestAgency({ members: 1 });
    const invitee = await createTestAgent({ role: 'Agent' });
    const { token } = await invited(admin, invitee.email);

    const response = await accept(token, invitee);

    expect(response.status).toBe(200);
    const joined = await response.json();
    expect(joined).toEqual({
      agency_id: agencyId,
      agency_name: expect.any(String),
      agent_id: invitee.agentId,
      user_type: 'agent',
      role: 'Agency',
    });
    expect(await Agent.get({ agent_id: invitee.agentId })).toMatchObject({
      agency_id: agencyId,
      user_type: 'agent',
      role: 'Agency',
      team_previous_role: 'Agent',
    });
    expect(await agentCountOf(agencyId)).toBe(2);
    // a retry answers the same and takes no second seat; the link is used up for everyone else
    const again = await accept(token, invitee);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(joined);
    expect(await agentCountOf(agencyId)).toBe(2);
    // opened again, the link says it was accepted (the page offers the sign-in), not that it never was
    const preview = await callApi(`/api/invites/${token}`);
    expect(preview.status).toBe(409);
    expect(await preview.json()).toEqual({
      error: 'This invitation has already been accepted. Sign in to open your team.',
      reason: 'accepted',
      code: 'conflict',
    });
    const pending = await callApi('/api/team/invites', { token: admin.token });
    expect(await pending.json()).toMatchObject({
      items: [],
      seats: { seats: 3, members: 2, pending: 0, remaining: 1 },
    });
  });

  it('refuses an agent signed in with another email, and one who already has an agency', async () => {
    const { admin, agencyId } = await createTestAgency();
    const stranger = await createTestAgent();
    const { token } = await invited(admin, `someone-${randomUUID()}@example.com`);
    const theirs = await createTestAgency({ members: 1 });
    const taken = await invited(admin, `taken-${randomUUID()}@example.com`);
    await Invite.update(
      { agency_id: agencyId, invite_id: taken.invite.id },
      { set: { email: theirs.members[0]!.email } },
    );

    const wrongEmail = await accept(token, stranger);
    const inAgency = await accept(taken.token, theirs.members[0]!);

    expect(wrongEmail.status).toBe(403);
    expect(inAgency.status).toBe(409);
    expect(await agentCountOf(agencyId)).toBe(0);
    expect((await Agent.get({ agent_id: stranger.agentId }))?.agency_id).toBeUndefined();
    expect((await callApi(`/api/invites/${token}`)).status).toBe(200);
  });

  it('lets exactly the free seats through when more invitees accept at once than seats remain', async () => {
    // five invitations on Agency Plus (5 seats), then the plan becomes Agency (3 seats)
    const { admin, agencyId } = await createTestAgency({ role: 'AgencyPlus' });
    const invitees = await Promise.all(Array.from({ length: 5 }, () => createTestAgent()));
    const tokens: string[] = [];
    for (const invitee of invitees) tokens.push((await invited(admin, invitee.email)).token);
    await Agent.update({ agent_id: admin.agentId }, { set: { role: 'Agency' } });

    const responses = await Promise.all(invitees.map((invitee, index) => accept(tokens[index]!, invitee)));

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(2);
    for (const response of responses.filter((answer) => answer.status === 402)) {
      expect(await response.json()).toMatchObject({ feature: 'seats', current: 3, maximum: 3 });
    }
    expect(await agentCountOf(agencyId)).toBe(3);
    const members = await Agent.queryAll('byAgency', { agency_id: agencyId });
    expect(members).toHaveLength(4);
    // the refused invitations are pending again, their agents untouched
    const invites = await Invite.queryAll('primary', { agency_id: agencyId }, { consistent: true });
    expect(invites.filter((item) => item.status === 'pending')).toHaveLength(2);
    for (const [index, invitee] of invitees.entries()) {
      const stored = await Agent.get({ agent_id: invitee.agentId });
      expect(stored?.agency_id, `invitee ${index}`).toBe(statuses[index] === 200 ? agencyId : undefined);
    }
  });
});

describe('DELETE /api/team/invites/{id}', () => {
  it('revokes a pending invitation so its link stops working; others are not found', async () => {
    const { admin, members } = await createTestAgency({ members: 1 });
    const other = await createTestAgency();
    const { token, invite: sent } = await invited(admin, `rev-${randomUUID()}@example.com`);
    const path = `/api/team/invites/${sent.id}`;

    const byMember = await callApi(path, { method: 'DELETE', token: members[0]!.token });
    const byOtherAdmin = await callApi(path, { method: 'DELETE', token: other.admin.token });
    expect(byMember.status).toBe(403);
    expect(byOtherAdmin.status).toBe(404);
    expect((await callApi(`/api/invites/${token}`)).status).toBe(200);

    const revoked = await callApi(path, { method: 'DELETE', token: admin.token });
    expect(revoked.status).toBe(200);
    expect((await callApi(`/api/invites/${token}`)).status).toBe(404);
    expect((await callApi(path, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });
});

describe('GET /api/team', () => {
  it('lists the members with role, user type and stats, the admin first, for every member', async () => {
    const { admin, members, agencyId } = await createTestAgency({ members: 2, name: 'Team Realty' });
    await Agent.update(
      { agent_id: members[0]!.agentId },
      { set: { reputation_points: 42, property_count: 3, verified_deals: 1, connections: 7 } },
    );

    const asAdmin = await callApi('/api/team', { token: admin.token });
    const asMember = await callApi('/api/team', { token: members[1]!.token });

    expect(asAdmin.status).toBe(200);
    const team = await asAdmin.json();
    expect(team).toMatchObject({
      agency_id: agencyId,
      agency_name: 'Team Realty',
      is_admin: true,
      seats: { seats: 3, members: 2, pending: 0, remaining: 1 },
    });
    expect(team.members).toHaveLength(3);
    expect(team.members[0]).toMatchObject({ agent_id: admin.agentId, user_type: 'admin', role: 'Agency' });
    expect(
      team.members.find((member: { agent_id: string }) => member.agent_id === members[0]!.agentId),
    ).toEqual({
      agent_id: members[0]!.agentId,
      full_name: members[0]!.fullName,
      email: members[0]!.email,
      role: 'Agency',
      user_type: 'agent',
      reputation_points: 42,
      property_count: 3,
      verified_deals: 1,
      connections: 7,
    });
    expect(asMember.status).toBe(200);
    expect(await asMember.json()).toMatchObject({ is_admin: false, agency_id: agencyId });
  });

  it('is refused outside an agency', async () => {
    const response = await callApi('/api/team', { token: (await createTestAgent()).token });
    expect(response.status).toBe(403);
  });
});

describe('DELETE /api/team/members/{agentId}', () => {
  it('removes a member, who keeps its account and data, and gives the seat back', async () => {
    const { admin, agencyId } = await createTestAgency();
    const invitee = await createTestAgent({ role: 'Agent' });
    const { token } = await invited(admin, invitee.email);
    expect((await accept(token, invitee)).status).toBe(200);
    await Agent.update({ agent_id: invitee.agentId }, { set: { property_count: 4, bio: 'Mine' } });

    const response = await callApi(`/api/team/members/${invitee.agentId}`, {
      method: 'DELETE',
      token: admin.token,
    });

    expect(response.status).toBe(200);
    const stored = await Agent.get({ agent_id: invitee.agentId });
    expect(stored).toMatchObject({ role: 'Agent', property_count: 4, bio: 'Mine' });
    expect(stored?.agency_id).toBeUndefined();
    expect(stored?.user_type).toBeUndefined();
    expect(await agentCountOf(agencyId)).toBe(0);
    const team = await (await callApi('/api/team', { token: admin.token })).json();
    expect(team.members.map((member: { agent_id: string }) => member.agent_id)).toEqual([admin.agentId]);
    expect((await callApi('/api/team', { token: invitee.token })).status).toBe(403);
  });

  it('refuses members, the admin itself and agents outside the agency', async () => {
    const { admin, members, agencyId } = await createTestAgency({ members: 2 });
    const other = await createTestAgency({ members: 1 });
    const remove = (agentId: string, caller: TestAgent) =>
      callApi(`/api/team/members/${agentId}`, { method: 'DELETE', token: caller.token });

    expect((await remove(members[1]!.agentId, members[0]!)).status).toBe(403);
    expect((await remove(admin.agentId, admin)).status).toBe(400);
    expect((await remove(other.members[0]!.agentId, admin)).status).toBe(404);
    expect((await remove(members[0]!.agentId, other.admin)).status).toBe(404);
    expect(await agentCountOf(agencyId)).toBe(2);
    expect((await Agent.get({ agent_id: other.members[0]!.agentId }))?.agency_id).toBe(other.agencyId);
  });
});

describe('the team demo seed', () => {
  it('keeps exactly one pending invitation for the demo agency across restarts, renewing an expired one', async () => {
    const { seedTeamDemo, DEMO_INVITE } = await import('#local/seed-team');
    const { admin, agencyId } = await createTestAgency();
    await seedTeamDemo(agencyId, admin.agentId);
    await seedTeamDemo(agencyId, admin.agentId);
    await Invite.update(
      { agency_id: agencyId, invite_id: DEMO_INVITE.id },
      { set: { expires_at: Math.floor(Date.now() / 1000) - 60 } },
    );

    await seedTeamDemo(agencyId, admin.agentId);

    const list = await (await callApi('/api/team/invites', { token: admin.token })).json();
    expect(list.items).toEqual([expect.objectContaining({ id: DEMO_INVITE.id, email: DEMO_INVITE.email })]);
  });
});
