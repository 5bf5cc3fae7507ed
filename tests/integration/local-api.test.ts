import { readFileSync } from 'node:fs';
import { describe, expect, inject, it, vi } from 'vitest';
import { callApi, createTestAgent } from '../support/agents.ts';

const json = (body: unknown) => ({
  method: 'PATCH',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the local API Gateway', () => {
  it('answers 401 JSON to a request without a token', async () => {
    const response = await callApi('/api/agents');

    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      error: 'Authentication token is missing',
      code: 'unauthenticated',
    });
  });

  it('answers 200 to a token issued by the local Cognito and lists the new agent', async () => {
    const agent = await createTestAgent({ fullName: 'Zelda Quill' });

    const response = await callApi(`/api/agents?search=${encodeURIComponent('zelda q')}`, {
      token: agent.token,
    });

    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: Array<{ agent_id: string; full_name: string }> };
    expect(body.items.map((item) => item.agent_id)).toContain(agent.agentId);
  });

  it('rejects a token whose signature was tampered with', async () => {
    const agent = await createTestAgent();
    const [header, payload, signature] = agent.token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;

    const response = await callApi('/api/agents', { token: tampered });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid or expired token', code: 'unauthenticated' });
  });

  it('answers 403 to a valid token whose account has no agent record yet', async () => {
    const agent = await createTestAgent({ withRecord: false });

    const response = await callApi('/api/agents', { token: agent.token });

    expect(response.status).toBe(403);
  });

  it('answers malformed JSON with 400 and a message, and changes nothing', async () => {
    const agent = await createTestAgent({ fullName: 'Ada Original' });

    const response = await callApi(`/api/agents/${agent.agentId}`, {
      ...json({}),
      body: '{"full_name": "Broken',
      token: agent.token,
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Malformed JSON body', code: 'validation_failed' });
    const after = await (await callApi(`/api/agents/${agent.agentId}`, { token: agent.token })).json();
    expect(after.full_name).toBe('Ada Original');
  });

  it('answers invalid fields with 400 naming the field', async () => {
    const agent = await createTestAgent();

    const response = await callApi(`/api/agents/${agent.agentId}`, {
      ...json({ full_name: '', role: 'AgencyPlus' }),
      token: agent.token,
    });

    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('Full name is required');
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['full_name']));
  });

  it('lets an agent change its own profile but not another agent’s', async () => {
    const owner = await createTestAgent();
    const other = await createTestAgent({ fullName: 'Untouched Name' });

    const own = await callApi(`/api/agents/${owner.agentId}`, {
      ...json({ city: 'Braga' }),
      token: owner.token,
    });
    const foreign = await callApi(`/api/agents/${other.agentId}`, {
      ...json({ city: 'Braga' }),
      token: owner.token,
    });

    expect(own.status).toBe(200);
    expect((await own.json()).city).toBe('Braga');
    expect(foreign.status).toBe(403);
    const untouched = await (await callApi(`/api/agents/${other.agentId}`, { token: other.token })).json();
    expect(untouched.city).toBeUndefined();
  });

  it('answers an unknown path with HTTP API’s 404 JSON', async () => {
    const response = await callApi('/api/no-such-endpoint');

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('answers an event over Lambda’s 6 MB with HTTP API’s 413 JSON', async () => {
    const agent = await createTestAgent();

    const response = await callApi(`/api/agents/${agent.agentId}`, {
      ...json({ bio: 'x'.repeat(6 * 1024 * 1024 + 10) }),
      token: agent.token,
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request Entity Too Large' });
  });

  it('logs one readable line per request', async () => {
    await callApi('/api/agents?limit=1');

    // the line is written when the response has finished, a moment after the client has it
    await vi.waitFor(
      () =>
        expect(readFileSync(inject('cloud').logFile, 'utf8')).toMatch(/GET \/api\/agents\?limit=1 401 \d+ms/),
      { timeout: 10_000 },
    );
  });
});

describe('the local static host', () => {
  it('redirects a page request without the token cookie to the login route', async () => {
    const response = await callApi('/clients');

    expect([302, 307]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/authentication/login');
  });

  it('serves the app on the login route and on any route with the cookie (SPA fallback)', async () => {
    const login = await callApi('/authentication/login');
    const withCookie = await callApi('/clients', { headers: { cookie: 'token=abc' } });

    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<div id="root">');
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('content-type')).toContain('text/html');
  });
});
