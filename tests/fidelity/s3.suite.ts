import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, inject, it } from 'vitest';
import { NodeSha256 } from '#aws/sigv4';
import { testS3 } from '../support/s3.ts';

/**
 * The local S3 refuses what S3 refuses (docs/cloud-fidelity.md): one case per behaviour, each asserting
 * S3's status, error code and XML body, and the good paths of the official SDK, its presigners and the
 * product's own signer (functions/aws/s3.ts).
 */

const env = () => inject('cloud').env;
const endpoint = () => env().AWS_ENDPOINT_URL_S3!;
const bucket = () => env().FILES_BUCKET!;
const objectUrl = (key: string) => `${endpoint()}/${bucket()}/${key}`;
const freshKey = (prefix = 'fidelity') => `${prefix}/${randomUUID()}.txt`;

/** S3's error document, parsed: `<Error><Code>…</Code><Message>…</Message>…</Error>`. */
async function s3Error(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  const text = await response.text();
  expect(text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<Error>[\s\S]*<\/Error>$/);
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(text)?.[1];
  return { status: response.status, code: field('Code'), message: field('Message'), field, text };
}

const putViaSdk = (key: string, body: string) =>
  testS3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: 'text/plain' }));

/** Whether an object exists (HeadObject via the SDK). */
const exists = (key: string) =>
  testS3()
    .send(new HeadObjectCommand({ Bucket: bucket(), Key: key }))
    .then(
      () => true,
      (error: { name?: string }) => {
        if (error.name === 'NotFound') return false;
        throw error;
      },
    );

/** A presigned POST as the product makes it (functions/aws/s3.ts), for an exact size range. */
/** A PUT of a new object signed by hand (SigV4 headers, without the host the fetch adds itself). */
async function signedPut(signedHeaders: Record<string, string>, body?: string) {
  const url = new URL(objectUrl(freshKey()));
  const signer = new SignatureV4({
    credentials: { accessKeyId: env().AWS_ACCESS_KEY_ID!, secretAccessKey: env().AWS_SECRET_ACCESS_KEY! },
    region: 'us-east-1',
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false,
  });
  const signed = await signer.sign(
    {
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      headers: { host: url.host, ...signedHeaders },
      ...(body === undefined ? {} : { body }),
    },
    {},
  );
  const { host: _host, ...headers } = signed.headers;
  return { url, headers };
}

async function productPost(options: { key: string; maxBytes: number; contentType?: string }) {
  const { presignPost } = await import('#aws/s3');
  return presignPost(
    { bucket: 'files', key: options.key },
    {
      expiresIn: 60,
      maxBytes: options.maxBytes,
      ...(options.contentType ? { contentType: options.contentType } : {}),
    },
  );
}

function form(fields: Record<string, string>, file: string, fileType = 'text/plain') {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([file], { type: fileType }), 'upload.txt');
  return body;
}

const alter = (signature: string) => `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`;

/** s3 events the cloud logged for a key (local/cloud.ts logs each event s3rver emits). */
const eventsFor = (key: string) =>
  readFileSync(inject('cloud').logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes(`s3 ObjectCreated`) && line.endsWith(`/${key}`));

