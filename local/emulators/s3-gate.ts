import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The local S3's front door: every request to s3rver (which accepts any signature and ignores POST
 * policies) passes through the checks S3 makes first — SigV4 on header-signed and presigned requests,
 * expiry, POST policies, no anonymous access — and a refusal answers with S3's status, error code and
 * XML body (docs/cloud-fidelity.md). What passes is forwarded to s3rver unchanged, except that an
 * `aws-chunked` body is decoded (its chunk signatures verified), as S3 stores the decoded bytes, and a POST
 * form's file is spooled to disk first, so that s3rver only ever receives a whole, accepted file.
 */

export interface S3GateOptions {
  /** s3rver's address */
  upstream: { host: string; port: number };
  /** access key id → secret access key */
  credentials: Record<string, string>;
  /** bucket → origins its CORS rules allow (a refusal carries the CORS headers, as S3's do) */
  corsOrigins: Record<string, string[]>;
  /** allowed clock difference for header-signed requests (S3: 15 minutes) */
  maxSkewMs?: number;
  /** the time (tests) */
  now?: () => number;
  /** one line per refusal (the local cloud's log) */
  log?: (line: string) => void;
  /**
   * the signer's identity policy (local/iam/s3-access.ts), asked once the signature is verified: throws an
   * S3Refusal for a call outside it (a presigned URL or POST policy is its signer's call). A read may answer
   * `whenMissing`: asked when the key turns out to have no object, it throws the refusal S3 sends instead
   * of 404 to a caller who may not list the key (403 AccessDenied)
   */
  authorize?: (
    request: ParsedRequest,
    caller: { accessKeyId: string; postKey?: string },
  ) => undefined | { whenMissing?: () => void };
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const STREAMING_SIGNED = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD';
const STREAMING_SIGNED_TRAILER = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER';
const STREAMING_UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';
const FIFTEEN_MINUTES = 15 * 60_000;
const ONE_WEEK_SECONDS = 604_800;

/** A refusal in S3's terms. */
export class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** S3's error document. */
export function errorXml(refusal: S3Refusal, requestId: string, resource?: string): string {
  const details = Object.entries(refusal.details)
    .map(([name, value]) => `<${name}>${xmlEscape(String(value))}</${name}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${refusal.code}</Code><Message>${xmlEscape(refusal.message)}</Message>${details}` +
    `${resource ? `<Resource>${xmlEscape(resource)}</Resource>` : ''}` +
    `<RequestId>${requestId}</RequestId><HostId>${Buffer.from(requestId).toString('base64')}</HostId></Error>`
  );
}

/** AWS's URI encoding (RFC 3986 unreserved characters kept; `/` kept in paths). */
export function awsUriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The canonical URI S3 computes: the decoded path, each segment URI-encoded once, never normalized. */
export const canonicalUri = (rawPath: string) =>
  rawPath
    .split('/')
    .map((segment) => awsUriEncode(decode(segment)))
    .join('/') || '/';

/**
 * The raw query as name/value pairs, form-decoded: S3 reads a `+` in a query string as a space (it accepts
 * a `+` where a space was signed as %20), so a plus must come as %2B.
 */
export function queryPairs(rawQuery: string): Array<[string, string]> {
  if (!rawQuery) return [];
  const formDecode = (value: string) => decode(value.replace(/\+/g, ' '));
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0
        ? [formDecode(pair), '']
        : [formDecode(pair.slice(0, at)), formDecode(pair.slice(at + 1))];
    });
}

export const canonicalQuery = (pairs: Array<[string, string]>) =>
  pairs
    .map(([name, value]) => [awsUriEncode(name), awsUriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : value;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

const sameSignature = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

interface Credential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  scope: string;
}

function parseCredential(value: string, where: 'header' | 'query' | 'form'): Credential {
  const parts = value.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1] ?? '')) {
    const code = where === 'query' ? 'AuthorizationQueryParametersError' : 'AuthorizationHeaderMalformed';
    throw new S3Refusal(
      400,
      code,
      `Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".`,
    );
  }
  const [accessKeyId, date, region, service] = parts as [string, string, string, string];
  return { accessKeyId, date, region, service, scope: parts.slice(1).join('/') };
}

