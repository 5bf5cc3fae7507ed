import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { CLOUDFRONT_ENDPOINT_ENV, DISTRIBUTION_ENV } from '#aws/cloudfront';
import { invalidationPathOf } from '../../events/consumers/invalidate-site-cache.ts';
import {
  type FakeCloudFront,
  type HeldInvalidation,
  startFakeCloudFront,
} from '../support/fake-cloudfront.ts';
import type { ConsumerProbe, IdempotencyCase } from './idempotency-fixtures.ts';

/**
 * The cache invalidator's idempotency case. The suite delivers to the consumer in this process, so the
 * case points it (SITES_DISTRIBUTION_ID, AWS_ENDPOINT_URL_CLOUDFRONT, read per call) at a fake CloudFront
 * (tests/support/fake-cloudfront.ts) that checks the SigV4 signature and keeps one invalidation per caller
 * reference, as CloudFront does. The cloud's own consumer has no distribution configured and skips.
 *
 * After one delivery or three (two at once): the distribution holds one invalidation of the website's
 * path, named by the event's regeneration id.
 */

const DISTRIBUTION_ID = 'E2IDEMPOTENT';

let fake: Promise<FakeCloudFront> | undefined;

async function fakeCloudFront(): Promise<FakeCloudFront> {
  fake ??= startFakeCloudFront({
    accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
  });
  const cloudFront = await fake;
  process.env[DISTRIBUTION_ENV] = DISTRIBUTION_ID;
  process.env[CLOUDFRONT_ENDPOINT_ENV] = cloudFront.url;
  return cloudFront;
}

const pagesRegenerated = {
  name: "a website's pages regenerated",
  arrange: async (): Promise<ConsumerProbe<HeldInvalidation[]>> => {
    const cloudFront = await fakeCloudFront();
    const websiteId = randomUUID();
    const regenerationId = randomUUID();
    const path = invalidationPathOf(websiteId);
    return {
      detailType: 'WebsitePagesRegenerated',
      detail: { websiteId, regenerationId },
      effect: async () => cloudFront.invalidations().filter((held) => held.paths.includes(path)),
      expectOnce: (once) => {
        expect(once).toEqual([
          {
            id: expect.any(String),
            distributionId: DISTRIBUTION_ID,
            callerReference: regenerationId,
            paths: [path],
          },
        ]);
        // what the consumer sent were real SigV4-signed calls the fake accepted
        expect(cloudFront.requests.filter((request) => request.paths.includes(path))).toEqual(
          expect.arrayContaining([expect.objectContaining({ signed: true, status: 201 })]),
        );
      },
    };
  },
} as IdempotencyCase<ConsumerProbe>;

export const siteCacheConsumerCases = [pagesRegenerated];