async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('presigned POST policies', () => {
  it('refuses 5,000 bytes under a content-length-range of 10: 400 EntityTooLarge', async () => {
    const key = freshKey();
    const post = await productPost({ key, maxBytes: 10 });
    const response = await fetch(post.url, { method: 'POST', body: form(post.fields, 'x'.repeat(5000)) });
    const error = await s3Error(response);
    expect(error).toMatchObject({
      status: 400,
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
    });
    expect(error.field('ProposedSize')).toBe('5000');
    expect(error.field('MaxSizeAllowed')).toBe('10');
    expect(await exists(key)).toBe(false);
  });

  it('refuses a file under the range minimum: 400 EntityTooSmall', async () => {
    const key = freshKey();
    const { url, fields } = await createPresignedPost(testS3(), {
      Bucket: bucket(),
      Key: key,
      Conditions: [['content-length-range', 100, 1000]],
    });
    const error = await s3Error(await fetch(url, { method: 'POST', body: form(fields, 'tiny') }));
    expect(error).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    expect(error.field('MinSizeAllowed')).toBe('100');
  });

  it('refuses an altered policy signature: 403 SignatureDoesNotMatch', async () => {
    const key = freshKey();
    const post = await productPost({ key, maxBytes: 100 });
    const fields = { ...post.fields, 'X-Amz-Signature': alter(post.fields['X-Amz-Signature']!) };
    const error = await s3Error(await fetch(post.url, { method: 'POST', body: form(fields, 'hello') }));
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await exists(key)).toBe(false);
  });

  it('refuses a key outside the policy: 403 AccessDenied naming the failed condition', async () => {
    const { url, fields } = await createPresignedPost(testS3(), {
      Bucket: bucket(),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's own placeholder for the file's name
      Key: 'uploads/user-1/${filename}',
      Conditions: [['starts-with', '$key', 'uploads/user-1/']],
    });
    const key = `uploads/user-2/${randomUUID()}.txt`;
    const error = await s3Error(
      await fetch(url, { method: 'POST', body: form({ ...fields, key }, 'hello') }),
    );
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message:
        'Invalid according to Policy: Policy Condition failed: ["starts-with", "$key", "uploads/user-1/"]',
    });
    expect(await exists(key)).toBe(false);
  });

  it('refuses an exact key changed by the client: 403 AccessDenied', async () => {
    const key = freshKey();
    const post = await productPost({ key, maxBytes: 100 });
    const other = freshKey();
    const error = await s3Error(
      await fetch(post.url, { method: 'POST', body: form({ ...post.fields, key: other }, 'hello') }),
    );
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${key}"]`,
    });
  });

  it('refuses another content type than the policy names: 403 AccessDenied', async () => {
    const key = freshKey();
    const post = await productPost({ key, maxBytes: 100, contentType: 'image/png' });
    const fields = { ...post.fields, 'Content-Type': 'text/html' };
    const error = await s3Error(await fetch(post.url, { method: 'POST', body: form(fields, 'hello') }));
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "image/png"]',
    });
  });

  it('refuses a Content-Type outside a starts-with condition: 403 AccessDenied', async () => {
    const { url, fields } = await createPresignedPost(testS3(), {
      Bucket: bucket(),
      Key: freshKey(),
      Conditions: [['starts-with', '$Content-Type', 'image/']],
      Fields: { 'Content-Type': 'image/png' },
    });
    const error = await s3Error(
      await fetch(url, { method: 'POST', body: form({ ...fields, 'Content-Type': 'text/html' }, 'x') }),
    );
    expect(error).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(error.message).toMatch(
      /^Invalid according to Policy: Policy Condition failed: \["(eq|starts-with)", "\$Content-Type"/,
    );
  });

  it('refuses an expired policy: 403 AccessDenied "Policy expired"', async () => {
    const { url, fields } = await createPresignedPost(testS3(), {
      Bucket: bucket(),
      Key: freshKey(),
      Expires: 1,
    });
    // the policy's expiration is whole seconds away; wait until it has passed
    const expiration = Date.parse(JSON.parse(Buffer.from(fields.Policy!, 'base64').toString()).expiration);
    await waitFor(() => (Date.now() > expiration ? true : undefined), 'the policy to expire');
    const error = await s3Error(await fetch(url, { method: 'POST', body: form(fields, 'x') }));
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('refuses a policy for another bucket: 403 AccessDenied', async () => {
    const { fields } = await createPresignedPost(testS3(), {
      Bucket: env().CONTENT_BUCKET!,
      Key: freshKey(),
    });
    const error = await s3Error(
      await fetch(`${endpoint()}/${bucket()}`, { method: 'POST', body: form(fields, 'x') }),
    );
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: `Invalid according to Policy: Policy Condition failed: ["eq", "$bucket", "${env().CONTENT_BUCKET}"]`,
    });
  });

  it('refuses a form field the policy does not mention: 403 AccessDenied', async () => {
    const post = await productPost({ key: freshKey(), maxBytes: 100 });
    const error = await s3Error(
      await fetch(post.url, {
        method: 'POST',
        body: form({ ...post.fields, 'x-amz-meta-owner': 'someone' }, 'x'),
      }),
    );
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: x-amz-meta-owner',
    });
  });

  it('accepts the product’s own presigned POST, and the object event follows the write', async () => {
    const key = freshKey();
    const post = await productPost({ key, maxBytes: 100, contentType: 'text/plain' });
    const response = await fetch(post.url, { method: 'POST', body: form(post.fields, 'hello') });
    expect(response.status).toBe(204);
    const { headObject } = await import('#aws/s3');
    expect(await headObject({ bucket: 'files', key })).toMatchObject({ size: 5, contentType: 'text/plain' });
    await waitFor(() => (eventsFor(key).length > 0 ? true : undefined), `the ObjectCreated event of ${key}`);
  });

  it('emits no object event for a refused POST', async () => {
    const refused = freshKey();
    const post = await productPost({ key: refused, maxBytes: 10 });
    expect((await fetch(post.url, { method: 'POST', body: form(post.fields, 'x'.repeat(50)) })).status).toBe(
      400,
    );
    // a later accepted write's event shows the log is current; the refused key has none
    const accepted = freshKey();
    const good = await productPost({ key: accepted, maxBytes: 100 });
    expect((await fetch(good.url, { method: 'POST', body: form(good.fields, 'ok') })).status).toBe(204);
    await waitFor(() => (eventsFor(accepted).length > 0 ? true : undefined), 'the accepted write’s event');
    expect(eventsFor(refused)).toEqual([]);
  });

  it('stores a streamed POST of several MB within its range, byte for byte, and its event follows', async () => {
    const key = freshKey();
    const file = randomBytes(3 * 1024 * 1024 + 17);
    const post = await productPost({ key, maxBytes: file.length });
    const body = new FormData();
    for (const [name, value] of Object.entries(post.fields)) body.append(name, value);
    body.append('file', new Blob([file]), 'big.bin');
    expect((await fetch(post.url, { method: 'POST', body })).status).toBe(204);
    const stored = await testS3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(file)).toBe(true);
    await waitFor(() => (eventsFor(key).length > 0 ? true : undefined), `the ObjectCreated event of ${key}`);
  });

  it('refuses a POST over its range midway: 400 EntityTooLarge, the object it would replace intact, no event', async () => {
    const key = freshKey();
    await putViaSdk(key, 'the previous version');
    const post = await productPost({ key, maxBytes: 1024 * 1024 });
    const body = new FormData();
    for (const [name, value] of Object.entries(post.fields)) body.append(name, value);
    body.append('file', new Blob([new Uint8Array(3 * 1024 * 1024).fill(0x61)]), 'big.bin');
    const error = await s3Error(await fetch(post.url, { method: 'POST', body }));
    expect(error).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(error.field('ProposedSize')).toBe(String(3 * 1024 * 1024));
    expect(error.field('MaxSizeAllowed')).toBe(String(1024 * 1024));
    const kept = await testS3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    expect(await kept.Body!.transformToString()).toBe('the previous version');
    // a later accepted write's event shows the log is current; the refused upload has none
    const accepted = freshKey();
    const good = await productPost({ key: accepted, maxBytes: 100 });
    expect((await fetch(good.url, { method: 'POST', body: form(good.fields, 'ok') })).status).toBe(204);
    await waitFor(() => (eventsFor(accepted).length > 0 ? true : undefined), 'the accepted write’s event');
    expect(eventsFor(key).filter((line) => line.includes('ObjectCreated:Post'))).toEqual([]);
  });

  it('accepts a presigned POST from @aws-sdk/s3-presigned-post', async () => {
    const key = freshKey();
    const { url, fields } = await createPresignedPost(testS3(), {
      Bucket: bucket(),
      Key: key,
      Conditions: [['content-length-range', 0, 100]],
      Fields: { 'Content-Type': 'text/plain' },
    });
    const response = await fetch(url, { method: 'POST', body: form(fields, 'hello') });
    expect(response.status).toBe(204);
    expect(await exists(key)).toBe(true);
  });
});