/** `20261125T230700Z` → epoch ms, or undefined. */
function amzDateMs(value: string | undefined): number | undefined {
  const match = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface ParsedRequest {
  method: string;
  rawPath: string;
  rawQuery: string;
  headers: IncomingHttpHeaders;
  bucket: string;
  key: string;
}

function parseRequest(request: IncomingMessage): ParsedRequest {
  const raw = request.url ?? '/';
  const at = raw.indexOf('?');
  const rawPath = at < 0 ? raw : raw.slice(0, at);
  const rawQuery = at < 0 ? '' : raw.slice(at + 1);
  const [, bucket = '', ...rest] = rawPath.split('/');
  return {
    method: request.method ?? 'GET',
    rawPath,
    rawQuery,
    headers: request.headers,
    bucket: decode(bucket),
    key: decode(rest.join('/')),
  };
}

function canonicalHeaders(headers: IncomingHttpHeaders, signed: string[]): string {
  return signed
    .map((name) => `${name}:${(headerValue(headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
}

/** Verifies a signature over a canonical request; throws SignatureDoesNotMatch with S3's details. */
function verifyCanonical(
  secret: string,
  credential: Credential,
  amzDate: string,
  canonicalRequest: string,
  provided: string,
) {
  const stringToSign = [ALGORITHM, amzDate, credential.scope, sha256Hex(canonicalRequest)].join('\n');
  const key = signingKey(secret, credential.date, credential.region, credential.service);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (!sameSignature(expected, provided.toLowerCase())) {
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        AWSAccessKeyId: credential.accessKeyId,
        StringToSign: stringToSign,
        SignatureProvided: provided,
        CanonicalRequest: canonicalRequest,
      },
    );
  }
  return key;
}

function secretFor(options: S3GateOptions, credential: Credential): string {
  const secret = options.credentials[credential.accessKeyId];
  if (secret === undefined)
    throw new S3Refusal(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      { AWSAccessKeyId: credential.accessKeyId },
    );
  if (credential.service !== 's3')
    throw new S3Refusal(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; incorrect service "${credential.service}". This endpoint belongs to "s3".`,
    );
  return secret;
}

/** The headers S3 insists are signed when present: every x-amz-* (but the signature's own), and host. */
function checkSignedHeaderSet(headers: IncomingHttpHeaders, signed: string[], exempt: string[] = []) {
  if (!signed.includes('host'))
    throw new S3Refusal(
      403,
      'AccessDenied',
      'There were headers present in the request which were not signed',
      {
        HeadersNotSigned: 'host',
      },
    );
  const unsigned = Object.keys(headers).filter(
    (name) => name.startsWith('x-amz-') && !signed.includes(name) && !exempt.includes(name),
  );
  if (unsigned.length > 0)
    throw new S3Refusal(
      403,
      'AccessDenied',
      'There were headers present in the request which were not signed',
      {
        HeadersNotSigned: unsigned.join(', '),
      },
    );
}

export interface Verified {
  /** the body to forward, when it had to be read (hash check, aws-chunked decoding) */
  body?: Buffer;
  /** a POST form to forward, its file spooled (the spool file is the caller's to remove) */
  upload?: SpooledUpload;
  /** headers to change on the forwarded request (undefined: remove) */
  headers?: Record<string, string | undefined>;
  /** the authorizer's check for a key with no object (S3's 403 instead of 404, see `authorize`) */
  whenMissing?: () => void;
}

/** A header-signed request (`Authorization: AWS4-HMAC-SHA256 …`). */
async function verifyHeaderSigned(
  options: S3GateOptions,
  request: ParsedRequest,
  readBody: () => Promise<Buffer>,
): Promise<Verified> {
  const authorization = headerValue(request.headers, 'authorization') ?? '';
  const fields = Object.fromEntries(
    authorization
      .slice(ALGORITHM.length)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
  ) as Record<string, string>;
  if (!fields.Credential || !fields.SignedHeaders || !fields.Signature)
    throw new S3Refusal(
      400,
      'AuthorizationHeaderMalformed',
      'The authorization header is malformed; the authorization component is missing.',
    );
  const credential = parseCredential(fields.Credential, 'header');
  const secret = secretFor(options, credential);
  const amzDate = headerValue(request.headers, 'x-amz-date');
  const signedAt = amzDateMs(amzDate);
  if (!amzDate || signedAt === undefined)
    throw new S3Refusal(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  if (amzDate.slice(0, 8) !== credential.date)
    throw new S3Refusal(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; Invalid credential date "${credential.date}". This date is not the same as X-Amz-Date: "${amzDate.slice(0, 8)}".`,
    );
  const now = (options.now ?? Date.now)();
  if (Math.abs(now - signedAt) > (options.maxSkewMs ?? FIFTEEN_MINUTES))
    throw new S3Refusal(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      { RequestTime: amzDate, ServerTime: isoSeconds(now), MaxAllowedSkewMilliseconds: 900000 },
    );
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash)
    throw new S3Refusal(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    );
  const signed = fields.SignedHeaders.split(';');
  checkSignedHeaderSet(request.headers, signed);
  const canonicalRequest = [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(queryPairs(request.rawQuery)),
    canonicalHeaders(request.headers, signed),
    signed.join(';'),
    payloadHash,
  ].join('\n');
  const key = verifyCanonical(secret, credential, amzDate, canonicalRequest, fields.Signature);

  if (payloadHash === UNSIGNED_PAYLOAD) return {};
  if (/^[0-9a-f]{64}$/i.test(payloadHash)) {
    const body = await readBody();
    const computed = sha256Hex(body);
    if (computed !== payloadHash.toLowerCase())
      throw new S3Refusal(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        { ClientComputedContentSHA256: payloadHash, S3ComputedContentSHA256: computed },
      );
    return { body };
  }
  if (
    payloadHash === STREAMING_SIGNED ||
    payloadHash === STREAMING_SIGNED_TRAILER ||
    payloadHash === STREAMING_UNSIGNED_TRAILER
  ) {
    const decoded = decodeAwsChunked(await readBody(), {
      signed: payloadHash !== STREAMING_UNSIGNED_TRAILER,
      key,
      amzDate,
      scope: credential.scope,
      seedSignature: fields.Signature,
    });
    const declared = headerValue(request.headers, 'x-amz-decoded-content-length');
    if (declared !== undefined && Number(declared) !== decoded.length)
      throw new S3Refusal(
        400,
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header',
      );
    const encodings = (headerValue(request.headers, 'content-encoding') ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item && item !== 'aws-chunked');
    return {
      body: decoded,
      headers: {
        'content-encoding': encodings.length ? encodings.join(', ') : undefined,
        'x-amz-decoded-content-length': undefined,
        'x-amz-trailer': undefined,
        'x-amz-content-sha256': UNSIGNED_PAYLOAD,
        'transfer-encoding': undefined,
      },
    };
  }
  throw new S3Refusal(
    400,
    'InvalidArgument',
    'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER or a valid sha256 value.',
    { ArgumentName: 'x-amz-content-sha256', ArgumentValue: payloadHash },
  );
}

/**
 * An `aws-chunked` body: `<hex size>[;chunk-signature=<sig>]\r\n<data>\r\n` … a zero-size chunk, then
 * trailers. Signed chunks are verified in sequence, each over the previous one's signature.
 */
export function decodeAwsChunked(
  body: Buffer,
  context: { signed: boolean; key: Buffer; amzDate: string; scope: string; seedSignature: string },
): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  let previous = context.seedSignature;
  const malformed = () =>
    new S3Refusal(400, 'IncompleteBody', 'The request body is not a valid aws-chunked encoding');
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) throw malformed();
    const header = body.subarray(offset, lineEnd).toString('latin1');
    const [sizeText = '', ...extensions] = header.split(';');
    const size = Number.parseInt(sizeText, 16);
    if (!Number.isFinite(size) || size < 0) throw malformed();
    const data = body.subarray(lineEnd + 2, lineEnd + 2 + size);
    if (data.length !== size) throw malformed();
    if (context.signed) {
      const signature = extensions.find((item) => item.startsWith('chunk-signature='))?.slice(16) ?? '';
      const stringToSign = [
        'AWS4-HMAC-SHA256-PAYLOAD',
        context.amzDate,
        context.scope,
        previous,
        EMPTY_SHA256,
        sha256Hex(data),
      ].join('\n');
      const expected = createHmac('sha256', context.key).update(stringToSign).digest('hex');
      if (!sameSignature(expected, signature))
        throw new S3Refusal(
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
          { StringToSign: stringToSign, SignatureProvided: signature },
        );
      previous = signature;
    }
    offset = lineEnd + 2 + size;
    if (size === 0) break;
    parts.push(data);
    if (body.subarray(offset, offset + 2).toString('latin1') !== '\r\n') throw malformed();
    offset += 2;
  }
  return Buffer.concat(parts);
}

/** A presigned request (`X-Amz-Signature` in the query). */
function verifyPresigned(options: S3GateOptions, request: ParsedRequest): Verified {
  const pairs = queryPairs(request.rawQuery);
  const param = (name: string) => pairs.find(([key]) => key === name)?.[1];
  const algorithm = param('X-Amz-Algorithm');
  if (algorithm !== ALGORITHM)
    throw new S3Refusal(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"',
    );
  const credentialText = param('X-Amz-Credential');
  const amzDate = param('X-Amz-Date');
  const expiresText = param('X-Amz-Expires');
  const signedText = param('X-Amz-SignedHeaders');
  const signature = param('X-Amz-Signature');
  if (!credentialText || !amzDate || !expiresText || !signedText || !signature)
    throw new S3Refusal(
      400,
      'AuthorizationQueryParametersError',
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  const credential = parseCredential(credentialText, 'query');
  const secret = secretFor(options, credential);
  const signedAt = amzDateMs(amzDate);
  const expires = Number(expiresText);
  if (signedAt === undefined)
    throw new S3Refusal(
      400,
      'AuthorizationQueryParametersError',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
    );
  if (!Number.isInteger(expires) || expires < 0)
    throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires should be a number');
  if (expires > ONE_WEEK_SECONDS)
    throw new S3Refusal(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be less than a week (in seconds) that is 604800',
    );
  const now = (options.now ?? Date.now)();
  if (signedAt - now > (options.maxSkewMs ?? FIFTEEN_MINUTES))
    throw new S3Refusal(403, 'AccessDenied', 'Request is not yet valid', {
      'X-Amz-Date': amzDate,
      ServerTime: isoSeconds(now),
    });
  if (now > signedAt + expires * 1000)
    throw new S3Refusal(403, 'AccessDenied', 'Request has expired', {
      'X-Amz-Expires': expires,
      Expires: isoSeconds(signedAt + expires * 1000),
      ServerTime: isoSeconds(now),
    });
  const signed = signedText.split(';');
  checkSignedHeaderSet(request.headers, signed, ['x-amz-content-sha256']);
  const canonicalRequest = [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(pairs.filter(([name]) => name !== 'X-Amz-Signature')),
    canonicalHeaders(request.headers, signed),
    signed.join(';'),
    param('X-Amz-Content-Sha256') ?? UNSIGNED_PAYLOAD,
  ].join('\n');
  verifyCanonical(secret, credential, amzDate, canonicalRequest, signature);
  return {};
}

/** What precedes the file in a POST form: its fields (names lower-cased), and the file part's own headers. */
interface FormHead {
  fields: Map<string, string>;
  file?: { filename?: string; contentType?: string };
  /** the form's bytes up to the file's first byte (forwarded as they came) */
  raw: Buffer;
}

/** S3 reads at most this much of a POST form before its file. */
const MAX_POST_PRE_DATA = 20_480;

const malformedForm = () =>
  new S3Refusal(
    400,
    'MalformedPOSTRequest',
    'The body of your POST request is not well-formed multipart/form-data.',
  );

/**
 * The head of a multipart/form-data body, parsed from the bytes received so far: undefined while more are
 * needed. It ends at the `file` part's headers (S3 requires the file last and ignores what follows it), or
 * at the closing delimiter of a form without a file.
 */
function parseFormHead(received: Buffer, boundary: string): FormHead | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, string>();
  let offset = received.indexOf(delimiter);
  if (offset < 0) return undefined;
  for (;;) {
    offset += delimiter.length;
    if (received.length < offset + 2) return undefined;
    if (received.subarray(offset, offset + 2).toString('latin1') === '--')
      return { fields, raw: received.subarray(0, offset + 2) };
    const headerEnd = received.indexOf('\r\n\r\n', offset);
    if (headerEnd < 0) return undefined;
    const headerText = received.subarray(offset + 2, headerEnd).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headerText)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw malformedForm();
    if (name.toLowerCase() === 'file') {
      const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
      const contentType = /content-type:\s*([^\r\n]*)/i.exec(headerText)?.[1]?.trim();
      return {
        fields,
        file: {
          ...(filename !== undefined ? { filename } : {}),
          ...(contentType ? { contentType } : {}),
        },
        raw: received.subarray(0, headerEnd + 4),
      };
    }
    const next = received.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return undefined;
    fields.set(name.toLowerCase(), received.subarray(headerEnd + 4, next).toString('utf8'));
    offset = next + 2;
  }
}

/** A POST form's file, spooled to disk as it arrives (never held in memory), to be forwarded once accepted. */
export interface SpooledUpload {
  /** the form up to the file's first byte */
  head: Buffer;
  /** the file's bytes */
  path: string;
  size: number;
  /** the closing delimiter (fields after the file are dropped, as S3 ignores them) */
  tail: Buffer;
}

/**
 * Reads a multipart/form-data request as it arrives: first its head, then its file part, written to a
 * spool file and counted. S3 never stores a partial object; s3rver writes in place, so an upload cut off
 * midway would leave one (or overwrite the object it replaces) — hence the file reaches s3rver only once
 * it is whole and within the policy's size range.
 */
class FormReader {
  readonly #chunks: AsyncIterator<Buffer>;
  readonly boundary: string;
  #pending: Buffer = Buffer.alloc(0);
  #draining = false;

  constructor(body: Readable, contentType: string) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
    if (!boundary) throw malformedForm();
    this.boundary = (boundary[1] ?? boundary[2])!;
    this.#chunks = body[Symbol.asyncIterator]();
  }

  async #next(): Promise<Buffer | undefined> {
    const { done, value } = await this.#chunks.next();
    return done ? undefined : Buffer.isBuffer(value) ? value : Buffer.from(value);
  }

  /** The fields before the file, and the file part's headers. */
  async head(): Promise<FormHead> {
    let received = Buffer.alloc(0);
    for (;;) {
      const head = parseFormHead(received, this.boundary);
      if (head) {
        this.#pending = received.subarray(head.raw.length);
        return head;
      }
      if (received.length > MAX_POST_PRE_DATA)
        throw new S3Refusal(
          400,
          'MaxPostPreDataLengthExceeded',
          'Your POST request fields preceeding the upload file was too large.',
          { MaxPostPreDataLengthBytes: MAX_POST_PRE_DATA },
        );
      const chunk = await this.#next();
      if (!chunk) throw malformedForm();
      received = Buffer.concat([received, chunk]);
    }
  }

  /**
   * The file part's bytes, up to the delimiter that ends it, written to `path` while there are at most
   * `maxBytes` of them; past that they are only counted (the file is then incomplete, and is not used).
   */
  async spoolFile(path: string, maxBytes: number): Promise<number> {
    const end = Buffer.from(`\r\n--${this.boundary}`);
    const file = createWriteStream(path);
    const fileFailed = new Promise<never>((_, reject) => file.once('error', reject));
    fileFailed.catch(() => undefined);
    let size = 0;
    const write = async (bytes: Buffer) => {
      size += bytes.length;
      if (size > maxBytes || bytes.length === 0) return;
      if (!file.write(bytes)) await Promise.race([once(file, 'drain'), fileFailed]);
    };
    try {
      let carry = this.#pending;
      this.#pending = Buffer.alloc(0);
      for (;;) {
        const at = carry.indexOf(end);
        if (at >= 0) {
          await write(carry.subarray(0, at));
          break;
        }
        // what could be the start of the delimiter waits for the next chunk
        const safe = Math.max(0, carry.length - (end.length - 1));
        await write(carry.subarray(0, safe));
        const chunk = await this.#next();
        if (!chunk) throw malformedForm();
        carry = safe < carry.length ? Buffer.concat([carry.subarray(safe), chunk]) : chunk;
      }
    } finally {
      file.end();
      await Promise.race([once(file, 'close'), fileFailed]);
    }
    return size;
  }

  /** Reads (and drops) what is left of the request, so its connection can answer and be reused. */
  drain() {
    if (this.#draining) return;
    this.#draining = true;
    void (async () => {
      while (await this.#next());
    })().catch(() => undefined);
  }
}

type Condition =
  | { kind: 'match'; op: 'eq' | 'starts-with'; field: string; value: string; text: string }
  | { kind: 'range'; min: number; max: number };

function parseConditions(conditions: unknown): Condition[] {
  const invalid = (detail: string) =>
    new S3Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: ${detail}`);
  if (!Array.isArray(conditions)) throw invalid('Invalid JSON.');
  return conditions.map((condition): Condition => {
    if (Array.isArray(condition)) {
      const [op, field, value] = condition as unknown[];
      if (typeof op === 'string' && op.toLowerCase() === 'content-length-range') {
        if (typeof field !== 'number' || typeof value !== 'number')
          throw invalid('Invalid content-length-range condition.');
        return { kind: 'range', min: field, max: value };
      }
      const lower = typeof op === 'string' ? op.toLowerCase() : '';
      if ((lower !== 'eq' && lower !== 'starts-with') || typeof field !== 'string' || !field.startsWith('$'))
        throw invalid(`Invalid Condition: ${JSON.stringify(condition)}`);
      return {
        kind: 'match',
        op: lower,
        field: field.slice(1).toLowerCase(),
        value: String(value ?? ''),
        text: `["${lower}", "${field}", "${String(value ?? '')}"]`,
      };
    }
    if (condition && typeof condition === 'object') {
      const entries = Object.entries(condition as Record<string, unknown>);
      if (entries.length !== 1) throw invalid(`Invalid Condition: ${JSON.stringify(condition)}`);
      const [field, value] = entries[0]!;
      return {
        kind: 'match',
        op: 'eq',
        field: field.toLowerCase(),
        value: String(value),
        text: `["eq", "$${field}", "${String(value)}"]`,
      };
    }
    throw invalid(`Invalid Condition: ${JSON.stringify(condition)}`);
  });
}

/** Form fields S3 does not require the policy to mention. */
const UNCHECKED_FIELDS = new Set(['x-amz-signature', 'file', 'policy']);

/** A browser-based upload: POST of a multipart form to the bucket, authorized by its signed policy. */
async function verifyPostPolicy(
  options: S3GateOptions,
  request: ParsedRequest,
  body: Readable,
): Promise<Verified> {
  const form = new FormReader(body, headerValue(request.headers, 'content-type') ?? '');
  try {
    return await verifyPostForm(options, request, form);
  } finally {
    form.drain();
  }
}

async function verifyPostForm(
  options: S3GateOptions,
  request: ParsedRequest,
  form: FormReader,
): Promise<Verified> {
  const { fields, file, raw } = await form.head();
  if (!file)
    throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.', {
      ArgumentName: 'file',
      ArgumentValue: '0',
    });
  const policyText = fields.get('policy');
  if (!policyText) {
    if (fields.get('x-amz-signature') || fields.get('x-amz-credential'))
      throw new S3Refusal(400, 'InvalidArgument', "Bucket POST must contain a field named 'policy'.", {
        ArgumentName: 'policy',
      });
    throw new S3Refusal(403, 'AccessDenied', 'Access Denied');
  }
  if (fields.get('x-amz-algorithm') !== ALGORITHM)
    throw new S3Refusal(400, 'InvalidArgument', "Bucket POST must contain a field named 'X-Amz-Algorithm'.", {
      ArgumentName: 'X-Amz-Algorithm',
    });
  for (const required of ['x-amz-credential', 'x-amz-date', 'x-amz-signature'])
    if (!fields.get(required))
      throw new S3Refusal(400, 'InvalidArgument', `Bucket POST must contain a field named '${required}'.`, {
        ArgumentName: required,
      });
  const credential = parseCredential(fields.get('x-amz-credential')!, 'form');
  const secret = secretFor(options, credential);
  const key = signingKey(secret, credential.date, credential.region, credential.service);
  const expected = createHmac('sha256', key).update(policyText).digest('hex');
  const provided = fields.get('x-amz-signature')!;
  if (!sameSignature(expected, provided.toLowerCase()))
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      { AWSAccessKeyId: credential.accessKeyId, StringToSign: policyText, SignatureProvided: provided },
    );
  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
  } catch {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : Number.NaN;
  if (Number.isNaN(expiration))
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing expiration.');
  if ((options.now ?? Date.now)() > expiration)
    throw new S3Refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  const conditions = parseConditions(policy.conditions);

  // the key may name the uploaded file's name
  const values = new Map(fields);
  values.set('bucket', request.bucket);
  const rawKey = fields.get('key');
  if (rawKey === undefined)
    throw new S3Refusal(
      400,
      'InvalidArgument',
      "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.",
      {
        ArgumentName: 'key',
      },
    );
  values.set('key', rawKey.replace(/\$\{filename\}/g, file.filename ?? ''));

  const mentioned = new Set<string>();
  for (const condition of conditions) {
    if (condition.kind === 'range') continue;
    mentioned.add(condition.field);
    const actual = values.get(condition.field) ?? '';
    const ok =
      condition.op === 'eq'
        ? actual === condition.value
        : condition.field === 'content-type'
          ? actual.split(',').every((item) => item.trim().startsWith(condition.value))
          : actual.startsWith(condition.value);
    if (!ok)
      throw new S3Refusal(
        403,
        'AccessDenied',
        `Invalid according to Policy: Policy Condition failed: ${condition.text}`,
      );
  }
  const extra = [...fields.keys()].filter(
    (name) => !UNCHECKED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !mentioned.has(name),
  );
  if (extra.length > 0)
    throw new S3Refusal(
      403,
      'AccessDenied',
      `Invalid according to Policy: Extra input fields: ${extra.join(', ')}`,
    );
  options.authorize?.(request, { accessKeyId: credential.accessKeyId, postKey: values.get('key')! });
  // the file is read only now that the request is authorized
  const ranges = conditions.filter((condition) => condition.kind === 'range');
  const path = join(tmpdir(), `s3-gate-${randomBytes(12).toString('hex')}`);
  try {
    const size = await form.spoolFile(path, Math.min(...ranges.map((range) => range.max)));
    for (const condition of ranges) {
      if (size > condition.max)
        throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
          ProposedSize: size,
          MaxSizeAllowed: condition.max,
        });
      if (size < condition.min)
        throw new S3Refusal(
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed size',
          {
            ProposedSize: size,
            MinSizeAllowed: condition.min,
          },
        );
    }
    return { upload: { head: raw, path, size, tail: Buffer.from(`\r\n--${form.boundary}--\r\n`) } };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

