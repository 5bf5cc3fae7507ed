import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4a } from '@smithy/signature-v4a';
import type { HttpRequest } from '@smithy/types';
import { type SignedCall, signedFetch, unsignedRequest } from './signed-fetch.ts';
import { NodeSha256 } from './sigv4.ts';

/**
 * The CloudFront KeyValueStore data-plane API (`cloudfront-keyvaluestore`: DescribeKeyValueStore,
 * GetKey, PutKey, DeleteKey, ListKeys) over fetch, signed with SigV4A (`@smithy/signature-v4a`, region
 * set `*`) like the SDK client signs it — without the client and its CRT signer (docs/decisions.md,
 * "Lambda bundle budget"). Writes name the store's current ETag (`If-Match`); a write that lost the race
 * to another one (409/412) reads the ETag again and retries.
 *
 * The store and endpoint are read per call from the environment (`SITES_HOSTS_KVS_ARN`,
 * `AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE`), so a process can be pointed at another store.
 */

export const KVS_ARN_ENV = 'SITES_HOSTS_KVS_ARN';
export const KVS_ENDPOINT_ENV = 'AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE';
/** The SigV4A signing name of the data-plane API. */
export const KVS_SIGNING_SERVICE = 'cloudfront-keyvaluestore';
/** ListKeys answers at most this many keys a page. */
const PAGE_SIZE = 50;
const RETRIES = 4;

/** A non-2xx answer from the store, with its status and error type (never shown to a caller). */
export class KeyValueStoreError extends Error {
  override name = 'KeyValueStoreError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** The store's ARN from the environment, or undefined where there is no store (the local cloud). */
export const hostsStoreArn = (): string | undefined => process.env[KVS_ARN_ENV] || undefined;

/** `https://{account}.cloudfront-kvs.global.api.aws`, or the endpoint override. */
function endpointOf(arn: string): URL {
  const override = process.env[KVS_ENDPOINT_ENV];
  if (override) return new URL(override);
  const account = arn.split(':')[4];
  if (!account || !/^\d{12}$/.test(account)) throw new Error(`not a KeyValueStore ARN: ${arn}`);
  return new URL(`https://${account}.cloudfront-kvs.global.api.aws/`);
}

let signer: SignatureV4a | undefined;
const signerOf = () => {
  signer ??= new SignatureV4a({
    credentials: fromEnv(),
    // SigV4A signs for a region set; the KeyValueStore API is global
    region: '*',
    service: KVS_SIGNING_SERVICE,
    sha256: NodeSha256,
  });
  return signer;
};

export interface KvsCall {
  method: 'GET' | 'PUT' | 'DELETE';
  /** under `/key-value-stores/{arn}`: '' or `/keys`, `/keys/{key}` (unencoded) */
  key?: string;
  keys?: boolean;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

/** The URL of one call: `{endpoint}/key-value-stores/{arn}[/keys[/{key}]]?{query}`. */
function callUrl(arn: string, call: KvsCall): URL {
  const url = endpointOf(arn);
  let path = `${url.pathname.replace(/\/$/, '')}/key-value-stores/${encodeURIComponent(arn)}`;
  if (call.keys || call.key !== undefined) path += '/keys';
  if (call.key !== undefined) path += `/${encodeURIComponent(call.key)}`;
  url.pathname = path;
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  return url;
}

const requestOf = (arn: string, call: KvsCall): SignedCall => ({
  method: call.method,
  url: callUrl(arn, call),
  headers: { ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}), ...call.headers },
  ...(call.body !== undefined ? { body: call.body } : {}),
});

/** The signed request of one call (exported for the request-shape test). */
export async function signedRequest(arn: string, call: KvsCall): Promise<HttpRequest> {
  const request = requestOf(arn, call);
  return signerOf().sign(
    {
      ...unsignedRequest(request.method, request.url, request.headers),
      ...(request.body !== undefined ? { body: request.body } : {}),
    },
    {},
  );
}

