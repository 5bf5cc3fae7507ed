import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCloudFront, startFakeCloudFront } from '../../tests/support/fake-cloudfront.ts';
import { invalidatePaths } from './cloudfront.ts';

/**
 * CreateInvalidation with `@aws-sdk/client-cloudfront`, against a stand-in that checks the signature of
 * the request as it arrived and answers as CloudFront does (the local cloud has no CDN).
 */

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'cloudfront-secret' };
let fake: FakeCloudFront;

beforeAll(async () => {
  fake = await startFakeCloudFront(credentials);
});
afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
  vi.stubEnv('AWS_ACCESS_KEY_ID', credentials.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', credentials.secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', '');
  vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT', fake.url);
  vi.stubEnv('SITES_DISTRIBUTION_ID', 'E2SITES');
});

describe('invalidatePaths', () => {
  it('posts one signed InvalidationBatch for the distribution, with the caller reference', async () => {
    const result = await invalidatePaths(['/w-1/*'], 'event-1');
    expect(result).toEqual({ status: 'created', invalidationId: 'I1' });
    expect(fake.requests).toEqual([
      expect.objectContaining({
        distributionId: 'E2SITES',
        paths: ['/w-1/*'],
        callerReference: 'event-1',
        signed: true,
        status: 201,
      }),
    ]);
    expect(fake.requests[0]!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/cloudfront\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
    );
  });

  it('answers a redelivery with the same invalidation, and a reused reference with other paths as done', async () => {
    const first = await invalidatePaths(['/w-2/*'], 'event-2');
    const again = await invalidatePaths(['/w-2/*'], 'event-2');
    expect(again).toEqual(first);
    expect(await invalidatePaths(['/w-2/*', '/other/*'], 'event-2')).toEqual({ status: 'exists' });
  });

  it('sends paths as given, XML-escaped by the client', async () => {
    expect((await invalidatePaths(['/a&b/*'], 'r<8>')).status).toBe('created');
    expect(fake.requests.at(-1)).toMatchObject({ paths: ['/a&amp;b/*'], callerReference: 'r&lt;8&gt;' });
  });

  it('tries again after a 5xx, and fails after three', async () => {
    fake.failNext(1, 503);
    expect((await invalidatePaths(['/w-3/*'], 'event-3')).status).toBe('created');
    expect(fake.requests.map((request) => request.status)).toEqual([503, 201]);
    fake.failNext(3, 503);
    await expect(invalidatePaths(['/w-4/*'], 'event-4')).rejects.toThrow(/CreateInvalidation failed/);
  });

  it('is refused by the stand-in when signed with another secret (the check itself can fail)', async () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'not-the-secret');
    // a new container: the client reads its credentials once
    vi.resetModules();
    const { invalidatePaths: invalidateElsewhere } = await import('./cloudfront.ts');
    await expect(invalidateElsewhere(['/w-7/*'], 'event-7')).rejects.toMatchObject({
      name: 'CloudFrontError',
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(fake.requests.map((request) => [request.signed, request.status])).toEqual([[false, 403]]);
  });

  it('sends nothing without a distribution (the local cloud has no CDN) or without paths', async () => {
    vi.stubEnv('SITES_DISTRIBUTION_ID', '');
    expect(await invalidatePaths(['/w-5/*'], 'event-5')).toEqual({ status: 'skipped' });
    vi.stubEnv('SITES_DISTRIBUTION_ID', 'E2SITES');
    expect(await invalidatePaths([], 'event-6')).toEqual({ status: 'skipped' });
    expect(fake.requests).toEqual([]);
  });
});
