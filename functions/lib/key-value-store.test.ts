import { createECDH, createHash, createHmac, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeKvs, startFakeKvs } from '../../tests/support/fake-kvs.ts';
import { getKey, listKeys, signedRequest, writeKey } from './key-value-store.ts';

/**
 * The KeyValueStore data-plane calls without the SDK client: the SigV4A request is checked against an
 * independent implementation of the algorithm (key derivation from the secret, canonical request, ECDSA
 * P-256 over SHA-256), and the calls against a stand-in store with ETags (tests/support/fake-kvs.ts).
 */

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'kvs-secret/EXAMPLEKEY' };
const ARN = 'arn:aws:cloudfront::123456789012:key-value-store/0f1e2d3c-aaaa-bbbb-cccc-112233445566';

beforeEach(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', credentials.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', credentials.secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', '');
});

/** SigV4A's signing key: HMAC-SHA256 counter derivation from "AWS4A"+secret, the private key is k0 + 1. */
function sigV4aPublicKey(accessKeyId: string, secret: string) {
  const order = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');
  for (let counter = 1; counter < 255; counter += 1) {
    const input = Buffer.concat([
      Buffer.from([0, 0, 0, 1]),
      Buffer.from('AWS4-ECDSA-P256-SHA256'),
      Buffer.from([0]),
      Buffer.from(accessKeyId),
      Buffer.from([counter]),
      Buffer.from([0, 0, 1, 0]),
    ]);
    const k0 = BigInt(`0x${createHmac('sha256', `AWS4A${secret}`).update(input).digest('hex')}`);
    if (k0 > order - 2n) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from((k0 + 1n).toString(16).padStart(64, '0'), 'hex'));
    const point = ecdh.getPublicKey();
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
  }
  throw new Error('no key');
}

const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

describe('signedRequest (SigV4A)', () => {
  it('signs PutKey for cloudfront-keyvaluestore, region set *, with a signature the derived key verifies', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE', '');
    const body = JSON.stringify({ Value: 'website-1' });
    const request = await signedRequest(ARN, {
      method: 'PUT',
      key: 'www.agent-domain.com',
      headers: { 'if-match': 'ETAG1' },
      body,
    });
    // the service endpoint of the store's account, the ARN and key as single encoded path segments
    expect(request.hostname).toBe('123456789012.cloudfront-kvs.global.api.aws');
    expect(request.protocol).toBe('https:');
    expect(request.path).toBe(
      '/key-value-stores/arn%3Aaws%3Acloudfront%3A%3A123456789012%3Akey-value-store%2F0f1e2d3c-aaaa-bbbb-cccc-112233445566/keys/www.agent-domain.com',
    );
    expect(request.headers['x-amz-region-set']).toBe('*');
    const authorization = request.headers.authorization!;
    const parsed =
      /^AWS4-ECDSA-P256-SHA256 Credential=AKIDEXAMPLE\/(\d{8})\/cloudfront-keyvaluestore\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]+)$/.exec(
        authorization,
      );
    expect(parsed, authorization).not.toBeNull();
    const [, shortDate, signedHeaderList, signature] = parsed!;
    const signedHeaders = signedHeaderList!.split(';');
    expect(signedHeaders).toEqual(
      expect.arrayContaining(['host', 'if-match', 'x-amz-date', 'x-amz-region-set']),
    );

    // the canonical request, built here from the request as it will be sent
    const payloadHash = createHash('sha256').update(body).digest('hex');
    const canonical = [
      'PUT',
      request.path
        .split('/')
        .map((segment) => uriEncode(segment))
        .join('/'),
      '',
      ...signedHeaders.map((name) => `${name}:${String(request.headers[name]).trim()}`),
      '',
      signedHeaders.join(';'),
      payloadHash,
    ].join('\n');
    const longDate = request.headers['x-amz-date']!;
    expect(longDate.slice(0, 8)).toBe(shortDate);
    const stringToSign = [
      'AWS4-ECDSA-P256-SHA256',
      longDate,
      `${shortDate}/cloudfront-keyvaluestore/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const publicKey = sigV4aPublicKey(credentials.accessKeyId, credentials.secretAccessKey);
    expect(verify('sha256', Buffer.from(stringToSign), publicKey, Buffer.from(signature!, 'hex'))).toBe(true);
    // and the check itself fails for another request
    expect(verify('sha256', Buffer.from(`${stringToSign}x`), publicKey, Buffer.from(signature!, 'hex'))).toBe(
      false,
    );
  });

  it('addresses the endpoint override by path (a local stand-in)', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE', 'http://127.0.0.1:4599');
    const request = await signedRequest(ARN, { method: 'GET', keys: true, query: { MaxResults: '50' } });
    expect(`${request.protocol}//${request.hostname}:${request.port}${request.path}`).toBe(
      `http://127.0.0.1:4599/key-value-stores/${encodeURIComponent(ARN)}/keys`,
    );
    expect(request.query).toEqual({ MaxResults: '50' });
  });
});