const isPostForm = (request: ParsedRequest) =>
  request.method === 'POST' &&
  request.key === '' &&
  /^multipart\/form-data/i.test(headerValue(request.headers, 'content-type') ?? '');

/** What the request is allowed to do, or an S3Refusal. */
export async function verify(
  options: S3GateOptions,
  request: ParsedRequest,
  body: Readable,
): Promise<Verified> {
  let read: Promise<Buffer> | undefined;
  const readBody = () => {
    read ??= readAll(body);
    return read;
  };
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = /(^|&)X-Amz-Signature=/.test(request.rawQuery);
  if (authorization && presigned)
    throw new S3Refusal(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      { ArgumentName: 'Authorization' },
    );
  if (authorization) {
    if (!authorization.startsWith(`${ALGORITHM} `))
      throw new S3Refusal(
        400,
        'InvalidRequest',
        'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
      );
    const verified = await verifyHeaderSigned(options, request, readBody);
    const accessKeyId = /Credential=([^/,\s]+)\//.exec(authorization)?.[1];
    const whenMissing = accessKeyId ? options.authorize?.(request, { accessKeyId })?.whenMissing : undefined;
    return whenMissing ? { ...verified, whenMissing } : verified;
  }
  if (presigned || /(^|&)X-Amz-Algorithm=/.test(request.rawQuery)) {
    const verified = verifyPresigned(options, request);
    const credential = queryPairs(request.rawQuery).find(([name]) => name === 'X-Amz-Credential')?.[1];
    const whenMissing = credential
      ? options.authorize?.(request, { accessKeyId: credential.split('/')[0]! })?.whenMissing
      : undefined;
    return whenMissing ? { ...verified, whenMissing } : verified;
  }
  if (isPostForm(request)) return verifyPostPolicy(options, request, body);
  // anonymous: the buckets are private (Block Public Access), as in AWS
  throw new S3Refusal(403, 'AccessDenied', 'Access Denied');
}

