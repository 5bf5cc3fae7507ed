import { describe, expect, inject, it } from 'vitest';
import { signIn } from '#local/accounts';
import type { LocalCloud } from '#local/cloud';
import { DEMO_PASSWORD, seedDemoData } from '#local/seed';
import { callApi } from '../support/agents.ts';

/** The `npm start` demo seed, run against the test cloud (twice: it must be idempotent). */
describe('the demo seed', () => {
  it('creates the demo agency, its agents, a free agent and an expired one, and can run again', async () => {
    const cloud = { userPool: inject('cloud').userPool } as LocalCloud;
    const first = await seedDemoData(cloud);
    const again = await seedDemoData(cloud);
    expect(again).toEqual(first);

    expect(first.signIns.map((signIn) => [signIn.email, signIn.role])).toEqual(
      expect.arrayContaining([
        ['demo@estatenet.local', 'Agency'],
        ['leo@estatenet.local', 'Agency'],
        ['amir@estatenet.local', 'Superagent'],
        ['nora@estatenet.local', 'Agent'],
      ]),
    );
    const profile = async (email: string) => {
      const { accessToken } = await signIn(cloud.userPool, email, DEMO_PASSWORD);
      const sub = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sub as string;
      const response = await callApi(`/api/agents/${sub}`, { token: accessToken });
      expect(response.status).toBe(200);
      return { token: accessToken, agent: (await response.json()) as Record<string, unknown> };
    };

    const admin = await profile('demo@estatenet.local');
    expect(admin.agent).toMatchObject({ role: 'Agency', user_type: 'admin', agency_id: expect.any(String) });
    const agency = await callApi(`/api/agencies/${admin.agent.agency_id}`, { token: admin.token });
    expect(agency.status).toBe(200);
    expect(await agency.json()).toMatchObject({
      type: 'Agency',
      name: 'Harbor & Pine Realty',
      agentCount: 2,
    });

    const members = await Promise.all(
      first.signIns
        .filter((signIn) => signIn.role === 'Agency' && signIn.email !== 'demo@estatenet.local')
        .map((signIn) => profile(signIn.email)),
    );
    expect(members.map((member) => member.agent.full_name)).toContain('Leo Martins');
    for (const member of members) expect(member.agent.agency_id).toBe(admin.agent.agency_id);

    expect((await profile('amir@estatenet.local')).agent).toMatchObject({ role: 'Superagent' });
    expect((await profile('nora@estatenet.local')).agent).toMatchObject({
      role: 'Agent',
      subscription_status: 'expired',
    });
  });
});
