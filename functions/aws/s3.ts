import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition, type UserFileDisposition } from '#contracts/response-headers';
import { clientSettings, requestTimeoutFor } from './aws-settings.ts';
import { config } from './config.ts';
import { encodeKeyPath } from './sigv4.ts';

/**
 * S3 object operations with `@aws-sdk/client-s3`, presigned URLs with `@aws-sdk/s3-request-presigner` and
 * upload forms with `@aws-sdk/s3-presigned-post`. Buckets are named by role (`files`, `content`, `sites`);
 * the emulator is addressed by path (`endpoint/bucket/key`), AWS by virtual host.
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

/** An error answer from S3, with its status and S3's error code (never shown to a caller). */
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

const s3Settings = () => {
  const endpoint = config.endpoints.s3;
  return {
    ...clientSettings(),
    endpoint,
    // the emulator has no per-bucket host names
    forcePathStyle: endpoint !== undefined,
    followRegionRedirects: true,
  };
};

let client: S3Client | undefined;
/** The client of the calls made here: request and response checksums (CRC32) as the SDK sets them. */
const s3 = () => {
  client ??= new S3Client(s3Settings());
  return client;
};

let presigningClient: S3Client | undefined;
/**
 * The client that presigns URLs and forms for browsers, without the SDK's default checksums: a checksum
 * presigned now is of an empty body (`x-amz-checksum-crc32=AAAAAA==`), and S3 refuses the upload's real
 * bytes against it (400 BadDigest).
 */
const presigner = () => {
  presigningClient ??= new S3Client({
    ...s3Settings(),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return presigningClient;
};

/** The SDK's error as ours; anything else (network, timeout, configuration) passes unchanged. */
function failure(error: unknown, what: string): unknown {
  if (!(error instanceof S3ServiceException)) return error;
  const status = error.$metadata.httpStatusCode ?? 0;
  return new S3Error(status, error.name, `S3 ${what} failed: ${status} ${error.name}`);
}

/** S3's answer for a key with no object: 404 (HEAD has no body, so no code). */
const missing = (error: unknown) =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

const where = (ref: ObjectRef) => ({ Bucket: config.buckets[ref.bucket], Key: ref.key });

export async function putObject(
  ref: ObjectRef,
  body: Uint8Array,
  options: { contentType?: string; cacheControl?: string; metadata?: Record<string, string> } = {},
): Promise<void> {
  try {
    await s3().send(
      new PutObjectCommand({
        ...where(ref),
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
        Metadata: options.metadata,
      }),
      { requestTimeout: requestTimeoutFor(body.byteLength) },
    );
  } catch (error) {
    throw failure(error, `PUT ${ref.key}`);
  }
}

/** Deletes an object; deleting one that does not exist succeeds, as in S3. */
export async function deleteObject(ref: ObjectRef): Promise<void> {
  try {
    await s3().send(new DeleteObjectCommand(where(ref)));
  } catch (error) {
    if (!missing(error)) throw failure(error, `DELETE ${ref.key}`);
  }
}

/** The object's size, type and metadata, or undefined when there is none. */
export async function headObject(ref: ObjectRef): Promise<ObjectHead | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand(where(ref)));
    return {
      size: head.ContentLength ?? 0,
      ...(head.ContentType ? { contentType: head.ContentType } : {}),
      metadata: head.Metadata ?? {},
    };
  } catch (error) {
    if (missing(error)) return undefined;
    throw failure(error, `HEAD ${ref.key}`);
  }
}

/** The object's content as a stream (never buffered whole), or undefined when there is none. */
export async function getObject(ref: ObjectRef): Promise<ReadableStream<Uint8Array> | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand(where(ref)));
    if (!object.Body) throw new S3Error(500, 'NoBody', `S3 GET ${ref.key} returned no body`);
    return object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
  } catch (error) {
    if (missing(error)) return undefined;
    throw failure(error, `GET ${ref.key}`);
  }
}

/**
 * The first `bytes` bytes of an object (a ranged GET: the rest is never read), or undefined when there is
 * no object. An empty object answers an empty array (S3 refuses a range of it: 416 InvalidRange).
 */
export async function readObjectStart(ref: ObjectRef, bytes: number): Promise<Uint8Array | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ ...where(ref), Range: `bytes=0-${bytes - 1}` }));
    const body = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    return body.subarray(0, bytes);
  } catch (error) {
    if (missing(error)) return undefined;
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
      return new Uint8Array();
    throw failure(error, `GET ${ref.key} (start)`);
  }
}

/**
 * A short-lived URL to read (or with `method: 'PUT'`, to write) one object. A GET can name the
 * Content-Type and Content-Disposition S3 answers with (its `response-content-type` and
 * `response-content-disposition` overrides, signed into the URL): `downloadName` alone makes it an
 * attachment of that name.
 */
