import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { KVS_ARN_ENV, KVS_ENDPOINT_ENV } from '#aws/key-value-store';
import { callApi, createTestAgent, jsonBody } from '../support/agents.ts';
import { proveDomain } from '../support/domains.ts';
import { type FakeKvs, startFakeKvs } from '../support/fake-kvs.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';

/**
 * The host sync's idempotency case. The suite delivers to the consumer in this process, so the case
 * points it (SITES_HOSTS_KVS_ARN, AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE, read per call) at a fake
 * KeyValueStore (tests/support/fake-kvs.ts) that answers the real signed HTTP calls with ETags — the
 * concurrent deliveries really race on the ETag. The cloud's own consumer has no store configured and
 * leaves it alone.
 *
 * The website has a custom domain (claimed and proven through the API); the store holds a hostname the website released
 * (stale, pointing at it) and another website's hostname. After one delivery or three: the custom domain
 * → the website, the stale key gone, the other website's key untouched.
 */

let store: Promise<FakeKvs> | undefined;

async function fakeStore(): Promise<FakeKvs> {
  store ??= startFakeKvs();
  const kvs = await store;
  process.env[KVS_ARN_ENV] = kvs.arn;
  process.env[KVS_ENDPOINT_ENV] = kvs.url;
  return kvs;
}

const customDomainSynced = {
  name: 'a website with a custom domain and a released hostname',
  arrange: async (): Promise<ConsumerProbe<Record<string, string>>> => {
    const kvs = await fakeStore();
    const agent = await createTestAgent();
    const made = await callApi('/websites', {
      ...jsonBody('POST', { name: 'Idempotent Hosts' }),
      token: agent.token,
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const domain = `www.hosts-${randomUUID().slice(0, 8)}.com`;
    // proven by its DNS TXT record: only a proven domain goes into the store
    await proveDomain(agent, id, domain);
    const released = `old-${randomUUID().slice(0, 8)}.example.com`;
    const other = `other-${randomUUID().slice(0, 8)}.example.com`;
    kvs.entries.set(released, id);
    kvs.entries.set(other, 'another-website');
    const mine = [domain, released, other];
    return {
      detailType: 'WebsiteHostsChanged',
      detail: { websiteId: id, agentId: agent.agentId },
      effect: async () =>
        Object.fromEntries(
          mine.flatMap((key) => (kvs.entries.has(key) ? [[key, kvs.entries.get(key)!]] : [])),
        ),
      expectOnce: (once) => {
        expect(once).toEqual({ [domain]: id, [other]: 'another-website' });
        // what the consumer sent were real SigV4A-signed calls the fake accepted
        expect(
          kvs.calls.some((call) => call.operation === 'PutKey' && call.key === domain && call.status === 200),
        ).toBe(true);
      },
    };
  },
} as IdempotencyCase<ConsumerProbe>;

export const siteHostsConsumerCases = [customDomainSynced];
