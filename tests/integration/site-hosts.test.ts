import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventRules } from '#contracts/event-rules';
import { handler as invalidateSiteCache } from '../../events/consumers/invalidate-site-cache.ts';
import { handler as regeneratePages } from '../../events/consumers/regenerate-pages.ts';
import { handler as syncSiteHosts } from '../../events/consumers/sync-site-hosts.ts';
import { handler as checkCustomDomain } from '../../functions/website-domains/check-custom-domain.ts';
import { handler as setCustomDomain } from '../../functions/website-domains/set-custom-domain.ts';
import { handler as setupDomain } from '../../functions/website-domains/setup-domain.ts';
import { handler as deleteWebsite } from '../../functions/websites/delete-website.ts';
import { handler as recoverWebsite } from '../../functions/websites/recover-website.ts';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { setDnsTxt } from '../support/domains.ts';
import { type FakeCloudFront, startFakeCloudFront } from '../support/fake-cloudfront.ts';
import { type FakeKvs, startFakeKvs } from '../support/fake-kvs.ts';
import { inProcessBusForTests } from '../support/in-process-bus.ts';

/**
 * The AWS-only halves of publishing, against stand-ins of the services: the domain and website routes
 * (run in this process) put WebsiteHostsChanged on a local bus built from the real rule, whose delivery
 * runs the host sync against a fake KeyValueStore (SITES_HOSTS_KVS_ARN and its endpoint are
 * configuration; the local cloud's own consumer has neither and does nothing); and the page regenerator's
 * WebsitePagesRegenerated, delivered on the same bus to the cache invalidator, invalidates `/{websiteId}/*`
 * on a fake CloudFront once per event.
 */

type Body = Record<string, unknown>;
type RouteHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

const ruleNamed = (name: string) => eventRules.find((rule) => rule.name === name)!;
const hostRule = ruleNamed('sync-site-hosts');
const invalidationRule = ruleNamed('invalidate-site-cache');
let kvs: FakeKvs;

beforeAll(async () => {
  kvs = await startFakeKvs();
  vi.stubEnv('SITES_HOSTS_KVS_ARN', kvs.arn);
  vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE', kvs.url);
});

// the host sync's and the cache invalidator's own rules, their events handed to the consumers (run in this
// process, against the fake store and the fake CloudFront)
const bus = inProcessBusForTests({
  rules: [hostRule, invalidationRule],
  deliver: (event, rule) =>
    rule === invalidationRule ? invalidateSiteCache(event as never) : syncSiteHosts(event as never),
});
const delivered = bus.received;

afterAll(async () => {
  await kvs.close();
  vi.unstubAllEnvs();
});

/** Runs a route's handler here, as API Gateway would call it, and waits for the bus's deliveries. */
async function invoke(
  fn: RouteHandler,
  agent: TestAgent,
  method: string,
  path: string,
  options: { id?: string; body?: Body } = {},
) {
  const result = (await fn(
    {
      version: '2.0',
      routeKey: `${method} ${path}`,
      rawPath: options.id ? path.replace('{id}', options.id) : path,
      rawQueryString: '',
      headers: {
        authorization: `Bearer ${agent.token}`,
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.id ? { pathParameters: { id: options.id } } : {}),
      ...(options.body
        ? { body: JSON.stringify(options.body), isBase64Encoded: false }
        : { isBase64Encoded: false }),
      requestContext: { http: { method } } as APIGatewayProxyEventV2['requestContext'],
    } as APIGatewayProxyEventV2,
    { functionName: 'route', awsRequestId: randomUUID() } as unknown as Context,
  )) as APIGatewayProxyStructuredResultV2;
  await bus.drain();
  return { status: result.statusCode, body: JSON.parse(String(result.body)) as Body };
}

