import { describe, expect, it } from 'vitest';
import { BucketLocks, canonicalUri, decodeAwsChunked, S3Refusal, signingKey, verify } from './s3-gate.ts';

/** The examples of AWS's S3 SigV4 documentation ("Examples: Signature Calculations"). */
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const options = {
  upstream: { host: '127.0.0.1', port: 1 },
  credentials: { AKIAIOSFODNN7EXAMPLE: SECRET },
  corsOrigins: {},
  now: () => Date.UTC(2013, 4, 24, 0, 5),
};
const noBody = () => Promise.resolve(Buffer.alloc(0));
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

describe('the S3 gate', () => {
  it('accepts the documented GetObject example signature', async () => {
    await expect(
      verify(
        options,
        getObjectExample('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41'),
        noBody,
      ),
    ).resolves.toEqual({ body: Buffer.alloc(0) });
  });

  it('refuses it with one character changed, and fifteen minutes after', async () => {
    await expect(
      verify(
        options,
        getObjectExample('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb42'),
        noBody,
      ),
    ).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(
      verify(
        { ...options, now: () => Date.UTC(2013, 4, 24, 0, 16) },
        getObjectExample('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41'),
        noBody,
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