function readAll(request: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function corsHeaders(
  options: S3GateOptions,
  bucket: string,
  origin: string | undefined,
): Record<string, string> {
  if (!origin || !(options.corsOrigins[bucket] ?? []).includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, PUT, POST, HEAD',
    'access-control-expose-headers': 'ETag',
    'access-control-max-age': '3000',
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
}

/**
 * Shared/exclusive locks per bucket. s3rver's filesystem store deletes an object and then removes its
 * emptied parent directories, so a write landing under that prefix meanwhile fails with ENOENT on an
 * unhandled stream error and takes the whole process down. S3 has no such race: deletes here wait for the
 * bucket's writes in flight and writes wait for its deletes (writes still run side by side).
 */
export class BucketLocks {
  #state = new Map<string, { writers: number; deleting: boolean; waiting: Array<() => void> }>();

  async acquire(bucket: string, exclusive: boolean): Promise<() => void> {
    let state = this.#state.get(bucket);
    if (!state) {
      state = { writers: 0, deleting: false, waiting: [] };
      this.#state.set(bucket, state);
    }
    const current = state;
    const free = () => !current.deleting && (!exclusive || current.writers === 0);
    while (!free()) await new Promise<void>((resolve) => current.waiting.push(resolve));
    if (exclusive) current.deleting = true;
    else current.writers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (exclusive) current.deleting = false;
      else current.writers -= 1;
      for (const wake of current.waiting.splice(0)) wake();
    };
  }
}

/** The gate: an HTTP server in front of s3rver. */
export function createS3Gate(options: S3GateOptions): Server {
  const locks = new BucketLocks();
  return createServer((incoming, response) => {
    void handle(options, locks, incoming, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/xml' });
      response.end(
        errorXml(
          new S3Refusal(500, 'InternalError', error instanceof Error ? error.message : String(error)),
          randomBytes(8).toString('hex').toUpperCase(),
        ),
      );
    });
  });
}

