import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { badRequest, HttpError } from './errors.ts';

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

/** Parses a multipart body; only routes that take one bundle it (functions/lib/multipart.ts). */
export type MultipartParser = (event: APIGatewayProxyEventV2) => Promise<ParsedBody>;