describe('presigned URLs', () => {
  it('refuses an altered presigned GET signature: 403 SignatureDoesNotMatch', async () => {
    const key = freshKey();
    await putViaSdk(key, 'secret');
    const url = new URL(await getSignedUrl(testS3(), new GetObjectCommand({ Bucket: bucket(), Key: key })));
    url.searchParams.set('X-Amz-Signature', alter(url.searchParams.get('X-Amz-Signature')!));
    const error = await s3Error(await fetch(url));
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(error.field('CanonicalRequest')).toContain(`/${bucket()}/${key}`);
  });

  it('refuses a presigned GET for another key than signed: 403 SignatureDoesNotMatch', async () => {
    const key = freshKey();
    await putViaSdk(key, 'secret');
    const other = freshKey();
    await putViaSdk(other, 'other secret');
    const url = await getSignedUrl(testS3(), new GetObjectCommand({ Bucket: bucket(), Key: key }));
    const error = await s3Error(await fetch(url.replace(key, other)));
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses an expired presigned GET: 403 AccessDenied "Request has expired"', async () => {
    const key = freshKey();
    await putViaSdk(key, 'secret');
    // signed two minutes ago for one minute
    const url = await getSignedUrl(testS3(), new GetObjectCommand({ Bucket: bucket(), Key: key }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 120_000),
    });
    const error = await s3Error(await fetch(url));
    expect(error).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Request has expired' });
    expect(error.field('X-Amz-Expires')).toBe('60');
  });

  it('accepts a presigned GET and PUT from @aws-sdk/s3-request-presigner', async () => {
    const key = freshKey();
    const put = await getSignedUrl(
      testS3(),
      new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: 'text/plain' }),
    );
    const written = await fetch(put, {
      method: 'PUT',
      body: 'via presigned put',
      headers: { 'content-type': 'text/plain' },
    });
    expect(written.status).toBe(200);
    const get = await getSignedUrl(testS3(), new GetObjectCommand({ Bucket: bucket(), Key: key }));
    const read = await fetch(get);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('via presigned put');
  });

  it('accepts the product’s own presigned GET (with a download name) and PUT', async () => {
    const { presignUrl } = await import('#aws/s3');
    const key = `fidelity/${randomUUID()}/a (1) b!.txt`;
    const put = await presignUrl(
      { bucket: 'files', key },
      { expiresIn: 60, method: 'PUT', contentType: 'text/plain' },
    );
    expect(
      (await fetch(put, { method: 'PUT', body: 'product', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(200);
    const get = await presignUrl(
      { bucket: 'files', key },
      { expiresIn: 60, downloadName: 'naïve report (final).txt' },
    );
    // spaces go as %20, as S3's SigV4 documentation requires
    expect(new URL(get).search).not.toContain('+');
    const read = await fetch(get);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('product');
    const disposition = read.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.slice(disposition.indexOf("''") + 2))).toBe(
      'naïve report (final).txt',
    );
  });
});