async function handle(
  options: S3GateOptions,
  locks: BucketLocks,
  incoming: IncomingMessage,
  response: ServerResponse,
) {
  const request = parseRequest(incoming);
  // CORS preflights are answered without credentials, as S3 answers them
  if (request.method === 'OPTIONS') return forward(options, incoming, response, {});
  let verified: Verified;
  try {
    verified = await verify(options, request, incoming);
  } catch (error) {
    if (!(error instanceof S3Refusal)) throw error;
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const body = errorXml(error, requestId, request.rawPath);
    options.log?.(
      `s3 refused ${request.method} ${request.rawPath}: ${error.status} ${error.code} ${error.message}`,
    );
    // what was not read is dropped (a POST form's reader drains its own)
    incoming.resume();
    response.writeHead(error.status, {
      'content-type': 'application/xml',
      'x-amz-request-id': requestId,
      ...corsHeaders(options, request.bucket, headerValue(incoming.headers, 'origin')),
      ...(request.method === 'HEAD' ? {} : { 'content-length': Buffer.byteLength(body) }),
    });
    return response.end(request.method === 'HEAD' ? undefined : body);
  }
  const deleting =
    request.method === 'DELETE' || (request.method === 'POST' && /(^|&)delete(=|&|$)/.test(request.rawQuery));
  const writing = request.method === 'PUT' || request.method === 'POST';
  try {
    if (!deleting && !writing) return await forward(options, incoming, response, verified);
    const release = await locks.acquire(request.bucket, deleting);
    try {
      await forward(options, incoming, response, verified);
    } finally {
      release();
    }
  } finally {
    if (verified.upload) await rm(verified.upload.path, { force: true });
  }
}

