import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { documentClient } from '#aws/dynamodb';
import { ERROR_CODE_NAMES, type ErrorCode } from '#contracts/error-codes';
import { PLANS } from '#contracts/plans';
import { WebsiteLeadCount } from '#functions/website-leads/entities';
import { WEBSITE_LEAD_CAP_MESSAGES, WEBSITE_LEAD_CAPS } from '#functions/website-leads/website-leads';
import { Agent, FeatureUsage } from '#platform/accounts/entities';
import { handler as updateAgent } from '../../functions/agents/update-agent.ts';
import {
  callApi,
  createTestAgency,
  createTestAgent,
  type JsonAnswer,
  jsonBody,
  type TestAgent,
  waitingOutThrottle,
} from '../support/agents.ts';
import { expectDocumentedErrorBody } from '../support/documented-statuses.ts';

/**
 * Machine-readable errors (issue 19): every error answer carries `error` (the text to show, as the spec
 * words it) and `code` (contracts/error-codes.ts) — the paywall's 402 included, whose code is its reason.
 * callApi also fails any test that sees an error body without a code openapi.json documents for it.
 */

async function answerOf(response: Response): Promise<JsonAnswer> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const call = async (path: string, init: Parameters<typeof callApi>[1] = {}) =>
  answerOf(await callApi(path, init));

/** An error answer: its status, its text, and a code from the list. */
function expectError(answer: JsonAnswer, status: number, code: ErrorCode, error?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(ERROR_CODE_NAMES).toContain(answer.body.code);
  expect(answer.body).toMatchObject({ code, error: error ?? expect.stringMatching(/\S/) });
}