describe('calls against a store with ETags', () => {
  let kvs: FakeKvs;
  beforeAll(async () => {
    kvs = await startFakeKvs(ARN);
  });
  afterAll(() => kvs.close());
  beforeEach(() => {
    vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE', kvs.url);
    kvs.entries.clear();
    kvs.calls.length = 0;
  });

  it('puts, reads and deletes keys with the store’s ETag, every call SigV4A-signed', async () => {
    expect(await writeKey(ARN, 'a.example.com', async () => ({ put: 'w-1' }))).toEqual({ put: 'w-1' });
    expect(await getKey(ARN, 'a.example.com')).toBe('w-1');
    expect(await getKey(ARN, 'missing.example.com')).toBeUndefined();
    // the same value again writes nothing
    expect(await writeKey(ARN, 'a.example.com', async () => ({ put: 'w-1' }))).toBeUndefined();
    expect(await writeKey(ARN, 'a.example.com', async () => 'delete')).toBe('delete');
    expect(kvs.entries.size).toBe(0);
    expect(kvs.calls.filter((call) => call.operation === 'PutKey' || call.operation === 'DeleteKey')).toEqual(
      [
        expect.objectContaining({ operation: 'PutKey', key: 'a.example.com', status: 200, regionSet: '*' }),
        expect.objectContaining({
          operation: 'DeleteKey',
          key: 'a.example.com',
          status: 200,
          regionSet: '*',
        }),
      ],
    );
    expect(kvs.calls.every((call) => call.status !== 403)).toBe(true);
  });

  it('reads and decides again when another writer changed the store in between (stale ETag, 409)', async () => {
    const seen: Array<string | undefined> = [];
    const result = await writeKey(ARN, 'b.example.com', async (current) => {
      seen.push(current);
      // another writer puts the same key after this one read the ETag
      if (seen.length === 1) await writeKey(ARN, 'b.example.com', async () => ({ put: 'w-other' }));
      return current === 'w-other' ? undefined : { put: 'w-2' };
    });
    // the first write was refused for its stale ETag; on the second look the key is another's: left alone
    expect(seen).toEqual([undefined, 'w-other']);
    expect(result).toBeUndefined();
    expect(kvs.entries.get('b.example.com')).toBe('w-other');
    // the other writer's put, then this one's, refused
    expect(kvs.calls.filter((call) => call.operation === 'PutKey').map((call) => call.status)).toEqual([
      200, 409,
    ]);
  });

  it('lists every key across pages', async () => {
    for (let index = 0; index < 120; index += 1)
      kvs.entries.set(`h${String(index).padStart(3, '0')}.example.com`, `w-${index}`);
    const all = await listKeys(ARN);
    expect(all.size).toBe(120);
    expect(all.get('h119.example.com')).toBe('w-119');
    expect(kvs.calls.filter((call) => call.operation === 'ListKeys')).toHaveLength(3);
  });
});
