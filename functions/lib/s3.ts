import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { config } from './config.ts';
import { signedFetch, unsignedRequest, urlOf } from './signed-fetch.ts';
import { encodeKeyPath, NodeSha256 } from './sigv4.ts';

/**
 * S3 object operations over its REST API, signed with the SDK's own SigV4 signer (docs/decisions.md,
 * "Lambda bundle budget"): S3Client and the presigners would add ~230 KB to every handler that stores a
 * file, while what handlers need is a handful of single-object calls and presigned URLs/POSTs. The
 * emulator is addressed by path (`endpoint/bucket/key`), AWS by virtual host.
 */

export type BucketName = keyof typeof config.buckets;

export interface ObjectRef {
  bucket: BucketName;
  key: string;
}

export interface ObjectHead {
  size: number;
  contentType?: string;
  metadata: Record<string, string>;
}

/** A non-2xx answer from S3, with its status and S3's error code (never shown to a caller). */
export class S3Error extends Error {
  override name = 'S3Error';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const credentials = fromEnv();
const signer = new SignatureV4({
  credentials,
  region: config.region,
  service: 's3',
  sha256: NodeSha256,
  // S3 signs the path as sent: no second round of URI encoding
  uriEscapePath: false,
});

const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const RETRIES = 3;

/** Where an object (or, without a key, the bucket) is addressed. */
function location(bucket: BucketName, key?: string): URL {
  const name = config.buckets[bucket];
  const suffix = key === undefined ? '' : encodeKeyPath(key);
  if (config.endpoints.s3) return new URL(`${config.endpoints.s3.replace(/\/$/, '')}/${name}/${suffix}`);
  return new URL(`https://${name}.s3.${config.region}.amazonaws.com/${suffix}`);
}

async function failure(response: Response, what: string): Promise<S3Error> {
  const text = response.status === 404 || response.bodyUsed ? '' : await response.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? String(response.status);
  return new S3Error(response.status, code, `S3 ${what} failed: ${response.status} ${code}`);
}

/** A signed request; idempotent calls are retried on 5xx and network errors. */
async function send(
  method: 'GET' | 'PUT' | 'DELETE' | 'HEAD' | 'POST',
  ref: ObjectRef,
  options: {
    headers?: Record<string, string>;
    body?: Uint8Array;
    timeoutMs?: number;
    /** sub-resource parameters (`uploads`, `partNumber`, `uploadId`) */
    query?: Record<string, string>;
  } = {},
): Promise<Response> {
  const url = location(ref.bucket, ref.key);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  return signedFetch(
    signer,
    {
      method,
      url,
      headers: { ...options.headers, 'x-amz-content-sha256': UNSIGNED_PAYLOAD },
      ...(options.body ? { body: options.body } : {}),
      timeoutMs: options.timeoutMs ?? 30_000,
    },
    // S3 says "slow down" with a 503
    { attempts: RETRIES, retry: (response) => response.status >= 500 },
  );
}

export async function putObject(
  ref: ObjectRef,
  body: Uint8Array,
  options: { contentType?: string; cacheControl?: string; metadata?: Record<string, string> } = {},
): Promise<void> {
  const headers: Record<string, string> = {
    ...(options.contentType ? { 'content-type': options.contentType } : {}),
    ...(options.cacheControl ? { 'cache-control': options.cacheControl } : {}),
  };
  for (const [name, value] of Object.entries(options.metadata ?? {})) headers[`x-amz-meta-${name}`] = value;
  const response = await send('PUT', ref, { headers, body });
  if (!response.ok) throw await failure(response, `PUT ${ref.key}`);
}

/** Deletes an object; deleting one that does not exist succeeds, as in S3. */
export async function deleteObject(ref: ObjectRef): Promise<void> {
  const response = await send('DELETE', ref);
  if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${ref.key}`);
}

/** The object's size, type and metadata, or undefined when there is none. */
export async function headObject(ref: ObjectRef): Promise<ObjectHead | undefined> {
  const response = await send('HEAD', ref);
  if (response.status === 404) return undefined;
  if (!response.ok) throw await failure(response, `HEAD ${ref.key}`);
  const metadata: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith('x-amz-meta-')) metadata[name.slice('x-amz-meta-'.length)] = value;
  });
  return {
    size: Number(response.headers.get('content-length') ?? 0),
    ...(response.headers.get('content-type') ? { contentType: response.headers.get('content-type')! } : {}),
    metadata,
  };
}

/** The object's content as a stream (never buffered whole), or undefined when there is none. */
export async function getObject(ref: ObjectRef): Promise<ReadableStream<Uint8Array> | undefined> {
  const response = await send('GET', ref, { timeoutMs: 5 * 60_000 });
  if (response.status === 404) return undefined;
  if (!response.ok || !response.body) throw await failure(response, `GET ${ref.key}`);
  return response.body;
}

/** A short-lived URL to read (or with `method: 'PUT'`, to write) one object. */
export async function presignUrl(
  ref: ObjectRef,
  options: { expiresIn: number; method?: 'GET' | 'PUT'; downloadName?: string; contentType?: string },
): Promise<string> {
  const url = location(ref.bucket, ref.key);
  if (options.downloadName) {
    url.searchParams.set(
      'response-content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`,
    );
  }
  const request = unsignedRequest(options.method ?? 'GET', url, {
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    ...(options.contentType ? { 'content-type': options.contentType } : {}),
  });
  const signed = await signer.presign(request, {
    expiresIn: options.expiresIn,
    unhoistableHeaders: new Set(options.contentType ? ['content-type'] : []),
  });
  // a space in the query goes as %20, as signed and as S3's SigV4 documentation requires, not as the `+`
  // of URLSearchParams (which writes a plus as %2B, so every `+` here is a space)
  return urlOf(signed).replace(/\?.*$/, (query) => query.replace(/\+/g, '%20'));
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * A browser upload form for one key: S3 itself enforces the policy (exact key, size range, content
 * type), so a Lambda never handles the bytes.
 */
