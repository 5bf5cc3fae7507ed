import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { PLANS } from '#contracts/plans';
import { Client, PendingLead } from '#functions/clients/entities';
import { WebsiteLeadCount } from '#functions/website-leads/entities';
import {
  LEAD_RATE_LIMITS,
  WEBSITE_LEAD_CAP_MESSAGES,
  WEBSITE_LEAD_CAPS,
} from '#functions/website-leads/website-leads';
import { Agent } from '#platform/accounts/entities';
import { callApi, createTestAgent, GATEWAY_THROTTLED, jsonBody, type TestAgent } from '../support/agents.ts';
import { api } from '../support/cloud-files.ts';
import { expectDocumentedStatus } from '../support/documented-statuses.ts';

/**
 * Contact-form leads against abuse (issue 20): who sent a lead (CloudFront's viewer address only on requests
 * carrying the origin-verify secret), each website's hourly and daily caps, and the rule that leads never
 * take the agent's own room — beyond the plan's client limit they wait for the agent, outside the book and
 * its count (docs/decisions.md, "Leads never take the agent's own room").
 */

type Body = Record<string, unknown>;

/** The Free Plan's clients limit (25). */
const limit = PLANS.Superagent.limits.clients!;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** API Gateway's own refusal past the route's throttle: sent again once its bucket had time to refill. */

/**
 * POSTs a lead form over a connection from `from` (a loopback address: 127.0.0.0/8 all reach the local
 * cloud), to the front door (what CloudFront is) or straight to the API (execute-api). Waits out the lead
 * route's own throttle, which other files of the suite share.
 */
async function postLead(
  websiteId: string,
  fields: Record<string, string>,
  options: { from?: string; headers?: Record<string, string>; direct?: boolean } = {},
): Promise<Answer> {
  const cloud = inject('cloud');
  const target = new URL(`/api/website-leads/${websiteId}`, options.direct ? cloud.apiUrl : cloud.appUrl);
  const body = new URLSearchParams(fields).toString();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: target.port,
          path: target.pathname,
          method: 'POST',
          ...(options.from ? { localAddress: options.from } : {}),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            ...options.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    if (answer.status === 429 && answer.text === GATEWAY_THROTTLED && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    expectDocumentedStatus('POST', target.pathname, answer.status);
    return answer;
  }
}

const lead = (overrides: Record<string, string> = {}) => ({
  name: `Vera ${randomUUID().slice(0, 6)}`,
  email: `vera-${randomUUID().slice(0, 8)}@example.com`,
  phone: '',
  message: 'I would like to see the flat on Rua Augusta.',
  page: '/contact',
  ...overrides,
});

async function publishedWebsite(agent: TestAgent) {
  const created = await api<{ id: string }>(
    agent,
    '/websites',
    jsonBody('POST', { name: `Site ${randomUUID().slice(0, 6)}` }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api(agent, `/websites/${created.body.id}/publish`, { method: 'POST' })).status).toBe(200);
  return created.body.id;
}

/** `count` leads from as many loopback addresses as the per-address limit needs, one after the other. */
async function leadsFromMany(websiteId: string, count: number, firstHost = 20) {
  const answers: Answer[] = [];
  for (let index = 0; index < count; index += 1) {
    const host = firstHost + Math.floor(index / LEAD_RATE_LIMITS.ip);
    answers.push(await postLead(websiteId, lead(), { from: `127.0.${host}.1` }));
  }
  return answers;
}

/** The lead caps' counters of a website: deleting them is an hour (and a day) passing. */
async function letTheDayPass(websiteId: string) {
  for (const window of ['hour', 'day'] as const) {
    const counters = await WebsiteLeadCount.queryAll(
      'primary',
      { website_id: websiteId },
      { begins: { window } },
    );
    for (const counter of counters) {
      await WebsiteLeadCount.delete({ website_id: websiteId, window, period: counter.period });
    }
  }
}

const clientsOf = async (agentId: string) =>
  (await Client.query('byAgent', { agentId }, { limit: 500, consistent: false })).items;

async function usage(agent: TestAgent) {
  const answer = await api<{ current: number; maximum: number | null }>(agent, '/api/feature-limits/clients');
  expect(answer.status).toBe(200);
  return answer.body;
}

