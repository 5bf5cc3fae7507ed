// the KeyValueStore API is signed with SigV4A: this registers the SDK's JavaScript signer (no native CRT)
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  type CloudFrontKeyValueStoreClientConfig,
  CloudFrontKeyValueStoreServiceException,
  DeleteKeyCommand,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  ListKeysCommand,
  PutKeyCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { clientSettings } from './aws-settings.ts';

/**
 * The CloudFront KeyValueStore data-plane API with `@aws-sdk/client-cloudfront-keyvaluestore`
 * (DescribeKeyValueStore, GetKey, PutKey, DeleteKey, ListKeys), signed with SigV4A for the region set `*`
 * by `@aws-sdk/signature-v4a`. Writes name the store's current ETag (`If-Match`); a write that lost the race
 * to another one (409/412) reads the ETag again and retries.
 *
 * The store and endpoint are read per call from the environment (`SITES_HOSTS_KVS_ARN`,
 * `AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE`), so a process can be pointed at another store.
 */

export const KVS_ARN_ENV = 'SITES_HOSTS_KVS_ARN';
export const KVS_ENDPOINT_ENV = 'AWS_ENDPOINT_URL_CLOUDFRONT_KEYVALUESTORE';
/** ListKeys answers at most this many keys a page. */
const PAGE_SIZE = 50;
/** compare-and-write rounds of one key before a stale ETag is given up on */
const WRITE_ROUNDS = 8;

/** An error answer from the store, with its status and error type (never shown to a caller). */
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

type Endpoint = ReturnType<NonNullable<CloudFrontKeyValueStoreClientConfig['endpointProvider']>>;

/** An endpoint as the SDK's rules make it for this service: signed with SigV4A for every region. */
const sigV4aEndpoint = (url: string) =>
  ({
    url: new URL(url),
    properties: {
      authSchemes: [{ name: 'sigv4a', signingName: 'cloudfront-keyvaluestore', signingRegionSet: ['*'] }],
    },
  }) as unknown as Endpoint;

const clients = new Map<string, CloudFrontKeyValueStoreClient>();
/**
 * One client per endpoint. Without an override the SDK's endpoint rules address the store's account
 * (`https://{account}.cloudfront-kvs.global.api.aws`). Those rules put the account in front of an
 * override's host too, which a loopback stand-in (`http://127.0.0.1:port`) cannot answer to: an override
 * is addressed as given, signed the same way.
 */
function keyValueStore(): CloudFrontKeyValueStoreClient {
  const endpoint = process.env[KVS_ENDPOINT_ENV] || undefined;
  let client = clients.get(endpoint ?? '');
  if (!client) {
    client = new CloudFrontKeyValueStoreClient({
      ...clientSettings(),
      ...(endpoint ? { endpointProvider: () => sigV4aEndpoint(endpoint) } : {}),
    });
    clients.set(endpoint ?? '', client);
  }
  return client;
}

/** The SDK's error as ours; anything else (network, configuration) passes unchanged. */
function failure(error: unknown, what: string): unknown {
  if (!(error instanceof CloudFrontKeyValueStoreServiceException)) return error;
  const status = error.$metadata.httpStatusCode ?? 0;
  return new KeyValueStoreError(status, error.name, `KeyValueStore ${what} failed: ${status} ${error.name}`);
}

const notFound = (error: unknown) =>
  error instanceof CloudFrontKeyValueStoreServiceException && error.$metadata.httpStatusCode === 404;

/** The store's current ETag (DescribeKeyValueStore). */
export async function describeStore(arn: string): Promise<{ etag: string; itemCount?: number }> {
  const result = await keyValueStore()
    .send(new DescribeKeyValueStoreCommand({ KvsARN: arn }))
    .catch((error: unknown) => {
      throw failure(error, 'DescribeKeyValueStore');
    });
  if (!result.ETag)
    throw new KeyValueStoreError(500, 'NoETag', 'KeyValueStore DescribeKeyValueStore returned no ETag');
  return { etag: result.ETag, ...(result.ItemCount !== undefined ? { itemCount: result.ItemCount } : {}) };
}

/** Every key and value of the store (ListKeys, page by page). */
export async function listKeys(arn: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await keyValueStore()
      .send(new ListKeysCommand({ KvsARN: arn, MaxResults: PAGE_SIZE, NextToken: token }))
      .catch((error: unknown) => {
        throw failure(error, 'ListKeys');
      });
    for (const item of page.Items ?? []) entries.set(item.Key!, item.Value!);
    token = page.NextToken || undefined;
  } while (token);
  return entries;
}

/** A stale ETag: another writer changed the store since it was described. */
const staleETag = (error: KeyValueStoreError) =>
  error.status === 409 || error.status === 412 || /Conflict|PreconditionFailed/.test(error.type);

/** GetKey: the key's value, or undefined when the store has no such key. */
export async function getKey(arn: string, key: string): Promise<string | undefined> {
  try {
    return (await keyValueStore().send(new GetKeyCommand({ KvsARN: arn, Key: key }))).Value;
  } catch (error) {
    if (notFound(error)) return undefined;
    throw failure(error, `GetKey ${key}`);
  }
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
  for (let attempt = 0; attempt < WRITE_ROUNDS; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    const { etag } = await describeStore(arn);
    const current = await getKey(arn, key);
    const decision = await decide(current);
    if (decision === undefined) return undefined;
    if (decision !== 'delete' && decision.put === current) return undefined;
    if (decision === 'delete' && current === undefined) return undefined;
    const what = `${decision === 'delete' ? 'DeleteKey' : 'PutKey'} ${key}`;
    try {
      if (decision === 'delete')
        await keyValueStore().send(new DeleteKeyCommand({ KvsARN: arn, Key: key, IfMatch: etag }));
      else
        await keyValueStore().send(
          new PutKeyCommand({ KvsARN: arn, Key: key, Value: decision.put, IfMatch: etag }),
        );
      return decision;
    } catch (error) {
      // deleted meanwhile by another writer: the key is gone, as decided
      if (decision === 'delete' && notFound(error)) return decision;
      const refused = failure(error, what);
      if (!(refused instanceof KeyValueStoreError) || !staleETag(refused)) throw refused;
      lastError = refused;
    }
  }
  throw lastError!;
}
