import type { HttpRequest } from '@smithy/types';

/**
 * AWS calls without the SDK's clients (docs/decisions.md, "Lambda bundle budget"): a request signed with
 * SigV4 (S3, EventBridge, SES, CloudFront) or SigV4A (the CloudFront KeyValueStore) and sent with fetch.
 * One place for building, signing, sending and retrying; each service module reads its own answers.
 */

/** What signs a request: `SignatureV4` or `SignatureV4a`. */
export interface RequestSigner {
  /** (SigV4A requires the options argument; empty means now, every header) */
  sign(request: HttpRequest, options: object): Promise<HttpRequest>;
}

/** The request for `url` (its query included) before signing; `host` is signed, as AWS requires. */
export function unsignedRequest(method: string, url: URL, headers: Record<string, string> = {}): HttpRequest {
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
export function urlOf(request: HttpRequest): string {
  const url = new URL(`${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}`);
  url.pathname = request.path;
  const query = Object.entries(request.query ?? {}).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item) => [name, item]) : value === null ? [] : [[name, value]],
  );
  url.search = new URLSearchParams(query as string[][]).toString();
  return url.toString();
}

/** The answers worth another try by default: server errors and throttling. */
export const isServerTrouble = (response: Response) => response.status >= 500 || response.status === 429;

export interface SignedCall {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** per attempt; default 10 s */
  timeoutMs?: number;
}

/**
 * Sends `call` signed by `signer`, signed anew on every attempt (a signature carries its time). Network
 * errors and answers `retry` accepts (default: 5xx and 429) are tried again with a growing pause, up to
 * `attempts` in all; the last answer is returned whatever it is (the caller reads its error), and when the
 * last attempt failed on the network that error is thrown.
 */
export async function signedFetch(
  signer: RequestSigner,
  call: SignedCall,
  options: { attempts?: number; retry?: (response: Response) => boolean | Promise<boolean> } = {},
): Promise<Response> {
  const attempts = options.attempts ?? 3;
  const retry = options.retry ?? isServerTrouble;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    const signed = await signer.sign(
      {
        ...unsignedRequest(call.method, call.url, call.headers),
        ...(call.body !== undefined ? { body: call.body } : {}),
      },
      {},
    );
    // fetch sets Host itself, to the same value that was signed
    const { host: _host, ...headers } = signed.headers;
    let response: Response;
    try {
      response = await fetch(urlOf(signed), {
        method: call.method,
        headers,
        ...(call.body !== undefined ? { body: call.body as string | Uint8Array<ArrayBuffer> } : {}),
        signal: AbortSignal.timeout(call.timeoutMs ?? 10_000),
      });
    } catch (error) {
      lastError = error;
      continue;
    }
    if (attempt === attempts - 1 || !(await retry(response))) return response;
    await response.body?.cancel().catch(() => undefined);
  }
  throw lastError;
}
