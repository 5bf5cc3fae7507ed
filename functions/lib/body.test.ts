import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  COMPRESS_RESPONSES_FROM_BYTES,
  compressedWhenLarge,
  MAX_INLINE_FILE_BYTES,
  parseFormBody,
} from './body.ts';
import { HttpError } from './errors.ts';
import { parseMultipartBody } from './multipart.ts';

const boundary = 'test-boundary-123';

function multipart(
  parts: Array<{ name: string; value: string | Buffer; filename?: string }>,
): APIGatewayProxyEventV2 {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks).toString('base64'),
    isBase64Encoded: true,
  } as unknown as APIGatewayProxyEventV2;
}

describe('multipart bodies', () => {
  it('turns fields into the body, repeated names into arrays, and keeps files apart', async () => {
    const parsed = await parseMultipartBody(
      multipart([
        { name: 'title', value: 'Sea view flat' },
        { name: 'closeTo', value: 'beach' },
        { name: 'closeTo', value: 'metro' },
        { name: 'files', value: Buffer.from([0xff, 0xd8, 0xff]), filename: 'a.jpg' },
      ]),
    );

    expect(parsed.body).toEqual({ title: 'Sea view flat', closeTo: ['beach', 'metro'] });
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ field: 'files', filename: 'a.jpg', mimeType: 'image/jpeg' });
    expect(parsed.files[0]!.content).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('answers an inline file over the limit with 413', async () => {
    const big = Buffer.alloc(MAX_INLINE_FILE_BYTES + 1, 1);

    const failure = await parseMultipartBody(
      multipart([{ name: 'files', value: big, filename: 'big.jpg' }]),
    ).catch((error: HttpError) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).statusCode).toBe(413);
  });

  it('answers a body without a boundary, or of another content type, with a 4xx', async () => {
    const noBoundary = {
      headers: { 'content-type': 'multipart/form-data' },
      body: 'x',
    } as unknown as APIGatewayProxyEventV2;
    const json = {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    } as unknown as APIGatewayProxyEventV2;

    await expect(parseMultipartBody(noBoundary)).rejects.toMatchObject({ statusCode: 400 });
    await expect(parseMultipartBody(json)).rejects.toMatchObject({ statusCode: 415 });
  });

  it('answers a body cut off inside a file with 400, without an unhandled stream error', async () => {
    const whole = multipart([{ name: 'files', value: Buffer.alloc(64, 1), filename: 'a.jpg' }]);
    const truncated = {
      ...whole,
      body: Buffer.from(whole.body!, 'base64').subarray(0, -20).toString('base64'),
    } as APIGatewayProxyEventV2;
    const unhandled: unknown[] = [];
    const onUncaught = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await expect(parseMultipartBody(truncated)).rejects.toMatchObject({ statusCode: 400 });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(unhandled).toEqual([]);
  });
});

describe('urlencoded form bodies', () => {
  const form = (body: string | Buffer, contentType = 'application/x-www-form-urlencoded') =>
    ({
      headers: { 'content-type': contentType },
      body: Buffer.from(body).toString('base64'),
      isBase64Encoded: true,
    }) as unknown as APIGatewayProxyEventV2;
  const statusOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof HttpError ? error.statusCode : 'not an HttpError';
    }
    return 'no error';
  };

  it('decodes fields (plus as space, percent escapes, UTF-8) into an object of strings', () => {
    const parsed = parseFormBody(
      form('name=Ana+Sousa&email=ana%40example.com&message=Ol%C3%A1%21&empty=&flag'),
    );
    expect(parsed).toEqual({
      body: { name: 'Ana Sousa', email: 'ana@example.com', message: 'Olá!', empty: '', flag: '' },
      files: [],
    });
    expect(parseFormBody(form('')).body).toEqual({});
  });

  it('refuses broken escapes, bytes that are not UTF-8, a repeated field and other media types', () => {
    expect(statusOf(() => parseFormBody(form('name=%E0%A4%A')))).toBe(400);
    expect(statusOf(() => parseFormBody(form('name=%ZZ')))).toBe(400);
    expect(statusOf(() => parseFormBody(form(Buffer.from([0x6e, 0x3d, 0xff, 0xfe]))))).toBe(400);
    expect(statusOf(() => parseFormBody(form('name=a&name=b')))).toBe(400);
    expect(statusOf(() => parseFormBody(form('=x')))).toBe(400);
    expect(statusOf(() => parseFormBody(form('name=a', 'application/json')))).toBe(415);
    expect(statusOf(() => parseFormBody(form('name=a', 'application/x-www-form-urlencodedx')))).toBe(415);
    expect(
      statusOf(() => parseFormBody(form('name=a', 'application/x-www-form-urlencoded; charset=UTF-8'))),
    ).toBe('no error');
  });
});

describe('large answers', () => {
  const answer = (size: number) => ({
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'a'.repeat(size) }),
  });
  const asking = (acceptEncoding?: string) =>
    ({ headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }) as never;

  it('go gzip-compressed to a client that accepts gzip, and inflate to the same JSON', () => {
    const plain = answer(COMPRESS_RESPONSES_FROM_BYTES);
    const sent = compressedWhenLarge(asking('gzip, deflate, br'), plain);

    expect(sent.isBase64Encoded).toBe(true);
    expect(sent.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(gunzipSync(Buffer.from(String(sent.body), 'base64')).toString('utf8')).toBe(plain.body);
    expect(String(sent.body).length).toBeLessThan(plain.body.length / 10);
  });

  it('stay plain when small, or when the client does not accept gzip', () => {
    const small = answer(1_000);
    expect(compressedWhenLarge(asking('gzip'), small)).toBe(small);
    const large = answer(COMPRESS_RESPONSES_FROM_BYTES);
    expect(compressedWhenLarge(asking(), large)).toBe(large);
    expect(compressedWhenLarge(asking('gzip;q=0, br'), large)).toBe(large);
    expect(compressedWhenLarge(asking('identity'), large)).toBe(large);
  });
});
