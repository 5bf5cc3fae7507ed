import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { propertyItem } from '../support/property-item.ts';
import { testS3 } from '../support/s3.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';

/**
 * The page regenerator's idempotency cases: a website published (the item says so, no event yet) gets
 * its pages, sitemap and robots.txt once, whatever the number of deliveries and however they overlap —
 * the same keys with the same bytes, and nothing else under the website's prefix. For a listing change
 * (AgentListingsChanged), the same holds for each published website of the agent, drafts untouched; for a
 * domain change (WebsiteHostsChanged), the pages name the new domain once.
 */

/** Every object under the website's prefix, key → body. */
async function siteObjects(websiteId: string): Promise<Record<string, string>> {
  const { config } = await import('#aws/config');
  const bucket = config.buckets.sites;
  const listed = await testS3().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${websiteId}/` }));
  const objects: Record<string, string> = {};
  for (const { Key } of listed.Contents ?? []) {
    const object = await testS3().send(new GetObjectCommand({ Bucket: bucket, Key }));
    objects[Key!] = (await object.Body?.transformToString()) ?? '';
  }
  return objects;
}

const websitePublished = {
  name: 'a website published from a template',
  arrange: async (): Promise<ConsumerProbe<Record<string, string>>> => {
    const agent = await createTestAgent();
    const made = await callApi('/websites', {
      ...jsonBody('POST', { name: 'Idempotent Homes', template_id: 'coastal' }),
      token: agent.token,
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    // published in the table only: the suite's deliveries are the event's
    const { Website } = await import('#functions/websites/entities');
    await Website.update({ website_id: id }, { set: { status: 'published' } });
    return {
      detailType: 'WebsitePublished',
      detail: { websiteId: id, agentId: agent.agentId },
      effect: () => siteObjects(id),
      expectOnce: (once) => {
        expect(Object.keys(once).sort()).toEqual(
          [
            'index.html',
            'listings/index.html',
            'about/index.html',
            'contact/index.html',
            'sitemap.xml',
            'robots.txt',
            'favicon.svg',
          ]
            .map((key) => `${id}/${key}`)
            .sort(),
        );
        expect(once[`${id}/index.html`]).toContain('<header class="site-header">');
      },
    };
  },
} as IdempotencyCase<ConsumerProbe>;

/** A website of the agent from the Coastal template (its Listings page has a property grid). */
async function coastalWebsite(agent: TestAgent, name: string): Promise<string> {
  const made = await callApi('/websites', {
    ...jsonBody('POST', { name, template_id: 'coastal' }),
    token: agent.token,
  });
  expect(made.status, await made.clone().text()).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

const agentListingsChanged = {
  name: "an agent's listing changed (every published website that shows listings)",
  arrange: async () => {
    // the Agent plan holds three websites
    const agent = await createTestAgent({ role: 'Agent' });
    const [published, draft] = [
      await coastalWebsite(agent, 'Listing Homes'),
      await coastalWebsite(agent, 'Draft Homes'),
    ];
    const [{ Website }, { writeProperty }] = await Promise.all([
      import('#functions/websites/entities'),
      import('#functions/properties/entities'),
    ]);
    await Website.update({ website_id: published }, { set: { status: 'published' } });
    // the listing written through the data layer: the suite's deliveries are the only events
    const propertyId = randomUUID();
    const title = `Idempotent Villa ${propertyId.slice(0, 6)}`;
    await writeProperty(
      undefined,
      propertyItem({ property_id: propertyId, agent_id: agent.agentId, title, price: 410000, city: 'Lagos' }),
    );
    return {
      detailType: 'AgentListingsChanged',
      detail: { agentId: agent.agentId, propertyId },
      effect: async () => ({ published: await siteObjects(published), draft: await siteObjects(draft) }),
      expectOnce: (once: { published: Record<string, string>; draft: Record<string, string> }) => {
        expect(Object.keys(once.published)).toContain(`${published}/listings/index.html`);
        expect(once.published[`${published}/listings/index.html`]).toContain(title);
        expect(once.published[`${published}/sitemap.xml`]).toBeDefined();
        // the listing's own page, once
        const pages = Object.keys(once.published).filter((key) =>
          key.startsWith(`${published}/listings/idempotent-villa-`),
        );
        expect(pages).toHaveLength(1);
        expect(once.published[pages[0]!]).toContain(`<h1 class="en-listing-title">${title}</h1>`);
        // a draft is not published by a listing change
        expect(once.draft).toEqual({});
      },
    };
  },
} as IdempotencyCase<ConsumerProbe>;

const websiteHostsChanged = {
  name: "a published website's domain changed (canonical, og:url, robots.txt and sitemap.xml follow)",
  arrange: async (): Promise<ConsumerProbe<Record<string, string>>> => {
    const agent = await createTestAgent();
    const id = await coastalWebsite(agent, 'Domain Homes');
    const domain = `www.idempotent-${randomUUID().slice(0, 8)}.com`;
    // published with its domain in the table only: the suite's deliveries are the event's
    const { Website } = await import('#functions/websites/entities');
    await Website.update({ website_id: id }, { set: { status: 'published', domain } });
    return {
      detailType: 'WebsiteHostsChanged',
      detail: { websiteId: id, agentId: agent.agentId },
      effect: () => siteObjects(id),
      expectOnce: (once) => {
        expect(once[`${id}/about/index.html`]).toContain(
          `<link rel="canonical" href="https://${domain}/about">`,
        );
        expect(once[`${id}/robots.txt`]).toContain(`Sitemap: https://${domain}/sitemap.xml`);
        expect(once[`${id}/sitemap.xml`]).toContain(`<loc>https://${domain}/contact</loc>`);
      },
    };
  },
} as IdempotencyCase<ConsumerProbe>;

export const siteConsumerCases = [websitePublished, agentListingsChanged, websiteHostsChanged];