async function newWebsite(agent: TestAgent): Promise<string> {
  const made = await callApi('/websites', {
    ...jsonBody('POST', { name: `Hosts ${randomUUID().slice(0, 6)}` }),
    token: agent.token,
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

/** Claims a custom domain here (pending: nothing in the store), publishes its TXT proof and checks it here. */
async function claimAndProve(agent: TestAgent, websiteId: string, domain: string) {
  const claimed = await invoke(
    setCustomDomain as RouteHandler,
    agent,
    'POST',
    '/website-domains/custom-domain',
    {
      body: { website_id: websiteId, domain },
    },
  );
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  expect(claimed.body.status).toBe('pending');
  expect(kvs.entries.get(domain)).toBeUndefined();
  const proof = claimed.body.verification as { name: string; value: string };
  setDnsTxt(proof.name, [proof.value]);
  const checked = await invoke(
    checkCustomDomain as RouteHandler,
    agent,
    'POST',
    '/website-domains/custom-domain/{id}/check',
    { id: websiteId },
  );
  expect(checked.body.status, JSON.stringify(checked.body)).toBe('active');
}

const hostsOf = (websiteId: string) =>
  Object.fromEntries([...kvs.entries].filter(([, value]) => value === websiteId).sort());
const uniqueDomain = () => `www.hosts-${randomUUID().slice(0, 8)}.com`;

describe('hostnames → websites in the KeyValueStore', () => {
  it('follows the default subdomain, a custom domain moved, the website deleted and recovered', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const first = uniqueDomain();
    const second = uniqueDomain();

    await claimAndProve(agent, id, first);
    expect(hostsOf(id)).toEqual({ [first]: id });

    const setup = await invoke(setupDomain as RouteHandler, agent, 'POST', '/website-domains/setup', {
      body: { websiteId: id, businessName: 'Harbor Homes' },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const subdomain = String(setup.body.domain);
    expect(hostsOf(id)).toEqual({ [first]: id, [subdomain]: id });

    // moved: the released hostname leaves the store with the claim's event; the new one enters it once proven
    const moved = await invoke(
      setCustomDomain as RouteHandler,
      agent,
      'POST',
      '/website-domains/custom-domain',
      {
        body: { website_id: id, domain: second },
      },
    );
    expect(moved.body.status).toBe('pending');
    expect(hostsOf(id)).toEqual({ [subdomain]: id });
    await claimAndProve(agent, id, second);
    expect(hostsOf(id)).toEqual({ [second]: id, [subdomain]: id });

    expect(
      (await invoke(deleteWebsite as RouteHandler, agent, 'DELETE', '/websites/{id}', { id })).status,
    ).toBe(200);
    expect(hostsOf(id)).toEqual({});

    expect(
      (await invoke(recoverWebsite as RouteHandler, agent, 'POST', '/websites/{id}/recover', { id })).status,
    ).toBe(200);
    expect(hostsOf(id)).toEqual({ [second]: id, [subdomain]: id });

    expect(delivered.filter((event) => event.detail.websiteId === id).map((event) => event.type)).toEqual(
      // proven, subdomain, released, proven, deleted, recovered
      Array(6).fill('WebsiteHostsChanged'),
    );
    expect(kvs.calls.every((call) => call.status !== 403)).toBe(true);
  });

  it('hands a released hostname to the website that claims it, without the old one taking it back', async () => {
    // one website each (the plan's websites limit)
    const [first, second] = [await createTestAgent(), await createTestAgent()];
    const [one, two] = [await newWebsite(first), await newWebsite(second)];
    const shared = uniqueDomain();
    const setDomain = (agent: TestAgent, websiteId: string, domain: string) =>
      invoke(setCustomDomain as RouteHandler, agent, 'POST', '/website-domains/custom-domain', {
        body: { website_id: websiteId, domain },
      });
    await claimAndProve(first, one, shared);
    expect(kvs.entries.get(shared)).toBe(one);
    expect((await setDomain(first, one, uniqueDomain())).status).toBe(200);
    expect(kvs.entries.get(shared)).toBeUndefined();
    await claimAndProve(second, two, shared);
    expect(kvs.entries.get(shared)).toBe(two);
    // a late redelivery of the first website's event changes nothing
    await syncSiteHosts({
      id: randomUUID(),
      'detail-type': 'WebsiteHostsChanged',
      detail: { websiteId: one, agentId: first.agentId },
    } as never);
    expect(kvs.entries.get(shared)).toBe(two);
    // the first website's new domain is pending: it holds no hostname in the store
    expect(hostsOf(one)).toEqual({});
  });

  it('does nothing without a store configured (the local cloud)', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const calls = kvs.calls.length;
    vi.stubEnv('SITES_HOSTS_KVS_ARN', '');
    try {
      await syncSiteHosts({
        id: randomUUID(),
        'detail-type': 'WebsiteHostsChanged',
        detail: { websiteId: id, agentId: agent.agentId },
      } as never);
    } finally {
      vi.stubEnv('SITES_HOSTS_KVS_ARN', kvs.arn);
    }
    expect(kvs.calls.length).toBe(calls);
  });
});

describe('cache invalidation after regeneration', () => {
  let cloudFront: FakeCloudFront;
  beforeAll(async () => {
    cloudFront = await startFakeCloudFront({
      accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
    });
    vi.stubEnv('SITES_DISTRIBUTION_ID', 'E2SITESDIST');
    vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT', cloudFront.url);
  });
  afterAll(() => cloudFront.close());

  it('invalidates /{websiteId}/* once per event, after the pages are written', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const published = await callApi(`/websites/${id}/publish`, { method: 'POST', token: agent.token });
    expect(published.status).toBe(200);
    const event = {
      version: '0',
      id: randomUUID(),
      'detail-type': 'WebsitePublished',
      source: 'estatenet.platform',
      detail: { websiteId: id, agentId: agent.agentId },
    };
    await regeneratePages(event as never);
    await regeneratePages(event as never); // redelivered
    await regeneratePages({ ...event, id: randomUUID() } as never);
    await bus.drain();

    expect(
      delivered.filter((received) => received.detail.websiteId === id).map((received) => received.type),
    ).toEqual(Array(3).fill('WebsitePagesRegenerated'));

    const ours = cloudFront.requests.filter((request) => request.paths.includes(`/${id}/*`));
    expect(
      ours.map(({ distributionId, paths, signed, status }) => ({ distributionId, paths, signed, status })),
    ).toEqual(
      Array(3).fill({ distributionId: 'E2SITESDIST', paths: [`/${id}/*`], signed: true, status: 201 }),
    );
    // the redelivery names the same caller reference, so CloudFront answers the same invalidation
    expect(ours.map((request) => request.callerReference)).toEqual([event.id, event.id, expect.any(String)]);
    expect(ours[2]!.callerReference).not.toBe(event.id);
  });
});
