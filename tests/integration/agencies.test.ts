import { describe, expect, it } from 'vitest';
import { fieldLabel } from '#contracts/field-labels';
import { BrandColors } from '#functions/preferences/entities';
import { Agency } from '#platform/accounts/entities';
import { callApi, createTestAgency, createTestAgent, jsonBody } from '../support/agents.ts';

describe('GET /api/agencies/{id}', () => {
  it('shows the agency to its admin and to its members', async () => {
    const { agencyId, admin, members } = await createTestAgency({ members: 1, name: 'Harbor Test Realty' });

    const asAdmin = await callApi(`/api/agencies/${agencyId}`, { token: admin.token });
    const asMember = await callApi(`/api/agencies/${agencyId}`, { token: members[0]!.token });

    expect(asAdmin.status).toBe(200);
    const agency = await asAdmin.json();
    expect(agency).toMatchObject({
      id: agencyId,
      name: 'Harbor Test Realty',
      type: 'Agency',
      agentCount: 1,
      admin_agent_id: admin.agentId,
    });
    expect(agency).not.toHaveProperty('pk');
    expect(asMember.status).toBe(200);
    expect(await asMember.json()).toEqual(agency);
  });

  it('answers another agency, a missing one and an agent without agency with 404', async () => {
    const mine = await createTestAgency();
    const theirs = await createTestAgency();
    const loner = await createTestAgent();

    const foreign = await callApi(`/api/agencies/${theirs.agencyId}`, { token: mine.admin.token });
    const missing = await callApi('/api/agencies/no-such-agency', { token: mine.admin.token });
    const noAgency = await callApi(`/api/agencies/${theirs.agencyId}`, { token: loner.token });

    for (const response of [foreign, missing, noAgency]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Agency not found', code: 'not_found' });
    }
  });
});

describe('PATCH /api/agencies/{id}', () => {
  it('lets the admin change name, city and website', async () => {
    const { agencyId, admin } = await createTestAgency();

    const response = await callApi(`/api/agencies/${agencyId}`, {
      ...jsonBody('PATCH', { name: '  Pine Coast Homes ', city: 'Porto', website: 'https://pine.example' }),
      token: admin.token,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: agencyId,
      name: 'Pine Coast Homes',
      city: 'Porto',
      website: 'https://pine.example',
    });
    const stored = await Agency.get({ id: agencyId });
    expect(stored).toMatchObject({ name: 'Pine Coast Homes', city: 'Porto' });
  });

  it('answers a member with 403 and an outsider with 404, changing nothing', async () => {
    const { agencyId, admin, members } = await createTestAgency({ members: 1, name: 'Unchanged Name' });
    const outsider = await createTestAgency();

    const asMember = await callApi(`/api/agencies/${agencyId}`, {
      ...jsonBody('PATCH', { name: 'Taken Over' }),
      token: members[0]!.token,
    });
    const asOutsider = await callApi(`/api/agencies/${agencyId}`, {
      ...jsonBody('PATCH', { name: 'Taken Over' }),
      token: outsider.admin.token,
    });

    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toEqual({
      error: 'Only the agency admin can change the agency',
      code: 'forbidden',
    });
    expect(asOutsider.status).toBe(404);
    const after = await (await callApi(`/api/agencies/${agencyId}`, { token: admin.token })).json();
    expect(after.name).toBe('Unchanged Name');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ website: 'ftp://files.example' }, 'website'],
    [{ type: 'AgencyPlus' }, 'body'],
    [{ logo: '/media/agencies/x/logo.png' }, 'body'],
    [{ admin_agent_id: 'someone-else' }, 'body'],
    [{ agentCount: 99 }, 'body'],
  ])('answers %j with 400 naming the field', async (patch, field) => {
    const { agencyId, admin } = await createTestAgency();

    const response = await callApi(`/api/agencies/${agencyId}`, {
      ...jsonBody('PATCH', patch),
      token: admin.token,
    });

    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual([field]);
    // named as the person knows the field, or the unknown key the request sent
    if (field === 'body') expect(body.error).toContain(Object.keys(patch)[0]);
    else expect(body.error.startsWith(fieldLabel(field))).toBe(true);
    const after = await Agency.get({ id: agencyId });
    expect(after).toMatchObject({ type: 'Agency', admin_agent_id: admin.agentId, agentCount: 0 });
  });

  it('answers an empty change with 400', async () => {
    const { agencyId, admin } = await createTestAgency();

    const response = await callApi(`/api/agencies/${agencyId}`, {
      ...jsonBody('PATCH', {}),
      token: admin.token,
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Nothing to change: send at least one field',
      code: 'validation_failed',
    });
  });

  it('lets the admin clear the website with an empty string', async () => {
    const { agencyId, admin } = await createTestAgency();
    await callApi(`/api/agencies/${agencyId}`, {
      ...jsonBody('PATCH', { website: 'https://old.example' }),
      token: admin.token,
    });

    const response = await callApi(`/api/agencies/${agencyId}`, {
      ...jsonBody('PATCH', { website: '' }),
      token: admin.token,
    });

    expect(response.status).toBe(200);
    expect((await response.json()).website).toBe('');
  });
});

describe('GET /api/brand-colors/{agencyId}', () => {
  it("gives an agency's members the spec's default colours until some are saved", async () => {
    const { agencyId, members } = await createTestAgency({ members: 1 });

    const response = await callApi(`/api/brand-colors/${agencyId}`, { token: members[0]!.token });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ agencyId, color1: '#1ab684', color2: '#157f58' });
  });

  it('gives the saved colours once there are some', async () => {
    const { agencyId, admin } = await createTestAgency();
    await BrandColors.put({ owner_id: agencyId, color1: '#112233', color2: '#445566' });

    const response = await callApi(`/api/brand-colors/${agencyId}`, { token: admin.token });

    expect(await response.json()).toEqual({ agencyId, color1: '#112233', color2: '#445566' });
  });

  it("answers another agency's colours with 404", async () => {
    const mine = await createTestAgency();
    const theirs = await createTestAgency();
    await BrandColors.put({ owner_id: theirs.agencyId, color1: '#000000', color2: '#ffffff' });

    const response = await callApi(`/api/brand-colors/${theirs.agencyId}`, { token: mine.admin.token });

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Agency not found', code: 'not_found' });
  });

  it('uses the agent id as the owner for an agent without an agency, and no one else’s', async () => {
    const loner = await createTestAgent({ role: 'Agent' });
    const other = await createTestAgent({ role: 'Agent' });

    const own = await callApi(`/api/brand-colors/${loner.agentId}`, { token: loner.token });
    const foreign = await callApi(`/api/brand-colors/${other.agentId}`, { token: loner.token });

    expect(await own.json()).toEqual({ agencyId: loner.agentId, color1: '#1ab684', color2: '#157f58' });
    expect(foreign.status).toBe(404);
  });
});