export async function presignPost(
  ref: ObjectRef,
  options: { expiresIn: number; maxBytes: number; minBytes?: number; contentType?: string },
): Promise<PresignedPost> {
  const { accessKeyId, sessionToken } = await credentials();
  const now = new Date();
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const credential = `${accessKeyId}/${amzDate.slice(0, 8)}/${config.region}/s3/aws4_request`;
  const bucket = config.buckets[ref.bucket];
  const fields: Record<string, string> = {
    key: ref.key,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': amzDate,
    ...(sessionToken ? { 'X-Amz-Security-Token': sessionToken } : {}),
    ...(options.contentType ? { 'Content-Type': options.contentType } : {}),
  };
  const policy = {
    expiration: new Date(now.getTime() + options.expiresIn * 1000).toISOString(),
    conditions: [
      { bucket },
      ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
      ['content-length-range', options.minBytes ?? 0, options.maxBytes],
    ],
  };
  const encodedPolicy = Buffer.from(JSON.stringify(policy)).toString('base64');
  const signature = await signer.sign(encodedPolicy, { signingDate: now, signingRegion: config.region });
  return {
    url: location(ref.bucket).toString().replace(/\/$/, ''),
    fields: { ...fields, Policy: encodedPolicy, 'X-Amz-Signature': signature },
  };
}

/** S3 can answer 200 and still report an error in the body (CopyObject, CompleteMultipartUpload). */
async function okXml(response: Response, what: string): Promise<string> {
  if (!response.ok) throw await failure(response, what);
  const text = await response.text();
  const code = /<Error>[\s\S]*?<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  if (code) throw new S3Error(500, code, `S3 ${what} failed: ${code}`);
  return text;
}

/**
 * Copies an object inside the platform's buckets (S3 copies the bytes; up to 5 GB in one call). With
 * `replace`, the copy gets that content type and cache control instead of the source's.
 */
