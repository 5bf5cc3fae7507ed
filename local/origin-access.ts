import { SignatureV4 } from '@smithy/signature-v4';
import type { HttpRequest } from '@smithy/types';
import { NodeSha256 } from '#aws/sigv4';
import { LOCAL_ACCESS_KEY } from './emulators/s3.ts';

/**
 * The local stand-in for CloudFront's origin access control: in AWS the distributions read the private
 * buckets with SigV4-signed requests (OAC), so the local media proxy and sites host sign theirs too —
 * the local S3 refuses anonymous reads as S3 does.
 */
const signer = new SignatureV4({
  credentials: LOCAL_ACCESS_KEY,
  region: 'us-east-1',
  service: 's3',
  sha256: NodeSha256,
  uriEscapePath: false,
});

/** The request for `url` (its query included) before signing; `host` is signed, as AWS requires. */
function unsignedRequest(method: string, url: URL, headers: Record<string, string>): HttpRequest {
  return {
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: { host: url.host, ...headers },
  };
}

/** The URL a signed request goes to, its query as signed. */
function urlOf(request: HttpRequest): string {
  const url = new URL(`${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}`);
  url.pathname = request.path;
  const query = Object.entries(request.query ?? {}).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item) => [name, item]) : value === null ? [] : [[name, value]],
  );
  url.search = new URLSearchParams(query as string[][]).toString();
  return url.toString();
}

/** A GET or HEAD of an object, signed; `headers` (range, conditionals) are sent and signed. */
export async function originFetch(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const method = options.method ?? 'GET';
  const signed = await signer.sign(
    unsignedRequest(method, new URL(url), { ...options.headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' }),
    {},
  );
  const { host: _host, ...headers } = signed.headers;
  return fetch(urlOf(signed), { method, headers });
}
