import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { callApi, createTestAgent, jsonBody } from '../support/agents.ts';
import { testS3 } from '../support/s3.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';

/**
 * The page regenerator's idempotency case: a website published (the item says so, no event yet) gets
 * its pages, sitemap and robots.txt once, whatever the number of deliveries and however they overlap —
 * the same keys with the same bytes, and nothing else under the website's prefix.
 */

/** Every object under the website's prefix, key → body. */
async function siteObjects(websiteId: string): Promise<Record<string, string>> {
  const { config } = await import('#lib/config');
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
    const { Website } = await import('#lib/data/websites');
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
          ]
            .map((key) => `${id}/${key}`)
            .sort(),
        );
        expect(once[`${id}/index.html`]).toContain('<header class="site-header">');
      },
    };
  },
} as IdempotencyCase<ConsumerProbe>;

export const siteConsumerCases = [websitePublished];
