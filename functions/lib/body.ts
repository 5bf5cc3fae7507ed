import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import Busboy from 'busboy';
import { badRequest, HttpError, payloadTooLarge } from './errors.ts';

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

const header = (event: APIGatewayProxyEventV2, name: string) =>
  event.headers?.[name] ?? event.headers?.[name.toLowerCase()];

function rawBody(event: APIGatewayProxyEventV2): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

export function parseJsonBody(event: APIGatewayProxyEventV2): ParsedBody {
  const raw = rawBody(event);
  if (raw.length === 0) return { body: {}, files: [] };
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')), files: [] };
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

/** Parses multipart/form-data: text fields become the body (repeated names become arrays), files stay apart. */
export async function parseMultipartBody(event: APIGatewayProxyEventV2): Promise<ParsedBody> {
  const contentType = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new HttpError(415, 'Content-Type must be multipart/form-data');
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, unknown> = {};
    const files: InlineFile[] = [];
    let failure: HttpError | undefined;
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: MAX_INLINE_FILE_BYTES, fields: 200, fieldSize: 1024 * 1024, files: 20 },
      });
    } catch {
      reject(badRequest('Malformed multipart body'));
      return;
    }
    parser.on('field', (name, value) => {
      const existing = fields[name];
      fields[name] =
        existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A truncated body also fails the open file stream: without a listener that error would crash
      // the process (an unhandled 'error' event); the parser's own 'error' answers the request.
      stream.on('error', () => {
        failure ??= badRequest('Malformed multipart body');
      });
      stream.on('limit', () => {
        failure ??= payloadTooLarge('File size limit exceeded: upload large files with a presigned upload');
      });
      stream.on('end', () =>
        files.push({
          field,
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          content: Buffer.concat(chunks),
        }),
      );
    });
    parser.on('error', () => reject(failure ?? badRequest('Malformed multipart body')));
    parser.on('close', () => (failure ? reject(failure) : resolve({ body: fields, files })));
    parser.end(rawBody(event));
  });
}
