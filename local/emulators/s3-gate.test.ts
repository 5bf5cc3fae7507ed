import { createHmac } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import {
  BucketLocks,
  canonicalUri,
  decodeAwsChunked,
  type ParsedRequest,
  S3Refusal,
  signingKey,
  verify,
} from './s3-gate.ts';

/** The examples of AWS's S3 SigV4 documentation ("Examples: Signature Calculations"). */
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const options = {
  upstream: { host: '127.0.0.1', port: 1 },
  credentials: { AKIAIOSFODNN7EXAMPLE: SECRET },
  corsOrigins: {},
  now: () => Date.UTC(2013, 4, 24, 0, 5),
};
const noBody = () => Readable.from([]);
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const getObjectExample = (signature: string) => ({
  method: 'GET',
  rawPath: '/test.txt',
  rawQuery: '',
  bucket: 'test.txt',
  key: '',
  headers: {
    host: 'examplebucket.s3.amazonaws.com',
    range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY,
    'x-amz-date': '20130524T000000Z',
    authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${signature}`,
  },
});

/** A browser POST form to `examplebucket`, signed with the documentation's key, as it arrives: in small chunks. */
const BOUNDARY = '----gate-form';
const CREDENTIAL = 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';
function postForm(options: { file: Buffer; range: [number, number]; after?: string; preamble?: string }) {
  const policy = Buffer.from(
    JSON.stringify({
      expiration: '2013-05-24T01:00:00.000Z',
      conditions: [
        { bucket: 'examplebucket' },
        ['starts-with', '$key', 'user/'],
        { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
        { 'x-amz-credential': CREDENTIAL },
        { 'x-amz-date': '20130524T000000Z' },
        ['content-length-range', ...options.range],
      ],
    }),
  ).toString('base64');
  const part = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fields = [
    ['key', 'user/report.txt'],
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', CREDENTIAL],
    ['X-Amz-Date', '20130524T000000Z'],
    ['Policy', policy],
    [
      'X-Amz-Signature',
      createHmac('sha256', signingKey(SECRET, '20130524', 'us-east-1', 's3'))
        .update(policy)
        .digest('hex'),
    ],
  ];
  const bytes = Buffer.concat([
    Buffer.from(`${options.preamble ?? ''}${fields.map(([name, value]) => part(name!, value!)).join('')}`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="report.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    options.file,
    Buffer.from(`\r\n${options.after ? part('x-after', options.after) : ''}--${BOUNDARY}--\r\n`),
  ]);
  const request: ParsedRequest = {
    method: 'POST',
    rawPath: '/examplebucket',
    rawQuery: '',
    bucket: 'examplebucket',
    key: '',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  };
  // 13-byte chunks: the delimiter that ends the file arrives split across several
  const chunks = Array.from({ length: Math.ceil(bytes.length / 13) }, (_, index) =>
    bytes.subarray(index * 13, index * 13 + 13),
  );
  return { request, body: () => Readable.from(chunks) };
}

/** What almost closes the file part, inside the file. */
const fileWithNearDelimiters = Buffer.concat([
  Buffer.from(`line one\r\n--${BOUNDARY.slice(0, -1)}x\r\n--\r\n-`),
  Buffer.alloc(3000, 'z'),
]);

describe('the S3 gate', () => {
  it('accepts the documented GetObject example signature', async () => {
    await expect(
      verify(
        options,
        getObjectExample('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41'),
        noBody(),
      ),
    ).resolves.toEqual({ body: Buffer.alloc(0) });
  });

  it('refuses it with one character changed, and fifteen minutes after', async () => {
    await expect(
      verify(
        options,
        getObjectExample('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb42'),
        noBody(),
      ),
    ).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(
      verify(
        { ...options, now: () => Date.UTC(2013, 4, 24, 0, 16) },
        getObjectExample('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41'),
        noBody(),
      ),
    ).rejects.toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
  });

  it('verifies the documented chunk signatures of a STREAMING-AWS4-HMAC-SHA256-PAYLOAD upload', () => {
    const chunk = (data: Buffer, signature: string) =>
      Buffer.concat([
        Buffer.from(`${data.length.toString(16)};chunk-signature=${signature}\r\n`),
        data,
        Buffer.from('\r\n'),
      ]);
    const body = Buffer.concat([
      chunk(Buffer.alloc(65536, 'a'), 'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648'),
      chunk(Buffer.alloc(1024, 'a'), '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497'),
      chunk(Buffer.alloc(0), 'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9'),
    ]);
    const context = {
      signed: true,
      key: signingKey(SECRET, '20130524', 'us-east-1', 's3'),
      amzDate: '20130524T000000Z',
      scope: '20130524/us-east-1/s3/aws4_request',
      seedSignature: '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
    };
    expect(decodeAwsChunked(body, context)).toEqual(Buffer.alloc(66560, 'a'));
    const tampered = Buffer.from(body);
    tampered[200] = 'b'.charCodeAt(0);
    expect(() => decodeAwsChunked(tampered, context)).toThrow(S3Refusal);
  });

  it('spools a POST form’s file as it arrives, and forwards the form up to it (fields after it dropped)', async () => {
    const file = fileWithNearDelimiters;
    const { request, body } = postForm({ file, range: [1, 10_000], after: 'ignored as S3 ignores it' });
    const { upload } = await verify(options, request, body());
    try {
      expect(upload).toMatchObject({ size: file.length, tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`) });
      expect(await readFile(upload!.path)).toEqual(file);
      const head = upload!.head.toString();
      expect(head).toMatch(/name="file"; filename="report.txt"\r\nContent-Type: text\/plain\r\n\r\n$/);
      expect(head).not.toContain('x-after');
    } finally {
      await rm(upload!.path, { force: true });
    }
  });

  it('accepts a form with a preamble before its first delimiter', async () => {
    const { request, body } = postForm({
      file: Buffer.from('hello'),
      range: [0, 10],
      preamble: 'preamble\r\n',
    });
    const { upload } = await verify(options, request, body());
    await rm(upload!.path, { force: true });
    expect(upload!.size).toBe(5);
  });

  it('refuses a POST file over the policy’s content-length-range: 400 EntityTooLarge with its whole size', async () => {
    const { request, body } = postForm({ file: fileWithNearDelimiters, range: [1, 100] });
    await expect(verify(options, request, body())).rejects.toMatchObject({
      status: 400,
      code: 'EntityTooLarge',
      details: { ProposedSize: fileWithNearDelimiters.length, MaxSizeAllowed: 100 },
    });
  });

  it('refuses a POST file under the range: 400 EntityTooSmall', async () => {
    const { request, body } = postForm({ file: Buffer.from('tiny'), range: [10, 100] });
    await expect(verify(options, request, body())).rejects.toMatchObject({
      status: 400,
      code: 'EntityTooSmall',
      details: { ProposedSize: 4, MinSizeAllowed: 10 },
    });
  });

  it('refuses a POST form whose fields before the file exceed 20 KB, and one cut off before its file ends', async () => {
    const long = postForm({ file: Buffer.from('x'), range: [0, 10], preamble: 'p'.repeat(21_000) });
    await expect(verify(options, long.request, long.body())).rejects.toMatchObject({
      status: 400,
      code: 'MaxPostPreDataLengthExceeded',
    });
    const { request } = postForm({ file: Buffer.from('x'), range: [0, 10] });
    const whole = Buffer.concat(
      await postForm({ file: Buffer.from('abcdef'), range: [0, 10] })
        .body()
        .toArray(),
    );
    const cut = whole.subarray(0, whole.indexOf('abc') + 3);
    await expect(verify(options, request, Readable.from([cut]))).rejects.toMatchObject({
      status: 400,
      code: 'MalformedPOSTRequest',
    });
  });

  it('reads a presigned query string as S3 does: `+` is a space, `%2B` a plus', async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: SECRET },
    });
    const url = new URL(
      await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: 'examplebucket',
          Key: 'a b+c.txt',
          ResponseContentDisposition: 'attachment; filename="a b+c.txt"',
        }),
        { expiresIn: 3600, signingDate: new Date(options.now()) },
      ),
    );
    const presigned = (rawQuery: string): ParsedRequest => ({
      method: 'GET',
      rawPath: url.pathname,
      rawQuery,
      bucket: 'examplebucket',
      key: 'a b+c.txt',
      headers: { host: url.host },
    });
    const rawQuery = url.search.slice(1);
    // the SDK's presigner writes a space as %20 and a plus as %2B
    expect(/response-content-disposition=([^&]*)/.exec(rawQuery)?.[1]).toBe(
      'attachment%3B%20filename%3D%22a%20b%2Bc.txt%22',
    );
    await expect(verify(options, presigned(rawQuery), noBody())).resolves.toEqual({});
    // S3 reads a `+` in the query as a space: the same value, so the same signature
    await expect(verify(options, presigned(rawQuery.replaceAll('%20', '+')), noBody())).resolves.toEqual({});
    // a plus turned into a space, or a space into a plus, is another value: refused
    await expect(verify(options, presigned(rawQuery.replace('%2B', '+')), noBody())).rejects.toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    await expect(verify(options, presigned(rawQuery.replace('%20', '%2B')), noBody())).rejects.toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('encodes the canonical URI as S3 does: once per decoded segment, never normalized', () => {
    expect(canonicalUri('/bucket/a%20b/c(1)!.txt')).toBe('/bucket/a%20b/c%281%29%21.txt');
    expect(canonicalUri('/bucket/x//./y')).toBe('/bucket/x//./y');
    expect(canonicalUri('/bucket/%C3%A9vora+1')).toBe('/bucket/%C3%A9vora%2B1');
  });

  it('runs writes to a bucket side by side, and a delete alone', async () => {
    const locks = new BucketLocks();
    const order: string[] = [];
    const write1 = await locks.acquire('b', false);
    const write2 = await locks.acquire('b', false);
    const deleted = locks.acquire('b', true).then((release) => {
      order.push('delete');
      return release;
    });
    const otherBucket = await locks.acquire('c', true);
    otherBucket();
    order.push('writes done');
    write1();
    write2();
    const releaseDelete = await deleted;
    const write3 = locks.acquire('b', false).then((release) => {
      order.push('write after delete');
      release();
    });
    releaseDelete();
    await write3;
    expect(order).toEqual(['writes done', 'delete', 'write after delete']);
  });
});
