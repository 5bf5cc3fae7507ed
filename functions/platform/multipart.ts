import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDefinition } from '#contracts/route';
import { header, type InlineFile, MAX_INLINE_FILE_BYTES, type ParsedBody, rawBody } from './body.ts';
import { badRequest, HttpError, payloadTooLarge } from './errors.ts';
import { type HandlerFn, withHttp } from './http.ts';

/**
 * Multipart bodies (RFC 7578), kept out of functions/platform/http.ts so that only the handlers of multipart
 * routes bundle it. A Lambda receives the whole body at once (at most API Gateway's payload limit), so
 * the parts are cut out of that buffer directly: no streaming parser, which kept ~23 KB of busboy in every
 * multipart handler (docs/decisions.md, "Lambda bundle budget").
 */

/** `withHttp` for a route whose manifest entry declares `bodyType: 'multipart'`. */
export const withMultipartHttp = <R extends RouteDefinition>(route: R, fn: HandlerFn<R>) =>
  withHttp(route, fn, { multipart: parseMultipartBody });

const LIMITS = { fields: 200, fieldBytes: 1024 * 1024, files: 20, headerBytes: 16 * 1024 };
const MALFORMED = 'Malformed multipart body';
const malformed = () => badRequest(MALFORMED);

/** The boundary parameter of a multipart content type (RFC 2046: 1 to 70 characters). */
function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** A part's headers: names lower-cased; a line that is not `name: value` makes the body malformed. */
function partHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    if (/^[ \t]/.test(line) && last) {
      // an obsolete folded line continues the previous header
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed();
    last = line.slice(0, colon).trim().toLowerCase();
    headers.set(last, line.slice(colon + 1).trim());
  }
  return headers;
}

/** `form-data; name="files"; filename="a.png"` → its type and parameters (quoted strings unescaped). */
function disposition(value: string): { type: string; params: Map<string, string> } {
  const semicolon = value.indexOf(';');
  const type = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of value.slice(Math.max(0, semicolon)).matchAll(pattern)) {
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    params.set(match[1]!.toLowerCase(), raw);
  }
  return { type, params };
}

/** RFC 5987 `filename*=UTF-8''na%C3%AFve.png`. */
function extendedValue(value: string): string {
  const quote = value.indexOf("''");
  const encoded = quote === -1 ? value : value.slice(quote + 2);
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

const basename = (name: string) => name.split(/[\\/]/).pop() ?? '';

/** Parses multipart/form-data: text fields become the body (repeated names become arrays), files stay apart. */
export async function parseMultipartBody(event: APIGatewayProxyEventV2): Promise<ParsedBody> {
  const contentType = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new HttpError(415, 'Content-Type must be multipart/form-data');
  }
  const boundary = boundaryOf(contentType);
  if (!boundary) throw malformed();
  return parseParts(rawBody(event), Buffer.from(`--${boundary}`, 'latin1'));
}

function parseParts(body: Buffer, delimiter: Buffer): ParsedBody {
  // a Map, so a field named __proto__ is a field like any other
  const fields = new Map<string, string | string[]>();
  const files: InlineFile[] = [];
  let fieldCount = 0;
  const nextDelimiter = Buffer.concat([Buffer.from('\r\n'), delimiter]);
  // the first delimiter starts the body or a line (anything before it is a preamble)
  let position = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(nextDelimiter);
  if (position === -1) throw malformed();
  if (position > 0) position += 2;
  for (;;) {
    position += delimiter.length;
    // `--` after a delimiter closes the body
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break;
    while (body[position] === 0x20 || body[position] === 0x09) position += 1;
    if (body[position] !== 0x0d || body[position + 1] !== 0x0a) throw malformed();
    position += 2;
    // the headers end at an empty line (a part may have none)
    const headerEnd =
      body[position] === 0x0d && body[position + 1] === 0x0a ? position : body.indexOf('\r\n\r\n', position);
    if (headerEnd === -1 || headerEnd - position > LIMITS.headerBytes) throw malformed();
    const headers = partHeaders(body.subarray(position, headerEnd).toString('utf8'));
    const contentStart = headerEnd === position ? position + 2 : headerEnd + 4;
    const contentEnd = body.indexOf(nextDelimiter, contentStart);
    if (contentEnd === -1) throw malformed();
    position = contentEnd + 2;

    const dispositionValue = headers.get('content-disposition');
    if (!dispositionValue) continue;
    const { type, params } = disposition(dispositionValue);
    const name = params.get('name');
    if (type !== 'form-data' || name === undefined) continue;
    const content = body.subarray(contentStart, contentEnd);
    const extended = params.get('filename*');
    const filename = extended !== undefined ? extendedValue(extended) : params.get('filename') || undefined;
    const mimeType = (headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
    if (filename !== undefined || mimeType === 'application/octet-stream') {
      // as browsers and busboy do: extra files beyond the limit are ignored
      if (files.length === LIMITS.files) continue;
      if (content.length > MAX_INLINE_FILE_BYTES) {
        throw payloadTooLarge('File size limit exceeded: upload large files with a presigned upload');
      }
      files.push({
        field: name,
        filename: basename(filename ?? ''),
        mimeType,
        content: Buffer.from(content),
      });
      continue;
    }
    if (fieldCount === LIMITS.fields) continue;
    fieldCount += 1;
    const value = content.subarray(0, LIMITS.fieldBytes).toString('utf8');
    const existing = fields.get(name);
    fields.set(
      name,
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value],
    );
  }
  return { body: Object.fromEntries(fields), files };
}
