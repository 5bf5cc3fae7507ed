import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { config } from '#aws/config';
import { PLANS } from '#contracts/plans';
import { Client, PendingLead } from '#functions/clients/entities';
import { DomainClaim, WebsiteDomain } from '#functions/website-domains/entities';
import { websiteIdForHost } from '#functions/website-domains/website-domains';
import { LEAD_RATE_LIMITED_MESSAGE, LEAD_RATE_LIMITS } from '#functions/website-leads/website-leads';
import { Website } from '#functions/websites/entities';
import { FeatureUsage } from '#platform/accounts/entities';
import { handler as forceContent } from '../../functions/website-domains/force-content.ts';
import {
  callApi,
  createTestAgent,
  formBody,
  jsonBody,
  type TestAgent,
  waitingOutThrottle,
} from '../support/agents.ts';
import { api } from '../support/cloud-files.ts';
import { checkDomain, type DomainView, proveDomain, setDnsTxt, websiteDomains } from '../support/domains.ts';
import { inProcessBusForTests } from '../support/in-process-bus.ts';

/**
 * Website domains and contact-form leads through the local API Gateway: the default subdomain set up by
 * the token cookie, custom domains (one website per hostname, also when two websites race for one),
 * forcing pages to be regenerated, and leads that become clients of the site's agent within the clients
 * limit, rate-limited, answered by a redirect back to the page.
 */

type Body = Record<string, unknown>;

async function website(agent: TestAgent, name = `Site ${randomUUID().slice(0, 6)}`) {
  const result = await api<{ id: string }>(agent, '/websites', jsonBody('POST', { name }));
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.id;
}

async function publishedWebsite(agent: TestAgent) {
  const id = await website(agent);
  expect((await api(agent, `/websites/${id}/publish`, { method: 'POST' })).status).toBe(200);
  return id;
}

/** POST /api/website-domains/setup as the app makes it: no Authorization header, the token cookie. */
const setupByCookie = (token: string | undefined, body: Body, headers: Record<string, string> = {}) =>
  callApi('/api/website-domains/setup', {
    ...jsonBody('POST', body),
    headers: {
      'content-type': 'application/json',
      ...(token ? { cookie: `lang=en; token=${encodeURIComponent(token)}` } : {}),
      ...headers,
    },
  });

const setCustomDomain = (agent: TestAgent, websiteId: string, domain: string) =>
  api<Body>(agent, '/website-domains/custom-domain', jsonBody('POST', { website_id: websiteId, domain }));

const uniqueDomain = () => `www.estate-${randomUUID().slice(0, 8)}.com`;