async function waiting(agent: TestAgent) {
  const answer = await api<{ items: Array<Body & { lead_id: string }> }>(agent, '/api/pending-leads');
  expect(answer.status).toBe(200);
  return answer.body.items;
}

async function bookOf(agent: TestAgent) {
  const answer = await api<{ items: Body[] }>(agent, '/api/clients?limit=500');
  expect(answer.status).toBe(200);
  return answer.body.items;
}

describe('who sent a lead', () => {
  it('counts a visitor through the front door by its real address, whatever CloudFront-Viewer-Address it sends', async () => {
    const site = await publishedWebsite(await createTestAgent({ role: 'Agent' }));
    const statuses: number[] = [];
    for (let index = 0; index <= LEAD_RATE_LIMITS.ip; index += 1) {
      const answer = await postLead(site, lead(), {
        from: '127.0.9.1',
        // a forged viewer address per post: CloudFront (the front door) replaces it with the real one
        headers: { 'cloudfront-viewer-address': `203.0.113.${index}:443` },
      });
      statuses.push(answer.status);
    }

    expect(statuses.slice(0, LEAD_RATE_LIMITS.ip)).toEqual(Array(LEAD_RATE_LIMITS.ip).fill(303));
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts a request straight to the API (execute-api) by its source address: CloudFront’s headers without the secret are the caller’s words', async () => {
    const site = await publishedWebsite(await createTestAgent({ role: 'Agent' }));
    const statuses: number[] = [];
    for (let index = 0; index <= LEAD_RATE_LIMITS.ip; index += 1) {
      const answer = await postLead(site, lead(), {
        from: '127.0.10.1',
        direct: true,
        headers: {
          'cloudfront-viewer-address': `203.0.113.${index}:443`,
          'x-origin-verify': 'a-guess',
          via: '1.1 0123456789abcdef.cloudfront.net (CloudFront)',
        },
      });
      statuses.push(answer.status);
    }

    expect(statuses.slice(0, LEAD_RATE_LIMITS.ip)).toEqual(Array(LEAD_RATE_LIMITS.ip).fill(303));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('each website’s lead caps', () => {
  it('takes at most the hourly cap from any number of senders; past it 429 with Retry-After and the message', {
    retry: 1,
  }, async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const site = await publishedWebsite(agent);
    const hour = new Date().toISOString().slice(0, 13);

    const answers = await leadsFromMany(site, WEBSITE_LEAD_CAPS.hour + 1, 30);
    // a run across the top of the hour starts a new window: tried again (retry)
    expect(new Date().toISOString().slice(0, 13)).toBe(hour);

    expect(answers.slice(0, -1).every((answer) => answer.status === 303)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ error: WEBSITE_LEAD_CAP_MESSAGES.hour });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await clientsOf(agent.agentId)).toHaveLength(WEBSITE_LEAD_CAPS.hour);

    // a browser's form post gets a page saying so, and the way back to the form
    const page = await postLead(site, lead({ page: '/listings/flat' }), {
      from: '127.0.40.1',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.status).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.text).toContain('Your message was not sent');
    expect(page.text).toContain(WEBSITE_LEAD_CAP_MESSAGES.hour);
    expect(page.text).toContain('href="/listings/flat"');
  });

  it('refuses a website at its daily cap with the day’s message until midnight UTC, counting the refusal in neither cap', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const site = await publishedWebsite(agent);
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    // the day's leads taken earlier on (the hourly one is the test above)
    await WebsiteLeadCount.update(
      { website_id: site, window: 'day', period: day },
      { set: { count: WEBSITE_LEAD_CAPS.day, expires_at: Math.floor(now.getTime() / 1000) + 90_000 } },
      { mustExist: false },
    );

    const refused = await postLead(site, lead(), { from: '127.0.41.1' });

    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ error: WEBSITE_LEAD_CAP_MESSAGES.day });
    const untilMidnight = Math.ceil((Date.parse(`${day}T00:00:00Z`) + 86_400_000 - now.getTime()) / 1000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(untilMidnight);
    const counters = await WebsiteLeadCount.queryAll('primary', { website_id: site }, { consistent: true });
    expect(counters.map(({ window, count }) => ({ window, count }))).toEqual([
      { window: 'day', count: WEBSITE_LEAD_CAPS.day },
    ]);
    expect(await clientsOf(agent.agentId)).toEqual([]);
  });
});