export async function presignUrl(
  ref: ObjectRef,
  options: {
    expiresIn: number;
    method?: 'GET' | 'PUT';
    downloadName?: string;
    contentType?: string;
    /** GET: the Content-Type S3 answers with instead of the object's own */
    responseContentType?: string;
    /** GET: inline or attachment (with `downloadName` as its file name) */
    disposition?: UserFileDisposition;
  },
): Promise<string> {
  if (options.method === 'PUT') {
    const command = new PutObjectCommand({ ...where(ref), ContentType: options.contentType });
    // the content type is a signed header: the upload must send the type it was signed for
    return getSignedUrl(presigner(), command, {
      expiresIn: options.expiresIn,
      ...(options.contentType ? { signableHeaders: new Set(['content-type']) } : {}),
    });
  }
  const command = new GetObjectCommand({
    ...where(ref),
    ...(options.responseContentType ? { ResponseContentType: options.responseContentType } : {}),
    ...(options.downloadName || options.disposition
      ? {
          ResponseContentDisposition: contentDisposition(
            options.disposition ?? 'attachment',
            options.downloadName,
          ),
        }
      : {}),
  });
  return getSignedUrl(presigner(), command, { expiresIn: options.expiresIn });
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
  options: {
    expiresIn: number;
    maxBytes: number;
    minBytes?: number;
    contentType?: string;
    /** the object's stored Content-Disposition (`attachment`) */
    contentDisposition?: string;
  },
): Promise<PresignedPost> {
  const { url, fields } = await createPresignedPost(presigner(), {
    ...where(ref),
    Expires: options.expiresIn,
    Conditions: [['content-length-range', options.minBytes ?? 0, options.maxBytes]],
    // each field is also an exact condition of the policy
    Fields: {
      ...(options.contentType ? { 'Content-Type': options.contentType } : {}),
      ...(options.contentDisposition ? { 'Content-Disposition': options.contentDisposition } : {}),
    },
  });
  return { url: url.replace(/\/$/, ''), fields };
}

/**
 * Copies an object inside the platform's buckets (S3 copies the bytes; up to 5 GB in one call). With
 * `replace`, the copy gets that content type and cache control instead of the source's. (S3 can answer a
 * copy 200 with an error inside; the client reads it as the error it is.) A source of known size gives the
 * answer time for its bytes, as an upload does: a store that answers only once it has copied (the local
 * one) would otherwise time out on a large file.
 */
export async function copyObject(
  source: ObjectRef & { bytes?: number },
  target: ObjectRef,
  replace?: { contentType: string; cacheControl?: string },
): Promise<void> {
  try {
    await s3().send(
      new CopyObjectCommand({
        ...where(target),
        // the source as S3 reads it: bucket/key, URL-encoded
        CopySource: `${config.buckets[source.bucket]}/${encodeKeyPath(source.key)}`,
        ...(replace
          ? {
              MetadataDirective: 'REPLACE',
              ContentType: replace.contentType,
              CacheControl: replace.cacheControl,
            }
          : {}),
      }),
      { requestTimeout: requestTimeoutFor(source.bytes ?? 0) },
    );
  } catch (error) {
    throw failure(error, `COPY ${source.key}`);
  }
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
  let uploadId: string | undefined;
  try {
    uploadId = (
      await s3().send(new CreateMultipartUploadCommand({ ...where(ref), ContentType: options.contentType }))
    ).UploadId;
  } catch (error) {
    throw failure(error, `CREATE UPLOAD ${ref.key}`);
  }
  if (!uploadId) throw new S3Error(500, 'NoUploadId', `S3 CREATE UPLOAD ${ref.key} returned no upload id`);
  const parts: Array<{ PartNumber: number; ETag: string }> = [];
  let size = 0;
  const uploadPart = async (bytes: Uint8Array) => {
    const partNumber = parts.length + 1;
    const result = await s3()
      .send(
        new UploadPartCommand({ ...where(ref), UploadId: uploadId, PartNumber: partNumber, Body: bytes }),
        {
          requestTimeout: requestTimeoutFor(bytes.byteLength),
        },
      )
      .catch((error: unknown) => {
        throw failure(error, `UPLOAD PART ${partNumber} ${ref.key}`);
      });
    parts.push({ PartNumber: partNumber, ETag: result.ETag ?? '' });
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
    await s3()
      .send(
        new CompleteMultipartUploadCommand({
          ...where(ref),
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      )
      .catch((error: unknown) => {
        throw failure(error, `COMPLETE UPLOAD ${ref.key}`);
      });
    return { size };
  } catch (error) {
    await s3()
      .send(new AbortMultipartUploadCommand({ ...where(ref), UploadId: uploadId }))
      .catch(() => undefined);
    throw error;
  }
}

/** The keys of every object under a prefix (ListObjectsV2, page by page), in key order. */
export async function listObjectKeys(bucket: BucketName, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3()
      .send(
        new ListObjectsV2Command({
          Bucket: config.buckets[bucket],
          Prefix: prefix,
          ContinuationToken: token,
        }),
      )
      .catch((error: unknown) => {
        throw failure(error, `LIST ${prefix}`);
      });
    for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}