export async function copyObject(
  source: ObjectRef,
  target: ObjectRef,
  replace?: { contentType: string; cacheControl?: string },
): Promise<void> {
  const copySource = `/${config.buckets[source.bucket]}/${encodeKeyPath(source.key)}`;
  const headers: Record<string, string> = { 'x-amz-copy-source': copySource };
  if (replace) {
    headers['x-amz-metadata-directive'] = 'REPLACE';
    headers['content-type'] = replace.contentType;
    if (replace.cacheControl) headers['cache-control'] = replace.cacheControl;
  }
  const response = await send('PUT', target, { headers });
  await okXml(response, `COPY ${source.key}`);
}

/**
 * Writes a stream of unknown length to one object with a multipart upload, `partBytes` at a time (S3's
 * minimum part is 5 MiB), so memory holds one part whatever the object's size. A failure aborts the
 * upload, so no parts are left behind.
 */
export async function putObjectStream(
  ref: ObjectRef,
  stream: ReadableStream<Uint8Array>,
  options: { contentType?: string; partBytes?: number } = {},
): Promise<{ size: number }> {
  const partBytes = Math.max(options.partBytes ?? 8 * 1024 * 1024, 5 * 1024 * 1024);
  const created = await send('POST', ref, {
    query: { uploads: '' },
    headers: options.contentType ? { 'content-type': options.contentType } : {},
  });
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(
    await okXml(created, `CREATE UPLOAD ${ref.key}`),
  )?.[1];
  if (!uploadId) throw new S3Error(500, 'NoUploadId', `S3 CREATE UPLOAD ${ref.key} returned no upload id`);
  const parts: string[] = [];
  let size = 0;
  const uploadPart = async (bytes: Uint8Array) => {
    const partNumber = parts.length + 1;
    const response = await send('PUT', ref, {
      query: { partNumber: String(partNumber), uploadId },
      body: bytes,
      timeoutMs: 5 * 60_000,
    });
    if (!response.ok) throw await failure(response, `UPLOAD PART ${partNumber} ${ref.key}`);
    await response.body?.cancel();
    parts.push(response.headers.get('etag') ?? '');
  };
  try {
    const reader = stream.getReader();
    let buffered: Uint8Array[] = [];
    let bufferedBytes = 0;
    const flush = async () => {
      const part = Buffer.concat(buffered, bufferedBytes);
      buffered = [];
      bufferedBytes = 0;
      await uploadPart(part);
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered.push(value);
      bufferedBytes += value.byteLength;
      size += value.byteLength;
      if (bufferedBytes >= partBytes) await flush();
    }
    // the last part may be short (or empty, for an empty stream: S3 needs at least one part)
    if (bufferedBytes > 0 || parts.length === 0) await flush();
    const body = `<CompleteMultipartUpload>${parts
      .map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
      .join('')}</CompleteMultipartUpload>`;
    const completed = await send('POST', ref, {
      query: { uploadId },
      headers: { 'content-type': 'application/xml' },
      body: Buffer.from(body),
    });
    await okXml(completed, `COMPLETE UPLOAD ${ref.key}`);
    return { size };
  } catch (error) {
    await send('DELETE', ref, { query: { uploadId } }).catch(() => undefined);
    throw error;
  }
}

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&');

/** The keys of every object under a prefix (ListObjectsV2, page by page), in key order. */
export async function listObjectKeys(bucket: BucketName, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const query: Record<string, string> = { 'list-type': '2', prefix };
    if (token) query['continuation-token'] = token;
    const response = await send('GET', { bucket, key: '' }, { query });
    const text = await okXml(response, `LIST ${prefix}`);
    for (const match of text.matchAll(/<Contents>[\s\S]*?<Key>([^<]*)<\/Key>/g))
      keys.push(xmlText(match[1]!));
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(text);
    token = truncated
      ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(text)?.[1] ?? '')
      : undefined;
  } while (token);
  return keys;
}
