import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { NodeSha256 } from '#aws/sigv4';

/**
 * A stand-in for CloudFront's `CreateInvalidation` (POST /2020-05-31/distribution/{Id}/invalidation),
 * for functions/aws/cloudfront.ts. It checks the SigV4 signature (signed again with the known secret,
 * the request's own x-amz-date, for `cloudfront` in us-east-1 — as received, so the host, path and body
 * must be the ones signed), answers 201 with an invalidation id, the same id for the same caller
 * reference and paths, and 409 InvalidationBatchAlreadyExists for the same reference with other paths.
 */

export interface FakeInvalidation {
  distributionId: string;
  paths: string[];
  callerReference: string;
  /** the signature checked out */
  signed: boolean;
  authorization: string;
  status: number;
}

/** An invalidation the distribution holds (one per caller reference). */
export interface HeldInvalidation {
  id: string;
  distributionId: string;
  callerReference: string;
  paths: string[];
}

export interface FakeCloudFront {
  url: string;
  requests: FakeInvalidation[];
  /** what the distributions hold: the invalidations made, whatever the number of requests */
  invalidations: () => HeldInvalidation[];
  /** answer the next N requests with this status instead (e.g. 503) */
  failNext: (count: number, status: number) => void;
  close: () => Promise<void>;
}

const xml = (code: string, message: string) =>
  `<?xml version="1.0"?><ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error></ErrorResponse>`;

async function verify(
  credentials: { accessKeyId: string; secretAccessKey: string },
  method: string,
  url: URL,
  headers: IncomingHttpHeaders,
  body: string,
): Promise<boolean> {
  const authorization = String(headers.authorization ?? '');
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  const amzDate = String(headers['x-amz-date'] ?? '');
  if (!signedHeaders.includes('host') || !/^\d{8}T\d{6}Z$/.test(amzDate)) return false;
  const signingDate = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  const signer = new SignatureV4({
    credentials,
    region: 'us-east-1',
    service: 'cloudfront',
    sha256: NodeSha256,
  });
  const again = await signer.sign(
    {
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: {},
      headers: Object.fromEntries(signedHeaders.map((name) => [name, String(headers[name] ?? '')])),
      body,
    },
    { signingDate },
  );
  return again.headers.authorization === authorization;
}

export async function startFakeCloudFront(credentials: {
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<FakeCloudFront> {
  const requests: FakeInvalidation[] = [];
  const made = new Map<
    string,
    { id: string; distributionId: string; callerReference: string; paths: string }
  >();
  let failures = { count: 0, status: 503 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      const match = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(url.pathname);
      const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => m[1]!);
      const callerReference = /<CallerReference>([^<]*)<\/CallerReference>/.exec(body)?.[1] ?? '';
      const signed = await verify(credentials, request.method ?? '', url, request.headers, body);
      const record = (status: number) =>
        requests.push({
          distributionId: match ? decodeURIComponent(match[1]!) : '',
          paths,
          callerReference,
          signed,
          authorization: String(request.headers.authorization ?? ''),
          status,
        });
      const answer = (status: number, text: string) => {
        record(status);
        response.writeHead(status, { 'content-type': 'text/xml' });
        response.end(text);
      };
      if (!signed) return answer(403, xml('SignatureDoesNotMatch', 'signature does not match'));
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        return answer(failures.status, xml('ServiceUnavailable', 'try again'));
      }
      if (request.method !== 'POST' || !match) return answer(404, xml('NotFound', 'no such operation'));
      if (Number(/<Quantity>(\d+)<\/Quantity>/.exec(body)?.[1]) !== paths.length || !callerReference)
        return answer(400, xml('InvalidArgument', 'bad batch'));
      const key = `${match[1]}|${callerReference}`;
      const before = made.get(key);
      if (before && before.paths !== paths.join('\n'))
        return answer(409, xml('InvalidationBatchAlreadyExists', 'caller reference already used'));
      const id = before?.id ?? `I${requests.length + 1}`;
      made.set(key, {
        id,
        distributionId: decodeURIComponent(match[1]!),
        callerReference,
        paths: paths.join('\n'),
      });
      return answer(
        201,
        `<?xml version="1.0"?><Invalidation><Id>${id}</Id><Status>InProgress</Status></Invalidation>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    invalidations: () => [...made.values()].map((held) => ({ ...held, paths: held.paths.split('\n') })),
    failNext: (count, status) => {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