/** GET a path on the app's origin for another Host (how a custom domain reaches the sites): status and <title>. */
function served(path: string, host?: string): Promise<{ status: number; title: string | undefined }> {
  const origin = new URL(inject('cloud').appUrl);
  return new Promise((resolve, reject) => {
    const call = request(
      { hostname: origin.hostname, port: origin.port, path, headers: host ? { host } : {} },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, title: /<title>([^<]*)<\/title>/.exec(body)?.[1] }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** A contact form's post, the lead route's own throttle (shared with other files) waited out. */
const postLead = (websiteId: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  waitingOutThrottle(() =>
    callApi(`/api/website-leads/${websiteId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );

const lead = (overrides: Record<string, string> = {}) => ({
  name: 'Vera Visitor',
  email: `vera-${randomUUID().slice(0, 8)}@example.com`,
  phone: '',
  message: 'I would like to see the flat on Rua Augusta.',
  page: '/contact',
  ...overrides,
});

const clientsOf = async (agentId: string) =>
  (await Client.query('byAgent', { agentId }, { limit: 200 })).items;

describe('default subdomain (POST /api/website-domains/setup, token cookie)', () => {
  it('gives the caller’s website {slug}-{6 of its id} under the sites domain, by the cookie alone', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const response = await setupByCookie(agent.token, {
      websiteId: id,
      businessName: 'Casa Lúa & Sons, Lda.',
    });
    const body = (await response.json()) as Body;
    expect(response.status, JSON.stringify(body)).toBe(200);
    const domain = `casa-lua-sons-lda-${id
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 6)}.localhost`;
    expect(body).toEqual({
      website_id: id,
      domain,
      kind: 'default',
      businessName: 'Casa Lúa & Sons, Lda.',
      status: 'active',
      created_at: expect.any(String),
    });
    expect((await Website.get({ website_id: id }, { consistent: true }))?.domain).toBe(domain);
    expect(await websiteIdForHost(`${domain.toUpperCase()}:3000`)).toBe(id);

    // the same again is answered as before; another business name for it now is a conflict
    const again = await setupByCookie(agent.token, { websiteId: id, businessName: 'Casa Lúa & Sons, Lda.' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    const renamed = await setupByCookie(agent.token, { websiteId: id, businessName: 'Other Name' });
    expect(renamed.status).toBe(409);
    expect(((await renamed.json()) as Body).error).toContain(domain);
  });

  it('refuses a request without the cookie (401), with a forged one (401) and a cross-site one (403)', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const body = { websiteId: id, businessName: 'Nobody' };
    const anonymous = await setupByCookie(undefined, body);
    expect(anonymous.status).toBe(401);
    expect(Object.keys((await anonymous.json()) as Body)).toEqual(['error', 'code']);
    expect((await setupByCookie(`${agent.token}x`, body)).status).toBe(401);
    expect((await setupByCookie(agent.token, body, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await setupByCookie(agent.token, body, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('answers 404 for another agent’s website and writes nothing', async () => {
    const owner = await createTestAgent({ role: 'Agent' });
    const id = await website(owner);
    const other = await createTestAgent({ role: 'Agent' });
    const response = await setupByCookie(other.token, { websiteId: id, businessName: 'Hijack' });
    expect(response.status).toBe(404);
    expect(await WebsiteDomain.queryAll('primary', { website_id: id })).toEqual([]);
  });
});

describe('custom domains: claimed, proven by a DNS TXT record, then served', () => {
  const TXT_VALUE = /^estatenet-verify=[0-9a-f]{32}$/;
  const HOURS = 3_600_000;

  it('claims a domain pending with its TXT record; it serves nothing until the record is seen, then it is served', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    const domain = uniqueDomain();

    const claimed = await setCustomDomain(agent, id, `  ${domain.toUpperCase()} `);

    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toEqual({
      website_id: id,
      domain,
      kind: 'custom',
      status: 'pending',
      cname_target: config.sites.cnameTarget ?? 'localhost',
      verification: {
        type: 'TXT',
        name: `_estatenet-verify.${domain}`,
        value: expect.stringMatching(TXT_VALUE),
      },
      created_at: expect.any(String),
      lapses_at: expect.any(String),
    });
    const { created_at, lapses_at } = claimed.body as { created_at: string; lapses_at: string };
    expect(Date.parse(lapses_at) - Date.parse(created_at)).toBe(72 * HOURS);
    // the same domain again is the same claim (same record to create, same deadline)
    expect((await setCustomDomain(agent, id, domain)).body).toEqual(claimed.body);
    // pending: not routed, no hostname held, the website's address unchanged
    expect(await websiteIdForHost(domain)).toBeUndefined();
    expect(await DomainClaim.get({ domain }, { consistent: true })).toBeUndefined();
    expect((await Website.get({ website_id: id }, { consistent: true }))?.domain).toBeUndefined();
    // the published home page, as its preview shows it; the domain answers the app, not the site
    await expect.poll(async () => (await served(`/sites/${id}/`)).status, { timeout: 20_000 }).toBe(200);
    const home = (await served(`/sites/${id}/`)).title;
    expect(home).toBeTruthy();
    expect((await served('/', domain)).title).not.toBe(home);

    // checked before the record exists, then with another value there
    const early = await checkDomain(agent, id);
    expect(early.body).toMatchObject({
      status: 'pending',
      check_result: 'not_found',
      checked_at: expect.any(String),
    });
    const proof = (claimed.body as unknown as DomainView).verification!;
    setDnsTxt(proof.name, ['estatenet-verify=someone-elses']);
    expect((await checkDomain(agent, id)).body).toMatchObject({
      status: 'pending',
      check_result: 'other_value',
    });

    // the record set: the check makes it active, and the site answers for the domain
    setDnsTxt(proof.name, ['v=spf1 -all', proof.value]);
    const proven = await checkDomain(agent, id);
    expect(proven.status).toBe(200);
    expect(proven.body).toMatchObject({
      status: 'active',
      verified_at: expect.any(String),
      verification: proof,
    });
    expect(proven.body).not.toHaveProperty('lapses_at');
    expect(await websiteIdForHost(domain)).toBe(id);
    expect((await Website.get({ website_id: id }, { consistent: true }))?.domain).toBe(domain);
    await expect.poll(async () => (await served('/', domain)).title).toBe(home);
    // checking again and claiming again answer the active domain as it is
    expect((await checkDomain(agent, id)).body).toEqual(proven.body);
    expect((await setCustomDomain(agent, id, domain)).body).toEqual(proven.body);
    const listed = await websiteDomains(agent, id);
    expect(listed).toEqual({ status: 200, body: { website_id: id, domains: [proven.body] } });
  });

  it('is proven by the cloud’s own schedule (its function, grants and DNS), without Check now', {
    timeout: 150_000,
  }, async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const domain = uniqueDomain();
    const claimed = await setCustomDomain(agent, id, domain);
    const proof = (claimed.body as unknown as DomainView).verification!;
    setDnsTxt(proof.name, [proof.value]);
    // the local cloud runs check-domain-proofs every minute (contracts/schedules.ts)
    await expect
      .poll(async () => (await websiteDomains(agent, id)).body.domains[0]?.status, {
        timeout: 130_000,
        interval: 1_000,
      })
      .toBe('active');
    expect(await websiteIdForHost(domain)).toBe(id);
  });

  it('lets the first website to prove a domain win it; the other claims lapse as taken and a new one is 409', async () => {
    const domain = uniqueDomain();
    const squatter = await createTestAgent({ role: 'Agent' });
    const squatterSite = await website(squatter);
    const owner = await createTestAgent({ role: 'Agent' });
    const ownerSite = await website(owner);

    // the squatter claims first: that blocks nobody
    const squatted = await setCustomDomain(squatter, squatterSite, domain);
    expect(squatted.body.status).toBe('pending');
    const claimed = await setCustomDomain(owner, ownerSite, domain);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.status).toBe('pending');
    const ownerProof = (claimed.body as unknown as DomainView).verification!;
    expect(ownerProof.value).not.toBe((squatted.body as unknown as DomainView).verification!.value);

    // only the domain's owner can create its TXT record: the owner's claim is the one proven
    setDnsTxt(ownerProof.name, [ownerProof.value]);
    expect((await checkDomain(squatter, squatterSite)).body.status).toBe('pending');
    expect((await checkDomain(owner, ownerSite)).body.status).toBe('active');
    expect(await websiteIdForHost(domain)).toBe(ownerSite);

    // the squatter's claim lapsed (taken), says so, and a new claim is refused while the domain is active
    const lapsed = (await websiteDomains(squatter, squatterSite)).body.domains;
    expect(lapsed).toEqual([
      expect.objectContaining({
        domain,
        status: 'lapsed',
        lapsed_reason: 'taken',
        lapsed_at: expect.any(String),
      }),
    ]);
    expect(lapsed[0]).not.toHaveProperty('verification');
    const refused = await setCustomDomain(squatter, squatterSite, domain);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This domain is already connected to another website');
    expect(JSON.stringify(refused.body)).not.toContain(ownerSite);
    expect((await checkDomain(squatter, squatterSite)).body.status).toBe('lapsed');
    expect((await Website.get({ website_id: squatterSite }, { consistent: true }))?.domain).toBeUndefined();
  });

  it('lets exactly one of several websites whose proofs are all published win the domain when they check at once', async () => {
    const domain = uniqueDomain();
    const racers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const agent = await createTestAgent({ role: 'Agent' });
        return { agent, id: await website(agent) };
      }),
    );
    const claims = await Promise.all(racers.map(({ agent, id }) => setCustomDomain(agent, id, domain)));
    expect(claims.map((claim) => claim.status)).toEqual(racers.map(() => 200));
    const proofs = claims.map((claim) => (claim.body as unknown as DomainView).verification!);
    setDnsTxt(
      proofs[0]!.name,
      proofs.map((proof) => proof.value),
    );

    const answers = await Promise.all(racers.map(({ agent, id }) => checkDomain(agent, id)));

    expect(answers.map((answer) => answer.status)).toEqual(racers.map(() => 200));
    const winners = answers.flatMap((answer, index) =>
      answer.body.status === 'active' ? [racers[index]!.id] : [],
    );
    expect(winners, JSON.stringify(answers.map((answer) => answer.body.status))).toHaveLength(1);
    expect(await websiteIdForHost(domain)).toBe(winners[0]);
    const states = await Promise.all(racers.map(({ agent, id }) => websiteDomains(agent, id)));
    expect(states.map((state) => state.body.domains[0]?.status).sort()).toEqual([
      'active',
      ...Array(racers.length - 1).fill('lapsed'),
    ]);
    const withDomain = await Promise.all(
      racers.map(async ({ id }) => (await Website.get({ website_id: id }, { consistent: true }))?.domain),
    );
    expect(withDomain.filter((value) => value === domain)).toHaveLength(1);
  });

  it('replaces the website’s domain: an active one is released for anyone, a new claim starts pending', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const first = uniqueDomain();
    await proveDomain(agent, id, first);

    const second = uniqueDomain();
    const moved = await setCustomDomain(agent, id, second);
    expect(moved.body).toMatchObject({ domain: second, status: 'pending' });
    expect(await websiteIdForHost(first)).toBeUndefined();
    expect(await DomainClaim.get({ domain: first }, { consistent: true })).toBeUndefined();
    expect((await Website.get({ website_id: id }, { consistent: true }))?.domain).toBeUndefined();
    expect((await websiteDomains(agent, id)).body.domains.map((view) => view.domain)).toEqual([second]);

    // the released domain is free for another website, once it proves it
    const other = await createTestAgent({ role: 'Agent' });
    const otherId = await website(other);
    await proveDomain(other, otherId, first);
    expect(await websiteIdForHost(first)).toBe(otherId);
  });

  it('keeps the default subdomain as the website’s address while its custom domain is pending', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const setup = await setupByCookie(agent.token, { websiteId: id, businessName: 'Pending Homes' });
    const subdomain = ((await setup.json()) as Body).domain as string;
    const domain = uniqueDomain();
    expect((await setCustomDomain(agent, id, domain)).body.status).toBe('pending');
    expect((await Website.get({ website_id: id }, { consistent: true }))?.domain).toBe(subdomain);
    expect((await websiteDomains(agent, id)).body.domains.map((view) => [view.kind, view.status])).toEqual([
      ['default', 'active'],
      ['custom', 'pending'],
    ]);
    await proveDomain(agent, id, domain);
    expect((await Website.get({ website_id: id }, { consistent: true }))?.domain).toBe(domain);
    expect(await websiteIdForHost(subdomain)).toBe(id);
  });

  it('refuses a hostname under the sites domain, a malformed one, and another agent’s website', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const under = await setCustomDomain(agent, id, 'shop.localhost');
    expect(under.status).toBe(400);
    expect(under.body.fields).toHaveProperty('domain');
    expect((await setCustomDomain(agent, id, 'http://evil.example.com/')).status).toBe(400);
    const other = await createTestAgent({ role: 'Agent' });
    expect((await setCustomDomain(other, id, uniqueDomain())).status).toBe(404);
    // checking and listing: another agent's website is 404; a website without a custom domain has none to check
    expect((await checkDomain(other, id)).status).toBe(404);
    expect((await websiteDomains(other, id)).status).toBe(404);
    const none = await checkDomain(agent, id);
    expect(none).toEqual({ status: 404, body: { error: 'Custom domain not found', code: 'not_found' } });
    expect((await websiteDomains(agent, id)).body).toEqual({ website_id: id, domains: [] });
  });

  it('stops resolving a deleted website’s hostname', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const domain = uniqueDomain();
    await proveDomain(agent, id, domain);
    expect((await api(agent, `/websites/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await websiteIdForHost(domain)).toBeUndefined();
    expect(await websiteIdForHost('')).toBeUndefined();
    expect(await websiteIdForHost('[::1]:3000')).toBeUndefined();
  });
});