function forward(
  options: S3GateOptions,
  incoming: IncomingMessage,
  response: ServerResponse,
  verified: Verified,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming.headers))
    if (value !== undefined) headers[name] = value;
  for (const [name, value] of Object.entries(verified.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const { body, upload } = verified;
  if (body || upload) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(
      body ? body.length : upload!.head.length + upload!.size + upload!.tail.length,
    );
  }
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        host: options.upstream.host,
        port: options.upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        if (answer.statusCode === 404 && verified.whenMissing) {
          try {
            verified.whenMissing();
          } catch (error) {
            if (!(error instanceof S3Refusal)) throw error;
            // S3 does not tell a caller who may not list the key that it has no object
            answer.resume();
            const requestId = randomBytes(8).toString('hex').toUpperCase();
            const body = errorXml(error, requestId);
            const head = incoming.method === 'HEAD';
            response.writeHead(error.status, {
              'content-type': 'application/xml',
              'x-amz-request-id': requestId,
              ...(head ? {} : { 'content-length': Buffer.byteLength(body) }),
            });
            response.end(head ? undefined : body);
            resolve();
            return;
          }
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('end', resolve);
        answer.on('close', resolve);
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    if (body) upstream.end(body);
    else if (upload) {
      upstream.write(upload.head);
      const file = createReadStream(upload.path);
      upstream.once('error', () => file.destroy());
      file.on('error', (error) => {
        upstream.destroy(error);
        reject(error);
      });
      file.on('end', () => upstream.end(upload.tail));
      file.pipe(upstream, { end: false });
    } else incoming.pipe(upstream);
  });
}