async function publishedWebsite(agent: TestAgent): Promise<string> {
  const created = await call('/websites', {
    ...jsonBody('POST', { name: `Site ${randomUUID().slice(0, 6)}` }),
    token: agent.token,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  expect((await callApi(`/websites/${id}/publish`, { method: 'POST', token: agent.token })).status).toBe(200);
  return id;
}

/** A lead from the website's contact form, sent again while the public route's own throttle refuses it. */
async function postLead(websiteId: string): Promise<JsonAnswer> {
  const form = new URLSearchParams({
    name: 'Vera Lopes',
    email: `vera-${randomUUID().slice(0, 8)}@example.com`,
    phone: '',
    message: 'I would like to see the flat.',
    page: '/contact',
  });
  return answerOf(
    await waitingOutThrottle(() =>
      callApi(`/api/website-leads/${websiteId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }),
    ),
  );
}

const WRITES = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand']);

afterEach(() => {
  mockClient(documentClient).restore();
});

describe('error answers carry `error` and a documented `code`', () => {
  it('400: validation_failed, with the invalid field named', async () => {
    const agent = await createTestAgent();

    const answer = await call('/api/clients', { ...jsonBody('POST', { full_name: '' }), token: agent.token });

    expectError(answer, 400, 'validation_failed');
    expect(answer.body.fields).toHaveProperty('full_name');
  });

  it('401: unauthenticated', async () => {
    expectError(await call('/api/clients'), 401, 'unauthenticated', 'Authentication token is missing');
  });

  it('403: forbidden for a role, limit_reached at the clients limit (spec §8 "Feature limit reached")', async () => {
    const { members } = await createTestAgency({ members: 1 });
    const refused = await call('/api/team/invites', {
      ...jsonBody('POST', { email: `x-${randomUUID()}@example.com` }),
      token: members[0]!.token,
    });
    const free = await createTestAgent({ role: 'Superagent' });
    const maximum = PLANS.Superagent.limits.clients!;
    await FeatureUsage.update(
      { agent_id: free.agentId, feature: 'clients' },
      { set: { used: maximum } },
      { mustExist: false },
    );

    const limited = await call('/api/clients', {
      ...jsonBody('POST', { full_name: 'One too many' }),
      token: free.token,
    });

    expectError(refused, 403, 'forbidden', 'Only the agency admin can manage its team');
    expectError(limited, 403, 'limit_reached', 'Feature limit reached');
    expect(limited.body).toMatchObject({ feature: 'clients', current: maximum, maximum });
  });

  it('404: not_found, for a missing object and for another tenant’s alike', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const created = await call('/api/clients', {
      ...jsonBody('POST', { full_name: 'Ana' }),
      token: other.token,
    });
    expect(created.status).toBe(201);
    const theirs = created.body.client_id as string;

    const missing = await call(`/api/clients/${randomUUID()}`, { method: 'DELETE', token: agent.token });
    const foreign = await call(`/api/clients/${theirs}`, { method: 'DELETE', token: agent.token });

    expectError(missing, 404, 'not_found', 'Client not found');
    expect(foreign).toEqual(missing);
  });

  it('402: the paywall body has `error` (its message) and `code` (its reason) beside its own fields', async () => {
    const expired = await createTestAgent({ subscriptionStatus: 'expired' });

    const answer = await call('/api/clients', {
      ...jsonBody('POST', { full_name: 'Ana' }),
      token: expired.token,
    });

    expectError(answer, 402, 'subscription_expired', 'Your subscription has expired. Renew it to continue.');
    expect(answer.body).toMatchObject({
      paywall: true,
      reason: 'subscription_expired',
      message: 'Your subscription has expired. Renew it to continue.',
      action: 'renew_subscription',
    });
  });

  it('409: conflict', async () => {
    const { admin, members } = await createTestAgency({ members: 1 });

    const answer = await call('/api/team/invites', {
      ...jsonBody('POST', { email: members[0]!.email }),
      token: admin.token,
    });

    expectError(answer, 409, 'conflict', 'This agent is already a member of your agency');
  });

  it('412: stale_website, its reason kept', async () => {
    const agent = await createTestAgent();
    const created = await call('/websites', {
      ...jsonBody('POST', { name: `Site ${randomUUID().slice(0, 6)}` }),
      token: agent.token,
    });
    const id = created.body.id as string;
    const opened = await callApi(`/websites/${id}`, { token: agent.token });
    const etag = opened.headers.get('etag')!;
    const save = (title: string) => {
      const init = jsonBody('PUT', { title });
      return call(`/websites/${id}`, {
        ...init,
        headers: { ...init.headers, 'if-match': etag },
        token: agent.token,
      });
    };
    expect((await save('First')).status).toBe(200);

    const stale = await save('Second');

    expectError(stale, 412, 'stale_website', 'This website was changed elsewhere since you opened it.');
    expect(stale.body.reason).toBe('stale_website');
  });

  it("429: rate_limited, at a website's daily lead cap, with the cap's message", async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const site = await publishedWebsite(agent);
    const now = new Date();
    await WebsiteLeadCount.update(
      { website_id: site, window: 'day', period: now.toISOString().slice(0, 10) },
      { set: { count: WEBSITE_LEAD_CAPS.day, expires_at: Math.floor(now.getTime() / 1000) + 90_000 } },
      { mustExist: false },
    );

    const answer = await postLead(site);

    expectError(answer, 429, 'rate_limited', WEBSITE_LEAD_CAP_MESSAGES.day);
    expect(answer.body.retry_after).toEqual(expect.any(Number));
  });

  it('503: busy, when the table refuses a write for contention (nothing saved; Retry-After)', async () => {
    const agent = await createTestAgent();
    const realSend = documentClient.send.bind(documentClient) as (command: unknown) => Promise<never>;
    mockClient(documentClient).send.callsFake(async (command) => {
      if (WRITES.has(command.constructor.name)) {
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput'), {
          name: 'ThrottlingException',
        });
      }
      return realSend(command);
    });
    const path = `/api/agents/${agent.agentId}`;

    const result = (await updateAgent(
      {
        version: '2.0',
        routeKey: 'PATCH /api/agents/{id}',
        rawPath: path,
        rawQueryString: '',
        headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
        pathParameters: { id: agent.agentId },
        body: JSON.stringify({ full_name: 'Ada Busy' }),
        isBase64Encoded: false,
        requestContext: {} as APIGatewayProxyEventV2['requestContext'],
      },
      { functionName: 'updateAgent', awsRequestId: randomUUID() } as unknown as Context,
    )) as APIGatewayProxyStructuredResultV2;

    const answer = { status: result.statusCode ?? 0, body: JSON.parse(String(result.body)) };
    expectError(answer, 503, 'busy');
    expect(result.headers?.['retry-after']).toBe('1');
    expectDocumentedErrorBody('PATCH', path, answer.status, answer.body);
    mockClient(documentClient).restore();
    expect((await Agent.get({ agent_id: agent.agentId }))?.full_name).not.toBe('Ada Busy');
  });
});

describe('the contract check on every answer (tests/support/documented-statuses.ts)', () => {
  it('fails an error body without a code, or with one its status does not document', () => {
    const path = `/api/clients/${randomUUID()}`;

    expect(() => expectDocumentedErrorBody('DELETE', path, 404, { error: 'Client not found' })).toThrow(
      /code/,
    );
    expect(() =>
      expectDocumentedErrorBody('DELETE', path, 404, { error: 'Client not found', code: 'stale_website' }),
    ).toThrow(/not_found/);
    expect(() => expectDocumentedErrorBody('DELETE', path, 404, { code: 'not_found' })).toThrow();
    expect(() =>
      expectDocumentedErrorBody('DELETE', path, 404, { error: 'Client not found', code: 'not_found' }),
    ).not.toThrow();
  });

  it("lets API Gateway's own {message} answers through: they cannot carry a code", () => {
    expect(() =>
      expectDocumentedErrorBody('GET', '/api/clients', 429, { message: 'Too Many Requests' }),
    ).not.toThrow();
    expect(() =>
      expectDocumentedErrorBody('GET', '/api/clients', 429, { message: 'Slow down, friend' }),
    ).toThrow();
  });
});