describe('force content (POST /website-domains/force-content/{id})', () => {
  // a bus in this process records what the handler (run here too) puts on it
  const bus = inProcessBusForTests();

  async function invoke(agent: TestAgent, id: string, query: Record<string, string>, body?: Body) {
    const result = (await forceContent(
      {
        version: '2.0',
        routeKey: 'POST /website-domains/force-content/{id}',
        rawPath: `/website-domains/force-content/${id}`,
        rawQueryString: new URLSearchParams(query).toString(),
        headers: {
          authorization: `Bearer ${agent.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        pathParameters: { id },
        ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
        ...(body ? { body: JSON.stringify(body) } : {}),
        isBase64Encoded: false,
        requestContext: { http: { method: 'POST' } } as APIGatewayProxyEventV2['requestContext'],
      },
      { functionName: 'force-content', awsRequestId: randomUUID() } as unknown as Context,
    )) as APIGatewayProxyStructuredResultV2;
    await bus.drain();
    return { status: result.statusCode, body: JSON.parse(String(result.body)) as Body };
  }

  it('queues one page or all pages of the caller’s website with the editor’s flags', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const home = await invoke(agent, id, { pageSlug: '' });
    expect(home).toEqual({ status: 200, body: { websiteId: id, pageSlug: '', queued: true } });
    expect(bus.received.at(-1)?.detail).toEqual({
      websiteId: id,
      agentId: agent.agentId,
      pageSlug: '',
      allPages: false,
      forcePublished: true,
    });
    const byId = await invoke(agent, id, { pageId: 'home' });
    expect(byId.body).toEqual({ websiteId: id, pageId: 'home', queued: true });
    // what the editor sends on Publish
    const all = await invoke(agent, id, {}, { allPages: true, forcePublished: false });
    expect(all.body).toEqual({ websiteId: id, queued: true });
    expect(bus.received.at(-1)?.detail).toEqual({
      websiteId: id,
      agentId: agent.agentId,
      allPages: true,
      forcePublished: false,
    });
  });

  it('answers 404 naming a page the website does not have, and for another agent’s website', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await website(agent);
    const before = bus.received.length;
    const slug = await invoke(agent, id, { pageSlug: 'no-such-page' });
    expect(slug.status).toBe(404);
    expect(slug.body.error).toBe('Page not found: this website has no page with slug "no-such-page"');
    const pageId = await invoke(agent, id, { pageId: 'missing' });
    expect(pageId.status).toBe(404);
    expect(pageId.body.error).toContain('"missing"');
    const other = await createTestAgent({ role: 'Agent' });
    const foreign = await invoke(other, id, {}, { allPages: true });
    expect(foreign).toEqual({ status: 404, body: { error: 'Website not found', code: 'not_found' } });
    expect(bus.received.length).toBe(before);
    // and through the API Gateway
    expect((await api(other, `/website-domains/force-content/${id}`, jsonBody('POST', {}))).status).toBe(404);
  });
});

describe('contact-form leads (POST /api/website-leads/{id})', () => {
  it('adds the visitor as a client of the site’s agent and redirects back to the page', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    const fields = lead({ phone: '+351 912 345 678', page: `/sites/${id}/contact` });
    const response = await postLead(id, fields);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/sites/${id}/contact#lead-sent`);
    expect(await response.text()).toBe('');
    const [client, ...more] = await clientsOf(agent.agentId);
    expect(more).toEqual([]);
    expect(client).toMatchObject({
      agentId: agent.agentId,
      full_name: 'Vera Visitor',
      email: fields.email,
      phone: '+351 912 345 678',
      source: 'website',
      type: 'buyer',
      stage: 'new',
    });
    expect(client?.notes).toContain('I would like to see the flat on Rua Augusta.');
    // the agent sees it in the client book, and the clients usage counts it
    const book = await api<{ items: Array<{ client_id: string }> }>(agent, '/api/clients');
    expect(book.body.items.map((item) => item.client_id)).toContain(client?.client_id);
    const usage = await api<{ current: number }>(agent, '/api/feature-limits/clients');
    expect(usage.body.current).toBe(1);
    // and is told in the notifications
    const notifications = await api<{ items: Array<{ kind?: string; message: string; link?: string }> }>(
      agent,
      `/api/agents/${agent.agentId}/reputation/notifications`,
    );
    expect(notifications.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'lead',
        message: expect.stringContaining('Vera Visitor'),
        link: '/clients',
      }),
    );
  });

  it('names the listing of a listing page’s form in the client, its note and the agent’s notification', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    const title = `Casa em Évora ${randomUUID().slice(0, 6)}`;
    const added = await callApi('/api/addProperty', {
      ...formBody({ title, price: '425000', city: 'Évora' }),
      token: agent.token,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { propertyId } = (await added.json()) as { propertyId: string };
    const page = `/listings/casa-em-evora-${propertyId.slice(0, 8)}`;

    const response = await postLead(id, lead({ page, property_id: propertyId }));

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${page}#lead-sent`);
    const [client] = await clientsOf(agent.agentId);
    expect(client?.property_interests).toEqual([propertyId]);
    expect(client?.notes).toContain(`about the listing "${title}" (${propertyId})`);
    expect(client?.notes).toContain('I would like to see the flat on Rua Augusta.');
    const notifications = await api<{ items: Array<{ kind?: string; message: string }> }>(
      agent,
      `/api/agents/${agent.agentId}/reputation/notifications`,
    );
    const { name } = (await api<{ name: string }>(agent, `/websites/${id}`)).body;
    expect(notifications.body.items.map((item) => item.message)).toContain(
      `New lead from your website "${name}" about "${title}": Vera Visitor`,
    );
  });

  it('records a lead naming another agent’s or an unknown listing without naming it, and refuses a malformed id', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const other = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    const added = await callApi('/api/addProperty', {
      ...formBody({ title: 'Not Yours Villa', price: '900000', city: 'Porto' }),
      token: other.token,
    });
    const { propertyId } = (await added.json()) as { propertyId: string };
    for (const foreign of [propertyId, 'no-such-listing']) {
      expect((await postLead(id, lead({ property_id: foreign }))).status).toBe(303);
    }
    const clients = await clientsOf(agent.agentId);
    expect(clients).toHaveLength(2);
    for (const client of clients) {
      expect(client.property_interests).toEqual([]);
      expect(client.notes).not.toContain('Not Yours Villa');
    }
    for (const malformed of ['../x', 'a b', '<script>', 'x'.repeat(129)]) {
      const refused = await postLead(id, lead({ property_id: malformed }));
      expect(refused.status, malformed).toBe(400);
      expect(((await refused.json()) as Body).fields, malformed).toHaveProperty('property_id');
    }
    expect(await clientsOf(agent.agentId)).toHaveLength(2);
  });

  it('takes no lead for a draft, deleted or unknown website (404)', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const draft = await website(agent);
    expect((await postLead(draft, lead())).status).toBe(404);
    const gone = await publishedWebsite(agent);
    expect((await api(agent, `/websites/${gone}`, { method: 'DELETE' })).status).toBe(200);
    expect((await postLead(gone, lead())).status).toBe(404);
    expect((await postLead('no-such-website', lead())).status).toBe(404);
    expect(await clientsOf(agent.agentId)).toEqual([]);
  });

  it('never redirects off the site: the page must be a path on it', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    for (const page of [
      'https://evil.example.com/',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'contact',
      '/contact?x=1',
      '/contact#top',
      '/%2F%2Fevil.example.com',
    ]) {
      const response = await postLead(id, lead({ page }));
      expect(response.status, page).toBe(400);
      expect(response.headers.get('location'), page).toBeNull();
      expect(((await response.json()) as Body).fields, page).toHaveProperty('page');
    }
    expect(await clientsOf(agent.agentId)).toEqual([]);
  });

  it('refuses malformed forms with a 4xx and writes nothing', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    const send = (body: string | Uint8Array, contentType = 'application/x-www-form-urlencoded') =>
      waitingOutThrottle(() =>
        callApi(`/api/website-leads/${id}`, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: body as BodyInit,
        }),
      );
    const valid = new URLSearchParams(lead()).toString();
    expect((await send(`${valid}&message=%E0%A4%A`)).status).toBe(400);
    expect((await send(`${valid}&name=Twice`)).status).toBe(400);
    expect((await send(new Uint8Array([...Buffer.from(`${valid}&x=`), 0xff, 0xfe]))).status).toBe(400);
    expect((await send(JSON.stringify(lead()), 'application/json')).status).toBe(415);
    expect((await send(new URLSearchParams(lead({ email: 'not-an-email' })).toString())).status).toBe(400);
    expect((await send('')).status).toBe(400);
    expect(await clientsOf(agent.agentId)).toEqual([]);
  });

  it('answers a filled honeypot like a success and records nothing', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    const response = await postLead(id, lead({ company: 'Spam Bots Inc' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact#lead-sent');
    expect(await clientsOf(agent.agentId)).toEqual([]);
  });

  it('rate-limits one sender per website and hour, also when the posts arrive at once', async () => {
    const agent = await createTestAgent({ role: 'Agent' });
    const id = await publishedWebsite(agent);
    const email = `flood-${randomUUID().slice(0, 8)}@example.com`;
    const attempts = 2 * LEAD_RATE_LIMITS.email;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, index) => postLead(id, lead({ email, name: `Flood ${index}` }))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(LEAD_RATE_LIMITS.email);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(attempts - LEAD_RATE_LIMITS.email);
    expect(((await limited[0]!.json()) as Body).error).toBe(LEAD_RATE_LIMITED_MESSAGE);
    expect(await clientsOf(agent.agentId)).toHaveLength(LEAD_RATE_LIMITS.email);

    // by network address too: fresh emails from the same address run out after the address limit
    const site = await publishedWebsite(await createTestAgent({ role: 'Agent' }));
    const fromOneAddress: number[] = [];
    for (let index = 0; index <= LEAD_RATE_LIMITS.ip; index += 1) {
      fromOneAddress.push((await postLead(site, lead())).status);
    }
    expect(fromOneAddress.slice(0, LEAD_RATE_LIMITS.ip).every((status) => status === 303)).toBe(true);
    expect(fromOneAddress.at(-1)).toBe(429);
    // another website still takes this sender's message
    expect((await postLead(await publishedWebsite(agent), lead({ email }))).status).toBe(303);
  });

  it('keeps the agent within the clients limit: racing leads past it wait for the agent, nothing half-written', async () => {
    const agent = await createTestAgent({ role: 'Superagent' });
    const id = await publishedWebsite(agent);
    const limit = PLANS.Superagent.limits.clients!;
    // the book is nearly full: 2 slots left, then 6 visitors (other addresses) post at once
    await FeatureUsage.update(
      { agent_id: agent.agentId, feature: 'clients' },
      { set: { used: limit - 2 } },
      { mustExist: false },
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        postLead(id, lead({ name: `Racer ${index}` }), {
          'cloudfront-viewer-address': `203.0.113.${index}:443`,
        }),
      ),
    );
    const locations = answers.map((answer) => answer.headers.get('location'));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    // past the limit a lead waits for the agent (tests/integration/website-leads.test.ts): the visitor's
    // message was received either way
    expect(locations.filter((location) => location === '/contact#lead-sent')).toHaveLength(6);
    expect(await clientsOf(agent.agentId)).toHaveLength(2);
    expect(await PendingLead.queryAll('primary', { agent_id: agent.agentId })).toHaveLength(4);
    const usage = await FeatureUsage.get(
      { agent_id: agent.agentId, feature: 'clients' },
      { consistent: true },
    );
    expect(usage?.used).toBe(limit);
  });
});
