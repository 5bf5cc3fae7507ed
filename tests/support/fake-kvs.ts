import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the CloudFront KeyValueStore data-plane API (`cloudfront-keyvaluestore`), enough
 * for functions/aws/key-value-store.ts: DescribeKeyValueStore, GetKey, PutKey, DeleteKey and ListKeys for
 * one store, with an ETag that changes on every write and writes refused (409 ConflictException) unless
 * `If-Match` names the current one — as the service does. Every request must carry a SigV4A
 * Authorization for the service's signing name and region set `*` (the signature itself is not
 * verified: that is the signer's own test), else 403. It records each call for the tests.
 */

export interface FakeKvsCall {
  operation: 'DescribeKeyValueStore' | 'GetKey' | 'PutKey' | 'DeleteKey' | 'ListKeys';
  key?: string;
  status: number;
  authorization: string;
  regionSet?: string;
}

export interface FakeKvs {
  /** the endpoint to put in AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE */
  url: string;
  arn: string;
  entries: Map<string, string>;
  calls: FakeKvsCall[];
  etag: () => string;
  close: () => Promise<void>;
}

const SIGV4A =
  /^AWS4-ECDSA-P256-SHA256 Credential=[^/]+\/\d{8}\/cloudfront-keyvaluestore\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]+$/;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const error = (response: ServerResponse, status: number, type: string, message: string) =>
  send(response, status, { __type: type, Message: message }, { 'x-amzn-errortype': type });

export async function startFakeKvs(
  arn = `arn:aws:cloudfront::123456789012:key-value-store/${randomUUID()}`,
): Promise<FakeKvs> {
  const entries = new Map<string, string>();
  const calls: FakeKvsCall[] = [];
  let version = 1;
  const etag = () => `ETAG${version}`;
  const sizeOf = () => [...entries].reduce((sum, [key, value]) => sum + key.length + value.length, 0);

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const authorization = String(request.headers.authorization ?? '');
    const regionSet = request.headers['x-amz-region-set'] as string | undefined;
    // /key-value-stores/{arn}[/keys[/{key}]], the ARN and key percent-encoded as one segment each
    const match = /^\/key-value-stores\/([^/]+)(\/keys(?:\/([^/]+))?)?$/.exec(url.pathname);
    const key = match?.[3] !== undefined ? decodeURIComponent(match[3]) : undefined;
    const method = request.method ?? 'GET';
    const operation: FakeKvsCall['operation'] = !match?.[2]
      ? 'DescribeKeyValueStore'
      : key === undefined
        ? 'ListKeys'
        : method === 'PUT'
          ? 'PutKey'
          : method === 'DELETE'
            ? 'DeleteKey'
            : 'GetKey';
    const record = (status: number) =>
      calls.push({
        operation,
        ...(key !== undefined ? { key } : {}),
        status,
        authorization,
        ...(regionSet ? { regionSet } : {}),
      });

    const signed = SIGV4A.exec(authorization);
    const signedHeaders = signed?.[1]?.split(';') ?? [];
    if (
      !signed ||
      regionSet !== '*' ||
      !['host', 'x-amz-date', 'x-amz-region-set'].every((name) => signedHeaders.includes(name))
    ) {
      record(403);
      return error(
        response,
        403,
        'AccessDeniedException',
        'not signed with SigV4A for cloudfront-keyvaluestore',
      );
    }
    if (!match || decodeURIComponent(match[1]!) !== arn) {
      record(404);
      return error(response, 404, 'ResourceNotFoundException', 'no such key value store');
    }
    const counts = () => ({ ItemCount: entries.size, TotalSizeInBytes: sizeOf() });

    if (operation === 'DescribeKeyValueStore' && method === 'GET') {
      record(200);
      return send(response, 200, { KvsARN: arn, ...counts(), Status: 'READY' }, { etag: etag() });
    }
    if (operation === 'ListKeys' && method === 'GET') {
      const max = Math.min(Number(url.searchParams.get('MaxResults') ?? 50), 50);
      const start = Number(url.searchParams.get('NextToken') ?? 0);
      const keys = [...entries.keys()].sort();
      const page = keys.slice(start, start + max);
      record(200);
      return send(response, 200, {
        Items: page.map((name) => ({ Key: name, Value: entries.get(name) })),
        ...(start + max < keys.length ? { NextToken: String(start + max) } : {}),
      });
    }
    if (operation === 'GetKey') {
      if (!entries.has(key!)) {
        record(404);
        return error(response, 404, 'ResourceNotFoundException', 'no such key');
      }
      record(200);
      return send(response, 200, { Key: key, Value: entries.get(key!), ...counts() });
    }
    // writes
    if (request.headers['if-match'] !== etag()) {
      record(409);
      return error(response, 409, 'ConflictException', 'the ETag does not match the store’s');
    }
    if (operation === 'PutKey') {
      const value = (JSON.parse(body || '{}') as { Value?: unknown }).Value;
      if (typeof value !== 'string') {
        record(400);
        return error(response, 400, 'ValidationException', 'Value is required');
      }
      entries.set(key!, value);
    } else {
      if (!entries.has(key!)) {
        record(404);
        return error(response, 404, 'ResourceNotFoundException', 'no such key');
      }
      entries.delete(key!);
    }
    version += 1;
    record(200);
    return send(response, 200, { ETag: etag(), ...counts() }, { etag: etag() });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arn,
    entries,
    calls,
    etag,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
