import { createECDH, createHash, createHmac, createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeKvs, startFakeKvs } from '../../tests/support/fake-kvs.ts';
import { getKey, listKeys, writeKey } from './key-value-store.ts';

/**
 * The KeyValueStore data-plane calls through `@aws-sdk/client-cloudfront-keyvaluestore` with the SDK's
 * JavaScript SigV4A signer: the request as it arrives is checked against an independent implementation of
 * the algorithm (key derivation from the secret, canonical request, ECDSA P-256 over SHA-256), and the
 * calls against a stand-in store with ETags (tests/support/fake-kvs.ts).
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

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A server that records each request as it arrived and answers as the store would (ETag 1, no keys). */
async function startRecorder() {
  const received: Received[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && !request.url?.includes('/keys'))
      return json(200, { KvsARN: ARN, ItemCount: 0, TotalSizeInBytes: 0 }, { etag: 'ETAG1' });
    if (request.method === 'GET')
      return json(404, { Message: 'no such key' }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
    return json(200, { ItemCount: 1, TotalSizeInBytes: 20 }, { etag: 'ETAG2' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('the SigV4A signature of the client (@aws-sdk/signature-v4a), checked independently', () => {
  it('signs PutKey for cloudfront-keyvaluestore, region set *, with a signature the derived key verifies', async () => {
    const recorder = await startRecorder();
    vi.stubEnv('AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE', recorder.url);
    try {
      expect(await writeKey(ARN, 'www.agent-domain.com', async () => ({ put: 'website-1' }))).toEqual({
        put: 'website-1',
      });
    } finally {
      await recorder.close();
    }
    const request = recorder.received.find((call) => call.method === 'PUT')!;
    // the ARN and key as single encoded path segments
    expect(request.url).toBe(
      '/key-value-stores/arn%3Aaws%3Acloudfront%3A%3A123456789012%3Akey-value-store%2F0f1e2d3c-aaaa-bbbb-cccc-112233445566/keys/www.agent-domain.com',
    );
    expect(request.headers['if-match']).toBe('ETAG1');
    expect(JSON.parse(request.body)).toEqual({ Value: 'website-1' });
    expect(request.headers['x-amz-region-set']).toBe('*');
    const authorization = String(request.headers.authorization);
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

    // the canonical request, built here from the request as it arrived
    const payloadHash = createHash('sha256').update(request.body).digest('hex');
    const canonical = [
      'PUT',
      request.url
        .split('/')
        .map((segment) => uriEncode(segment))
        .join('/'),
      '',
      ...signedHeaders.map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}`),
      '',
      signedHeaders.join(';'),
      payloadHash,
    ].join('\n');
    const longDate = String(request.headers['x-amz-date']);
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

  it('surfaces the store’s refusals as KeyValueStoreError, with its status and error type', async () => {
    const otherStore = ARN.replace('0f1e2d3c', 'ffffffff');
    await expect(listKeys(otherStore)).rejects.toMatchObject({
      name: 'KeyValueStoreError',
      status: 404,
      type: 'ResourceNotFoundException',
    });
    await expect(writeKey(otherStore, 'c.example.com', async () => ({ put: 'w-3' }))).rejects.toMatchObject({
      name: 'KeyValueStoreError',
      status: 404,
    });
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
