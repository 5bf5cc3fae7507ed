import { gunzipSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { jsonShapeProblem } from '#contracts/json-shape';
import { badRequest, HttpError } from './errors.ts';
import { invalidField } from './validation.ts';

/** A file sent inline in a multipart body (small ones only: the bytes of big files go straight to S3). */
export interface InlineFile {
  field: string;
  filename: string;
  mimeType: string;
  content: Buffer;
}

export interface ParsedBody {
  body: unknown;
  files: InlineFile[];
}

/** Inline files are capped well below the Lambda payload limit; larger files use presigned uploads. */
export const MAX_INLINE_FILE_BYTES = 5 * 1024 * 1024;

export const header = (event: APIGatewayProxyEventV2, name: string) =>
  event.headers?.[name] ?? event.headers?.[name.toLowerCase()];

export function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

/**
 * A JSON body may come gzip-compressed (`Content-Encoding: gzip`: the website editor's saves, which would
 * otherwise near the 6 MB Lambda payload limit); once inflated it may be at most this large.
 */
export const MAX_INFLATED_JSON_BYTES = 24 * 1024 * 1024;

/** The body's bytes with its content encoding undone (gzip or none; anything else is a 415). */
function decodedBody(event: APIGatewayProxyEventV2): Buffer {
  const raw = rawBody(event);
  const encoding = (header(event, 'content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || raw.length === 0) return raw;
  if (encoding !== 'gzip') throw new HttpError(415, 'Content-Encoding must be gzip');
  try {
    return gunzipSync(raw, { maxOutputLength: MAX_INFLATED_JSON_BYTES });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new HttpError(
        413,
        `Request body exceeds ${MAX_INFLATED_JSON_BYTES / 1024 / 1024} MB once decompressed`,
      );
    throw badRequest('Malformed gzip body');
  }
}

/**
 * Parses a JSON body. Its shape is checked on the text first (contracts/json-shape.ts): nested too deeply,
 * too many keys and items, or a prototype key anywhere is a 400, before JSON.parse builds anything from it.
 */
export function parseJsonBody(event: APIGatewayProxyEventV2): ParsedBody {
  const raw = decodedBody(event);
  if (raw.length === 0) return { body: {}, files: [] };
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  const text = raw.toString('utf8');
  const problem = jsonShapeProblem(text);
  if (problem) throw badRequest(`The request body ${problem}`);
  try {
    return { body: JSON.parse(text), files: [] };
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

/** Parses a multipart body; only routes that take one bundle it (functions/platform/multipart.ts). */
export type MultipartParser = (event: APIGatewayProxyEventV2) => Promise<ParsedBody>;

/** A urlencoded form holds at most this many fields (a contact form has a handful). */
const MAX_FORM_FIELDS = 50;

/**
 * Parses an application/x-www-form-urlencoded body (a plain HTML form) into an object of strings. Bytes
 * that are not UTF-8, broken percent escapes and a field given twice are refused with a 400 rather than
 * guessed at; any other content type is a 415.
 */
export function parseFormBody(event: APIGatewayProxyEventV2): ParsedBody {
  const raw = rawBody(event);
  if (raw.length === 0) return { body: {}, files: [] };
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) {
    throw new HttpError(415, 'Content-Type must be application/x-www-form-urlencoded');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw badRequest('Malformed form body: not UTF-8');
  }
  // a Map, so a field named __proto__ is a field like any other (as in multipart bodies)
  const fields = new Map<string, string>();
  const pairs = text.split('&').filter((pair) => pair !== '');
  if (pairs.length > MAX_FORM_FIELDS)
    throw badRequest(`Malformed form body: more than ${MAX_FORM_FIELDS} fields`);
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((at === -1 ? pair : pair.slice(0, at)).replaceAll('+', ' '));
      value = at === -1 ? '' : decodeURIComponent(pair.slice(at + 1).replaceAll('+', ' '));
    } catch {
      throw badRequest('Malformed form body: broken percent-encoding');
    }
    if (!name) throw badRequest('Malformed form body: a field without a name');
    // bytes that were not UTF-8 arrive as U+FFFD where a gateway decoded the body as text
    if (name.includes('\uFFFD') || value.includes('\uFFFD'))
      throw badRequest('Malformed form body: not UTF-8');
    if (fields.has(name)) {
      throw invalidField(name, 'is given more than once');
    }
    fields.set(name, value);
  }
  return { body: Object.fromEntries(fields), files: [] };
}

/**
 * Answers at least this large go gzip-compressed to a client that accepts it: a website's content can pass
 * the 6 MB Lambda response limit as plain JSON (HTTP API then answers 500) and is a tenth of it compressed.
 */
export const COMPRESS_RESPONSES_FROM_BYTES = 256 * 1024;

/** `response` gzip-compressed (base64, as API Gateway expects binary bodies) when large and accepted. */
export function compressedWhenLarge(
  event: APIGatewayProxyEventV2,
  response: APIGatewayProxyStructuredResultV2,
): APIGatewayProxyStructuredResultV2 {
  const body = typeof response.body === 'string' ? response.body : undefined;
  if (!body || response.isBase64Encoded || Buffer.byteLength(body) < COMPRESS_RESPONSES_FROM_BYTES)
    return response;
  const accepted = (header(event, 'accept-encoding') ?? '')
    .split(',')
    .some((coding) => /^\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*$)[\d.]+)?\s*$/i.test(coding));
  if (!accepted) return response;
  return {
    ...response,
    headers: { ...response.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
    body: gzipSync(body).toString('base64'),
    isBase64Encoded: true,
  };
}
