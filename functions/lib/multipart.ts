import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import Busboy from 'busboy';
import type { RouteDefinition } from '#contracts/route';
import { header, type InlineFile, MAX_INLINE_FILE_BYTES, type ParsedBody, rawBody } from './body.ts';
import { badRequest, HttpError, payloadTooLarge } from './errors.ts';
import { type HandlerFn, withHttp } from './http.ts';

/**
 * Multipart bodies, kept out of functions/lib/http.ts so that only the handlers of multipart routes
 * bundle busboy (~23 KB of the 350 KB budget).
 */

/** `withHttp` for a route whose manifest entry declares `bodyType: 'multipart'`. */
export const withMultipartHttp = <R extends RouteDefinition>(route: R, fn: HandlerFn<R>) =>
  withHttp(route, fn, { multipart: parseMultipartBody });

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
