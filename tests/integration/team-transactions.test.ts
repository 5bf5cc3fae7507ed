import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Role } from '#contracts/plans';
import { Invite } from '#functions/team/entities';
import { joinAgency, leaveAgency, nowSeconds, TeamChangeRefused } from '#functions/team/team';
import { Agency, Agent } from '#platform/accounts/entities';

/**
 * Joining and leaving an agency are single transactions against the local DynamoDB (its transaction
 * layer has AWS's all-or-nothing semantics): when any step's condition fails, nothing of the other
 * steps is written — no claimed invitation without a member, no seat taken without one, no member
 * without a seat.
 */

const SEATS = 3;

async function agencyWithInvite(options: { agentCount?: number; expiresAt?: number } = {}) {
  const agencyId = randomUUID();
  const adminId = randomUUID();
  await Agent.create({
    agent_id: adminId,
    email: `${adminId}@team-tx.test`,
    full_name: 'Team Admin',
    role: 'Agency',
    agency_id: agencyId,
    user_type: 'admin',
  });
  await Agency.create({
    id: agencyId,
    name: 'Transaction Realty',
    agentCount: options.agentCount ?? 0,
    admin_agent_id: adminId,
  });
  const agentId = randomUUID();
  const agent = await Agent.create({
    agent_id: agentId,
    email: `${agentId}@team-tx.test`,
    full_name: 'Joining Agent',
    role: 'Agent',
  });
  const invite = await Invite.create({
    agency_id: agencyId,
    invite_id: randomUUID(),
    email: agent.email,
    token_hash: randomUUID(),
    invited_by: adminId,
    expires_at: options.expiresAt ?? nowSeconds() + 3600,
  });
  return { agencyId, agent, invite };
}

const join = (setup: Awaited<ReturnType<typeof agencyWithInvite>>, role: Role = 'Agency') =>
  joinAgency({
    invite: setup.invite,
    agent: { agentId: setup.agent.agent_id, role: setup.agent.role },
    role,
    seats: SEATS,
    at: new Date().toISOString(),
  });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof TeamChangeRefused ? error.step : error),
  );

/** Everything a join writes, read back consistently. */
async function stateOf({ agencyId, agent, invite }: Awaited<ReturnType<typeof agencyWithInvite>>) {
  const key = { agency_id: agencyId, invite_id: invite.invite_id };
  return {
    invite: await Invite.get(key, { consistent: true }),
    agentCount: (await Agency.get({ id: agencyId }, { consistent: true }))?.agentCount,
    agent: await Agent.get({ agent_id: agent.agent_id }, { consistent: true }),
    members: (await Agent.queryAll('byAgency', { agency_id: agencyId })).map((member) => member.agent_id),
  };
}

describe('joinAgency', () => {
  it('claims the invitation, takes a seat and moves the agent into the members index together', async () => {
    const setup = await agencyWithInvite({ agentCount: 1 });

    await join(setup);

    const after = await stateOf(setup);
    expect(after.invite).toMatchObject({ status: 'accepted', accepted_by: setup.agent.agent_id });
    expect(after.agentCount).toBe(2);
    expect(after.agent).toMatchObject({
      agency_id: setup.agencyId,
      user_type: 'agent',
      role: 'Agency',
      team_previous_role: 'Agent',
    });
    expect(after.members).toContain(setup.agent.agent_id);
  });

  it('writes nothing when the seats are taken (the seat step fails)', async () => {
    const setup = await agencyWithInvite({ agentCount: SEATS });
    const before = await stateOf(setup);

    expect(await refusal(join(setup))).toBe('seat');

    expect(await stateOf(setup)).toEqual(before);
    expect(before.invite?.status).toBe('pending');
    expect(before.agent?.agency_id).toBeUndefined();
  });

  it('writes nothing when the agent joined another agency meanwhile (the member step fails)', async () => {
    const setup = await agencyWithInvite();
    // the agent joined elsewhere after the handler read it
    await Agent.update({ agent_id: setup.agent.agent_id }, { set: { agency_id: randomUUID() } });
    const before = await stateOf(setup);

    expect(await refusal(join(setup))).toBe('member');

    expect(await stateOf(setup)).toEqual(before);
    expect(before.invite?.status).toBe('pending');
    expect(before.agentCount).toBe(0);
  });

  it('writes nothing when the invitation expired or was used meanwhile (the invitation step fails)', async () => {
    const expired = await agencyWithInvite({ expiresAt: nowSeconds() - 1 });
    const used = await agencyWithInvite();
    await Invite.update(
      { agency_id: used.agencyId, invite_id: used.invite.invite_id },
      { set: { status: 'accepted', accepted_by: randomUUID() } },
    );
    const before = [await stateOf(expired), await stateOf(used)];

    expect(await refusal(join(expired))).toBe('invitation');
    expect(await refusal(join(used))).toBe('invitation');

    expect([await stateOf(expired), await stateOf(used)]).toEqual(before);
    expect(before.map((state) => [state.agentCount, state.agent?.agency_id])).toEqual([
      [0, undefined],
      [0, undefined],
    ]);
  });
});

describe('leaveAgency', () => {
  it('takes the member out of the members index and gives its seat back together', async () => {
    const setup = await agencyWithInvite({ agentCount: 1 });
    await join(setup);

    await leaveAgency(setup.agencyId, (await Agent.get({ agent_id: setup.agent.agent_id }))!);

    const after = await stateOf(setup);
    expect(after.agentCount).toBe(1);
    expect(after.members).not.toContain(setup.agent.agent_id);
    expect(after.agent?.role).toBe('Agent');
    expect(after.agent).not.toHaveProperty('agency_id');
    expect(after.agent).not.toHaveProperty('team_previous_role');
  });

  it('gives no seat back for an agent that is no longer a member', async () => {
    const setup = await agencyWithInvite({ agentCount: 2 });

    expect(await refusal(leaveAgency(setup.agencyId, setup.agent))).toBe('member');

    expect((await stateOf(setup)).agentCount).toBe(2);
  });

  it('still lets a member leave when the seat count is already 0', async () => {
    const setup = await agencyWithInvite();
    await join(setup);
    await Agency.update({ id: setup.agencyId }, { set: { agentCount: 0 } });

    await leaveAgency(setup.agencyId, (await Agent.get({ agent_id: setup.agent.agent_id }))!);

    const after = await stateOf(setup);
    expect(after.agentCount).toBe(0);
    expect(after.agent).not.toHaveProperty('agency_id');
  });
});