describe('header-signed requests', () => {
  it('refuses an anonymous PUT: 403 AccessDenied', async () => {
    const key = freshKey();
    const error = await s3Error(await fetch(objectUrl(key), { method: 'PUT', body: 'anonymous' }));
    expect(error).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
    expect(await exists(key)).toBe(false);
  });

  it('refuses an anonymous GET: 403 AccessDenied', async () => {
    const key = freshKey();
    await putViaSdk(key, 'private');
    const error = await s3Error(await fetch(objectUrl(key)));
    expect(error).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
  });

  it('refuses a request signed with another secret: 403 SignatureDoesNotMatch, parsed by the SDK', async () => {
    const wrong = new S3Client({
      region: 'us-east-1',
      endpoint: endpoint(),
      forcePathStyle: true,
      credentials: { accessKeyId: env().AWS_ACCESS_KEY_ID!, secretAccessKey: 'not-the-secret' },
    });
    await expect(
      wrong.send(new PutObjectCommand({ Bucket: bucket(), Key: freshKey(), Body: 'x' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
  });

  it('refuses an unknown access key: 403 InvalidAccessKeyId', async () => {
    const stranger = new S3Client({
      region: 'us-east-1',
      endpoint: endpoint(),
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIASTRANGER', secretAccessKey: 'x' },
    });
    await expect(
      stranger.send(new GetObjectCommand({ Bucket: bucket(), Key: freshKey() })),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
  });

  it('refuses a body that does not match its signed hash: 400 XAmzContentSHA256Mismatch', async () => {
    const { url, headers } = await signedPut({}, 'signed body');
    const error = await s3Error(await fetch(url, { method: 'PUT', headers, body: 'other body!' }));
    expect(error).toMatchObject({ status: 400, code: 'XAmzContentSHA256Mismatch' });
  });

  it('refuses an x-amz-* header that was not signed: 403 AccessDenied', async () => {
    const { url, headers } = await signedPut({ 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' });
    const response = await fetch(url, {
      method: 'PUT',
      headers: { ...headers, 'x-amz-meta-owner': 'added later' },
      body: 'x',
    });
    const error = await s3Error(response);
    expect(error).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'There were headers present in the request which were not signed',
    });
    expect(error.field('HeadersNotSigned')).toBe('x-amz-meta-owner');
  });

  it('an SDK GetObject of a missing key parses NoSuchKey', async () => {
    await expect(
      testS3().send(new GetObjectCommand({ Bucket: bucket(), Key: freshKey() })),
    ).rejects.toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
  });

  it('accepts SDK PutObject and GetObject (string and streamed, aws-chunked bodies)', async () => {
    const key = freshKey();
    await putViaSdk(key, 'hello from the sdk');
    const got = await testS3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    expect(await got.Body!.transformToString()).toBe('hello from the sdk');
    const { Readable } = await import('node:stream');
    const streamed = freshKey();
    await testS3().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: streamed,
        Body: Readable.from([Buffer.from('streamed '), Buffer.from('body')]),
        ContentLength: 13,
      }),
    );
    const back = await testS3().send(new GetObjectCommand({ Bucket: bucket(), Key: streamed }));
    expect(await back.Body!.transformToString()).toBe('streamed body');
  });

  it('writes atomically: a read during overwrites gets one whole version, never a missing or partial object', async () => {
    const key = freshKey('atomic');
    // versions of different sizes, so a torn read shows as a length no version has
    const versions = Array.from({ length: 6 }, (_, index) => `${index}`.repeat(40_000 + index * 7_919));
    await putViaSdk(key, versions[0]!);
    const reads: Array<Promise<string>> = [];
    for (const version of versions.slice(1)) {
      const write = putViaSdk(key, version);
      for (let read = 0; read < 4; read += 1)
        reads.push(
          testS3()
            .send(new GetObjectCommand({ Bucket: bucket(), Key: key }))
            .then((got) => got.Body!.transformToString()),
        );
      await write;
      // S3 is read-after-write consistent: the write's response means every later read sees it
      const after = await testS3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
      expect(await after.Body!.transformToString()).toBe(version);
    }
    for (const body of await Promise.all(reads)) expect(versions).toContain(body);
  });

  it('accepts the product’s own signed PUT, HEAD, GET, copy and DELETE', async () => {
    const s3 = await import('#aws/s3');
    const key = `fidelity/${randomUUID()}/it's (fine).txt`;
    await s3.putObject({ bucket: 'files', key }, Buffer.from('product bytes'), {
      contentType: 'text/plain',
      cacheControl: 'no-cache',
      metadata: { owner: 'someone' },
    });
    expect(await s3.headObject({ bucket: 'files', key })).toMatchObject({
      size: 13,
      metadata: { owner: 'someone' },
    });
    const copy = `${key}.copy`;
    await s3.copyObject({ bucket: 'files', key }, { bucket: 'files', key: copy });
    const stream = await s3.getObject({ bucket: 'files', key: copy });
    expect(await new Response(stream).text()).toBe('product bytes');
    expect(await s3.listObjectKeys('files', key)).toEqual([key, copy]);
    await s3.deleteObject({ bucket: 'files', key });
    expect(await s3.headObject({ bucket: 'files', key })).toBeUndefined();
  });
});

describe('what the product serves publicly', () => {
  it('serves media through the app’s /media/ path (signed like CloudFront OAC), not from the bucket', async () => {
    const key = `media/fidelity/${randomUUID()}.txt`;
    await putViaSdk(key, 'public media');
    expect((await fetch(objectUrl(key))).status).toBe(403);
    const served = await fetch(`${inject('cloud').appUrl}/${key}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('public media');
  });
});