describe('leads never take the agent’s own room (Free Plan, 25 clients)', () => {
  it('30 leads: 25 clients and 5 waiting; the count is the book; the agent decides what takes freed room', async () => {
    const agent = await createTestAgent({ role: 'Superagent' });
    const site = await publishedWebsite(agent);

    const answers = await leadsFromMany(site, limit + 5, 50);

    // every visitor is told the message was sent: the agent has it, in the book or waiting
    expect(answers.map((answer) => [answer.status, answer.headers.location])).toEqual(
      Array(limit + 5).fill([303, '/contact#lead-sent']),
    );
    expect(await usage(agent)).toMatchObject({ isAtLimit: true, current: limit, maximum: limit });
    expect(await bookOf(agent)).toHaveLength(limit);
    const pending = await waiting(agent);
    expect(pending).toHaveLength(5);
    expect(pending.map((item) => item.reason)).toEqual([
      'clients_limit',
      'queued',
      'queued',
      'queued',
      'queued',
    ]);

    // at the limit, the agent's own add is the normal limit answer: the book is the agent's
    const refused = await api(agent, '/api/clients', jsonBody('POST', { full_name: 'Own Client' }));
    expect(refused).toMatchObject({ status: 403, body: { error: 'Feature limit reached', current: limit } });

    // room freed by the agent stays the agent's: a lead arriving meanwhile waits behind the others
    const book = await bookOf(agent);
    expect((await api(agent, `/api/clients/${book[0]!.client_id}`, { method: 'DELETE' })).status).toBe(200);
    await letTheDayPass(site);
    expect((await postLead(site, lead(), { from: '127.0.60.1' })).status).toBe(303);
    expect(await waiting(agent)).toHaveLength(6);
    expect((await usage(agent)).current).toBe(limit - 1);
    const own = await api(agent, '/api/clients', jsonBody('POST', { full_name: 'Own Client' }));
    expect(own.status).toBe(201);

    // adding a waiting lead needs room like any client: refused at the limit, it keeps waiting
    const oldest = (await waiting(agent))[0]!;
    const full = await api(agent, `/api/pending-leads/${oldest.lead_id}/accept`, { method: 'POST' });
    expect(full).toMatchObject({ status: 403, body: { error: 'Feature limit reached' } });
    expect(await waiting(agent)).toHaveLength(6);

    const another = (await bookOf(agent)).find((client) => client.full_name !== 'Own Client')!;
    expect((await api(agent, `/api/clients/${another.client_id}`, { method: 'DELETE' })).status).toBe(200);
    const added = await api<Body>(agent, `/api/pending-leads/${oldest.lead_id}/accept`, { method: 'POST' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      full_name: oldest.full_name,
      email: oldest.email,
      source: 'website',
      stage: 'new',
      tags: ['website-lead'],
      agentId: agent.agentId,
    });
    const activity = await api<{ items: Body[] }>(agent, `/api/clients/${added.body.client_id}/activity`);
    expect(activity.body.items[0]).toMatchObject({ kind: 'created' });
    expect(String(activity.body.items[0]!.summary)).toContain('Lead from the website');
    // the same lead cannot become a second client
    const again = await api(agent, `/api/pending-leads/${oldest.lead_id}/accept`, { method: 'POST' });
    expect(again.status).toBe(404);

    // the invariant, from the table itself: the count is the book, the waiting leads are apart
    expect((await usage(agent)).current).toBe(limit);
    expect(await clientsOf(agent.agentId)).toHaveLength(limit);
    expect(await bookOf(agent)).toHaveLength(limit);
    expect(await PendingLead.queryAll('primary', { agent_id: agent.agentId })).toHaveLength(5);

    // after an upgrade "Add all" takes every waiting lead, and new leads go straight to the book
    await Agent.update({ agent_id: agent.agentId }, { set: { role: 'Agent' } });
    const all = await api(agent, '/api/pending-leads/accept', { method: 'POST' });
    expect(all).toEqual({ status: 200, body: { accepted: 5, remaining: 0 } });
    expect(await waiting(agent)).toEqual([]);
    expect(await usage(agent)).toMatchObject({ isAtLimit: false, current: limit + 5, maximum: null });
    expect(await bookOf(agent)).toHaveLength(limit + 5);
    expect((await postLead(site, lead(), { from: '127.0.61.1' })).status).toBe(303);
    expect(await bookOf(agent)).toHaveLength(limit + 6);
    expect(await waiting(agent)).toEqual([]);
  });

  it('"Add all" at the limit is the limit’s 403 and adds nothing; it stops when the book is full', async () => {
    const agent = await createTestAgent({ role: 'Superagent' });
    const site = await publishedWebsite(agent);
    await leadsFromMany(site, limit + 3, 70);

    const none = await api(agent, '/api/pending-leads/accept', { method: 'POST' });
    expect(none).toMatchObject({ status: 403, body: { error: 'Feature limit reached' } });

    const book = await bookOf(agent);
    for (const client of book.slice(0, 2)) {
      expect((await api(agent, `/api/clients/${client.client_id}`, { method: 'DELETE' })).status).toBe(200);
    }
    const some = await api(agent, '/api/pending-leads/accept', { method: 'POST' });
    expect(some).toEqual({ status: 200, body: { accepted: 2, remaining: 1 } });
    expect((await usage(agent)).current).toBe(limit);
    expect(await waiting(agent)).toHaveLength(1);
  });

  it('dismisses one waiting lead or all of them, without touching the book or the count', async () => {
    const agent = await createTestAgent({ role: 'Superagent' });
    const site = await publishedWebsite(agent);
    await leadsFromMany(site, limit + 4, 90);
    const [first] = await waiting(agent);

    expect((await api(agent, `/api/pending-leads/${first!.lead_id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(agent, `/api/pending-leads/${first!.lead_id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await waiting(agent)).toHaveLength(3);

    const all = await api(agent, '/api/pending-leads', { method: 'DELETE' });
    expect(all).toEqual({ status: 200, body: { dismissed: 3 } });
    expect(await waiting(agent)).toEqual([]);
    expect((await usage(agent)).current).toBe(limit);
    expect(await bookOf(agent)).toHaveLength(limit);
  });

  it('keeps a lead for an agent whose subscription lapsed: it waits until the agent renews', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const site = await publishedWebsite(agent);
    // the site stays published when the subscription lapses
    await Agent.update({ agent_id: agent.agentId }, { set: { subscription_status: 'expired' } });

    const answer = await postLead(site, lead(), { from: '127.0.95.1' });

    expect(answer.headers.location).toBe('/contact#lead-sent');
    expect(await clientsOf(agent.agentId)).toEqual([]);
    expect((await waiting(agent)).map((item) => item.reason)).toEqual(['subscription_inactive']);
    // adding it needs an active subscription, as every client added does
    const [pending] = await waiting(agent);
    const paywalled = await api(agent, `/api/pending-leads/${pending!.lead_id}/accept`, { method: 'POST' });
    expect(paywalled).toMatchObject({ status: 402, body: { reason: 'subscription_expired' } });
    const all = await api(agent, '/api/pending-leads/accept', { method: 'POST' });
    expect(all).toMatchObject({ status: 402, body: { reason: 'subscription_expired' } });
  });
});

describe('waiting leads are their agent’s', () => {
  it('answers another agent’s lead as missing and leaves it waiting', async () => {
    const owner = await createTestAgent({ role: 'Superagent' });
    const site = await publishedWebsite(owner);
    await leadsFromMany(site, limit + 1, 100);
    const [theirs] = await waiting(owner);
    const stranger = await createTestAgent({ role: 'Agent' });

    const accept = await callApi(`/api/pending-leads/${theirs!.lead_id}/accept`, {
      method: 'POST',
      token: stranger.token,
    });
    const dismiss = await callApi(`/api/pending-leads/${theirs!.lead_id}`, {
      method: 'DELETE',
      token: stranger.token,
    });

    expect([accept.status, dismiss.status]).toEqual([404, 404]);
    expect(await waiting(owner)).toHaveLength(1);
    expect(await waiting(stranger)).toEqual([]);
  });
});
