import { describe, expect, it } from 'vitest';
import { callApi, createTestAgent, jsonBody } from '../support/agents.ts';

describe('agent profiles', () => {
  it('shows your own subscription state, and no one else’s', async () => {
    const viewer = await createTestAgent({ fullName: 'Xena Viewer' });
    const expired = await createTestAgent({ fullName: 'Yuri Expired', subscriptionStatus: 'expired' });

    const own = await (await callApi(`/api/agents/${expired.agentId}`, { token: expired.token })).json();
    const foreign = await (await callApi(`/api/agents/${expired.agentId}`, { token: viewer.token })).json();
    const listed = (await (
      await callApi(`/api/agents?search=${encodeURIComponent('yuri expired')}`, { token: viewer.token })
    ).json()) as { items: Array<Record<string, unknown>> };

    expect(own.subscription_status).toBe('expired');
    expect(foreign).not.toHaveProperty('subscription_status');
    expect(foreign.agent_id).toBe(expired.agentId);
    expect(listed.items.find((item) => item.agent_id === expired.agentId)).not.toHaveProperty(
      'subscription_status',
    );
  });

  it('reports an active subscription on your own record by default', async () => {
    const agent = await createTestAgent();

    const response = await callApi(`/api/agents/${agent.agentId}`, {
      ...jsonBody('PATCH', { bio: 'Coastal homes.' }),
      token: agent.token,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ bio: 'Coastal homes.', subscription_status: 'active' });
  });

  it.each([
    ['profile_picture', '/media/agents/someone/profile.jpg'],
    ['role', 'AgencyPlus'],
    ['subscription_status', 'active'],
    ['agency_id', 'another-agency'],
    ['user_type', 'admin'],
    ['reputation_points', 9999],
  ])('refuses to PATCH %s, which the platform owns', async (field, value) => {
    const agent = await createTestAgent({ subscriptionStatus: 'expired' });

    const response = await callApi(`/api/agents/${agent.agentId}`, {
      ...jsonBody('PATCH', { [field]: value }),
      token: agent.token,
    });

    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain(field);
    const after = await (await callApi(`/api/agents/${agent.agentId}`, { token: agent.token })).json();
    expect(after).toMatchObject({ role: 'Superagent', subscription_status: 'expired', reputation_points: 0 });
    expect(after).not.toHaveProperty('profile_picture');
    expect(after).not.toHaveProperty('agency_id');
  });
});
