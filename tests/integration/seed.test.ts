import { describe, expect, inject, it } from 'vitest';
import { signIn } from '#local/accounts';
import type { LocalCloud } from '#local/cloud';
import { DEMO_PASSWORD, seedDemoData } from '#local/seed';
import { callApi } from '../support/agents.ts';

/** The `npm start` demo seed, run against the test cloud (twice: it must be idempotent). */
describe('the demo seed', () => {
  // seeds the whole demo twice (every listing, award and site): longer than one request's test
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

    // the demo site has its own address (the preview on the app's origin takes no form posts)
    const sites = await callApi('/websites', { token: admin.token });
    expect(sites.status).toBe(200);
    const listed = (await sites.json()) as Array<{ id: string; domain?: string }> | { websites?: unknown };
    expect(JSON.stringify(listed)).toMatch(/"domain":"harbor-pine-demowe\./);

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

    // support staff are an account of their own, apart from the customers: the inbox is theirs alone,
    // and no directory or search lists them
    expect(first.support.email).toBe('support@estatenet.local');
    const staff = await profile('support@estatenet.local');
    expect(staff.agent).not.toHaveProperty('staff');
    const settingsOf = async (token: string) =>
      (await (await callApi('/api/account-settings', { token })).json()) as { support_staff: boolean };
    expect((await settingsOf(staff.token)).support_staff).toBe(true);
    expect((await settingsOf(admin.token)).support_staff).toBe(false);
    expect((await callApi('/api/support/inbox', { token: admin.token })).status).toBe(404);
    // the demo's deeds: one waits in the support staff's review queue, approved ones verify their listings
    const queue = (await (await callApi('/api/support/deed-reviews', { token: staff.token })).json()) as {
      items: Array<{ property_id: string; agent_name: string }>;
    };
    expect(queue.items).toContainEqual(
      expect.objectContaining({ property_id: 'demo-principe-real-flat', agent_name: 'Maya Collins' }),
    );
    expect((await callApi('/api/support/deed-reviews', { token: admin.token })).status).toBe(404);
    const found = async (search: string) => {
      const page = (await (
        await callApi(`/api/agents?limit=100&search=${search}`, { token: admin.token })
      ).json()) as { items: Array<{ full_name: string }> };
      return page.items.map((agent) => agent.full_name);
    };
    expect(await found('maya')).toContain('Maya Collins');
    expect(await found('support')).not.toContain('EstateNet Support');
    expect(await found('estatenet')).not.toContain('EstateNet Support');
  }, 90_000);

  it('prices the demo listings in the currency of their cities, as their agents would enter them', async () => {
    const cloud = { userPool: inject('cloud').userPool } as LocalCloud;
    await seedDemoData(cloud);
    const { accessToken } = await signIn(cloud.userPool, 'demo@estatenet.local', DEMO_PASSWORD);
    const response = await callApi('/api/properties?limit=100', { token: accessToken });
    const { items } = (await response.json()) as {
      items: Array<{ property_id: string; city: string; price: number; currency: string }>;
    };
    const demo = items.filter((item) => item.property_id.startsWith('demo-'));
    expect(demo.length).toBeGreaterThan(0);
    // every demo city is in Portugal
    expect(demo.map((item) => `${item.city}: ${item.currency}`)).toEqual(
      demo.map((item) => `${item.city}: EUR`),
    );
    expect(demo.find((item) => item.property_id === 'demo-alfama-loft')?.price).toBe(612_000);
  });

  it('shows the demo agent a deal on each side: one it proposed, now at a viewing, one waiting for its answer', async () => {
    const cloud = { userPool: inject('cloud').userPool } as LocalCloud;
    await seedDemoData(cloud);
    await seedDemoData(cloud);
    const { accessToken } = await signIn(cloud.userPool, 'demo@estatenet.local', DEMO_PASSWORD);
    const response = await callApi('/api/deals', { token: accessToken });
    const { items } = (await response.json()) as {
      items: Array<{
        side: string;
        status: string;
        listing: { property_id: string };
        client: { full_name: string };
      }>;
    };
    expect(
      items.map((deal) => [deal.side, deal.status, deal.listing.property_id, deal.client.full_name]).sort(),
    ).toEqual([
      ['listing', 'proposed', 'demo-belem-villa', expect.any(String)],
      ['proposer', 'viewing', 'demo-foz-apartment', 'Charlotte Evans'],
    ]);
  });

  it("shows the demo agent its clients' matches among other agents' listings, and a saved search's", async () => {
    const cloud = { userPool: inject('cloud').userPool } as LocalCloud;
    await seedDemoData(cloud);
    await seedDemoData(cloud);
    const { accessToken } = await signIn(cloud.userPool, 'demo@estatenet.local', DEMO_PASSWORD);
    const matchedIds = async (path: string) => {
      const response = await callApi(path, { token: accessToken });
      expect(response.status).toBe(200);
      const { items } = (await response.json()) as { items: Array<{ listing: { property_id: string } }> };
      return items.map((item) => item.listing.property_id);
    };
    expect(await matchedIds('/api/clients/demo-client-18/matches')).toEqual(['demo-foz-apartment']);
    expect((await matchedIds('/api/clients/demo-client-19/matches')).sort()).toEqual([
      'demo-cascais-house',
      'demo-lagos-villa',
    ]);
    expect(await matchedIds('/api/clients/demo-client-20/matches')).toEqual(['demo-estoril-rental']);
    const searches = await callApi('/api/saved-searches', { token: accessToken });
    const { items } = (await searches.json()) as { items: Array<{ saved_search_id: string; name: string }> };
    expect(items.map((search) => search.name)).toEqual(['Algarve villas under €1.2M']);
    expect(await matchedIds(`/api/saved-searches/${items[0]!.saved_search_id}/matches`)).toEqual([
      'demo-lagos-villa',
    ]);
  });

  it('makes every figure agree with the records the screens list', async () => {
    const cloud = { userPool: inject('cloud').userPool } as LocalCloud;
    const demo = await seedDemoData(cloud);
    const sessions = await Promise.all(
      demo.signIns.map(async ({ email }) => {
        const { accessToken } = await signIn(cloud.userPool, email, DEMO_PASSWORD);
        const agentId = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString())
          .sub as string;
        return { email, agentId, token: accessToken };
      }),
    );
    const get = async <T>(path: string, token: string): Promise<T> => {
      const response = await callApi(path, { token });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const everyId = sessions.map((session) => session.agentId).join(',');
    for (const { email, agentId, token } of sessions) {
      const summary = await get<Record<'points' | 'propertyCount' | 'verifiedDeals' | 'connections', number>>(
        `/api/agents/${agentId}/reputation`,
        token,
      );
      const history = await get<{ activities: Array<{ activityType: string; points: number }> }>(
        `/api/agents/${agentId}/reputation/history?page=1&limit=100`,
        token,
      );
      const listings = await get<{ pagination: { totalItems: number } }>(
        `/api/properties?agent_id=${agentId}&page=1&limit=1`,
        token,
      );
      const statuses = await get<{ items: Array<{ state: string }> }>(
        `/api/connections/status?agent_ids=${everyId}`,
        token,
      );
      const profile = await get<Record<string, unknown>>(`/api/agents/${agentId}`, token);
      const own = await get<{ items: Array<{ property_id: string; deed_verified: boolean }> }>(
        `/api/properties?agent_id=${agentId}&page=1&limit=100`,
        token,
      );
      // a verified deal is a listing whose deed support staff approved, through the verification's own code
      const verifiedListings = own.items.filter((item) => item.deed_verified);
      for (const listing of verifiedListings) {
        const verifications = await get<{ deed: { state: string } }>(
          `/api/properties/${listing.property_id}/verifications`,
          token,
        );
        expect({ email, listing: listing.property_id, ...verifications.deed }).toMatchObject({
          state: 'approved',
        });
      }
      const figures = {
        points: history.activities.reduce((sum, activity) => sum + activity.points, 0),
        propertyCount: listings.pagination.totalItems,
        verifiedDeals: history.activities.filter(
          (activity) => activity.activityType === 'PROPERTY_DEED_VERIFIED',
        ).length,
        connections: statuses.items.filter((status) => status.state === 'connected').length,
      };
      expect({ email, ...summary }).toMatchObject({ email, ...figures });
      expect({ email, verifiedDeals: summary.verifiedDeals }).toEqual({
        email,
        verifiedDeals: verifiedListings.length,
      });
      // the sidebar reads the agent record's counters
      expect({ email, ...profile }).toMatchObject({
        email,
        reputation_points: figures.points,
        property_count: figures.propertyCount,
        verified_deals: figures.verifiedDeals,
        connections: figures.connections,
      });
    }
  });
});
