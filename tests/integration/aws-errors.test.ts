import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishEvent } from '#aws/events';
import { copyObject, deleteObject, getObject, headObject } from '#aws/s3';

/**
 * AWS errors of the official clients, produced by the local cloud itself, read by the modules as before:
 * what a handler would throw (answered 500 by the error layer, no SDK message leaking) or, for a missing
 * object, what it reads as absent. Faults the emulators cannot make (partial PutEvents failures,
 * throttling) are unit cases beside each module.
 */

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('EventBridge', () => {
  it('surfaces an event the bus refused (no such bus), after one PutEvents', async () => {
    vi.stubEnv('EVENT_BUS_NAME', 'no-such-bus');
    await expect(publishEvent('PropertyAdded', { propertyId: 'p-1', agentId: 'a-1' })).rejects.toThrow(
      /event PropertyAdded was not accepted: ResourceNotFoundException/,
    );
  });
});

describe('S3', () => {
  const missing = () => ({ bucket: 'files' as const, key: `tests/aws-errors/${randomUUID()}.txt` });

  it('reads a missing object as absent (HeadObject 404, GetObject NoSuchKey) and deletes it as done', async () => {
    const object = missing();
    expect(await headObject(object)).toBeUndefined();
    expect(await getObject(object)).toBeUndefined();
    await expect(deleteObject(object)).resolves.toBeUndefined();
  });

  it('surfaces a copy of a missing object as S3Error with S3’s status and code', async () => {
    await expect(copyObject(missing(), missing())).rejects.toMatchObject({
      name: 'S3Error',
      status: 404,
      code: 'NoSuchKey',
    });
  });

  it('surfaces a request S3 refuses (signed with a secret it does not know) as S3Error 403, not retried into success', async () => {
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'not-the-secret');
    // a new container: the client reads its credentials once
    vi.resetModules();
    const fresh = await import('#aws/s3');
    await expect(fresh.putObject(missing(), new TextEncoder().encode('x'))).rejects.toMatchObject({
      name: 'S3Error',
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });
});