async function failure(response: Response, what: string): Promise<KeyValueStoreError> {
  const text = await response.text().catch(() => '');
  let type = response.headers.get('x-amzn-errortype')?.split(':')[0] ?? '';
  if (!type) {
    try {
      type = String((JSON.parse(text) as { __type?: string }).__type ?? '');
    } catch {
      // not JSON
    }
  }
  type ||= String(response.status);
  return new KeyValueStoreError(
    response.status,
    type,
    `KeyValueStore ${what} failed: ${response.status} ${type}`,
  );
}

/** One signed call; 5xx, throttling and network errors are tried again. */
const send = (arn: string, call: KvsCall): Promise<Response> =>
  signedFetch(signerOf(), requestOf(arn, call), { attempts: RETRIES });

/** The store's current ETag (DescribeKeyValueStore). */
export async function describeStore(arn: string): Promise<{ etag: string; itemCount?: number }> {
  const response = await send(arn, { method: 'GET' });
  if (!response.ok) throw await failure(response, 'DescribeKeyValueStore');
  const etag = response.headers.get('etag');
  const body = (await response.json()) as { ItemCount?: number };
  if (!etag)
    throw new KeyValueStoreError(500, 'NoETag', 'KeyValueStore DescribeKeyValueStore returned no ETag');
  return { etag, ...(body.ItemCount !== undefined ? { itemCount: body.ItemCount } : {}) };
}

/** Every key and value of the store (ListKeys, page by page). */
export async function listKeys(arn: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  let token: string | undefined;
  do {
    const query: Record<string, string> = { MaxResults: String(PAGE_SIZE) };
    if (token) query.NextToken = token;
    const response = await send(arn, { method: 'GET', keys: true, query });
    if (!response.ok) throw await failure(response, 'ListKeys');
    const body = (await response.json()) as {
      Items?: Array<{ Key: string; Value: string }>;
      NextToken?: string;
    };
    for (const item of body.Items ?? []) entries.set(item.Key, item.Value);
    token = body.NextToken || undefined;
  } while (token);
  return entries;
}

/** A stale ETag: another writer changed the store since it was described. */
const staleETag = (error: KeyValueStoreError) =>
  error.status === 409 || error.status === 412 || /Conflict|PreconditionFailed/.test(error.type);

/** GetKey: the key's value, or undefined when the store has no such key. */
export async function getKey(arn: string, key: string): Promise<string | undefined> {
  const response = await send(arn, { method: 'GET', key });
  if (response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) throw await failure(response, `GetKey ${key}`);
  return ((await response.json()) as { Value?: string }).Value;
}

/** What to do with one key, decided from its current value: put a value, delete it, or leave it. */
export type KeyDecision = { put: string } | 'delete' | undefined;

/**
 * A compare-and-write of one key: read the store's ETag, then the key's value, let `decide` look at it
 * (and at the table), then write with `If-Match` that ETag. A write of any other key in between makes the
 * ETag stale (409/412): everything is read and decided again, so a decision never rests on a value another
 * writer has changed since. Answers what was written (undefined: nothing).
 */
export async function writeKey(
  arn: string,
  key: string,
  decide: (current: string | undefined) => Promise<KeyDecision>,
): Promise<KeyDecision> {
  let lastError: KeyValueStoreError | undefined;
  for (let attempt = 0; attempt < RETRIES * 2; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    const { etag } = await describeStore(arn);
    const current = await getKey(arn, key);
    const decision = await decide(current);
    if (decision === undefined) return undefined;
    if (decision !== 'delete' && decision.put === current) return undefined;
    if (decision === 'delete' && current === undefined) return undefined;
    const call: KvsCall =
      decision === 'delete'
        ? { method: 'DELETE', key, headers: { 'if-match': etag } }
        : {
            method: 'PUT',
            key,
            headers: { 'if-match': etag },
            body: JSON.stringify({ Value: decision.put }),
          };
    const what = `${call.method === 'PUT' ? 'PutKey' : 'DeleteKey'} ${key}`;
    const response = await send(arn, call);
    if (response.ok || (decision === 'delete' && response.status === 404)) {
      await response.body?.cancel();
      return decision;
    }
    lastError = await failure(response, what);
    if (!staleETag(lastError)) throw lastError;
  }
  throw lastError!;
}
