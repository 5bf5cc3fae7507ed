import { gunzipSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS } from '#contracts/json-shape';
import { formJson, metadataObject } from '#contracts/schemas/forms';
import {
  COMPRESS_RESPONSES_FROM_BYTES,
  compressedWhenLarge,
  MAX_INLINE_FILE_BYTES,
  parseFormBody,
  parseJsonBody,
} from './body.ts';
import { HttpError } from './errors.ts';
import { parseMultipartBody } from './multipart.ts';
import { validatePart } from './validation.ts';

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

describe('JSON bodies of shapes built to break the server', () => {
  const json = (text: string, compressed = false) =>
    ({
      headers: {
        'content-type': 'application/json',
        ...(compressed ? { 'content-encoding': 'gzip' } : {}),
      },
      body: compressed ? gzipSync(text).toString('base64') : text,
      isBase64Encoded: compressed,
    }) as unknown as APIGatewayProxyEventV2;
  /** The refusal a body gets, as the client sees it, or the parsed body. */
  const answer = (event: APIGatewayProxyEventV2) => {
    try {
      return { body: parseJsonBody(event).body };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: error.statusCode, ...error.toBody() };
    }
  };
  /** JSON text `levels` deep: `{"a":…}`, `[…]` or the two alternating, around the number 1. */
  const nested = (levels: number, kind: 'objects' | 'arrays' | 'mixed') => {
    const object = (level: number) => kind === 'objects' || (kind === 'mixed' && level % 2 === 0);
    const levelsOf = Array.from({ length: levels }, (_, level) => object(level));
    return `${levelsOf.map((isObject) => (isObject ? '{"a":' : '[')).join('')}1${levelsOf
      .reverse()
      .map((isObject) => (isObject ? '}' : ']'))
      .join('')}`;
  };
  /** An object of `count` keys. */
  const keys = (count: number) =>
    `{${Array.from({ length: count }, (_, index) => `"k${index}":${index}`).join(',')}}`;

  it('refuses a body nested deeper than the limit with 400, saying how deep it may go', () => {
    const tooDeep = {
      status: 400,
      code: 'validation_failed',
      error: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
    };
    for (const kind of ['objects', 'arrays', 'mixed'] as const) {
      expect(answer(json(nested(MAX_JSON_DEPTH + 1, kind))), kind).toEqual(tooDeep);
      expect(answer(json(nested(10_000, kind))), kind).toEqual(tooDeep);
    }
    expect(answer(json(nested(1_000_000, 'arrays'), true))).toEqual(tooDeep);
    // unclosed, so not JSON at all: still refused before anything is parsed
    expect(answer(json('['.repeat(10_000)))).toEqual(tooDeep);
  });

  it('takes a body nested as deep as the limit allows', () => {
    for (const kind of ['objects', 'arrays', 'mixed'] as const) {
      const text = nested(MAX_JSON_DEPTH, kind);
      expect(answer(json(text)), kind).toEqual({ body: JSON.parse(text) });
    }
  });

  it('refuses a body of more keys and items than the limit with 400, and takes one of as many', () => {
    const tooMany = {
      status: 400,
      code: 'validation_failed',
      error: `The request body has too many fields and list items (at most ${MAX_JSON_ITEMS.toLocaleString('en-US')})`,
    };
    expect(answer(json(keys(200_000)))).toEqual(tooMany);
    expect(answer(json(`[${'0,'.repeat(MAX_JSON_ITEMS)}0]`))).toEqual(tooMany);
    // keys and list items together: half as many objects of one key each, one over
    expect(answer(json(`[${'{"a":1},'.repeat(MAX_JSON_ITEMS / 2)}{"a":1}]`))).toEqual(tooMany);

    const most = answer(json(keys(MAX_JSON_ITEMS)));
    expect(Object.keys(most.body as object)).toHaveLength(MAX_JSON_ITEMS);
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses the key %s anywhere in the body with 400 naming it',
    (key) => {
      const refused = {
        status: 400,
        error: `The request body may not contain a field named "${key}"`,
        code: 'validation_failed',
      };
      const written = JSON.stringify(key);
      const escaped = `"${[...key].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;

      expect(answer(json(`{${written}:{"polluted":true}}`))).toEqual(refused);
      expect(answer(json(`{"name":"x","settings":{"pageSEO":{${written} : {}}}}`))).toEqual(refused);
      expect(answer(json(`[1,{"a":[{${written}:1}]}]`))).toEqual(refused);
      expect(answer(json(`{${escaped}:1}`))).toEqual(refused);
      expect(answer(json(`{"a":{${written}:1}}`, true))).toEqual(refused);
    },
  );

  it('takes "constructor" and its kin as string values, and keys that only look like them', () => {
    const text = JSON.stringify({
      name: 'constructor',
      tags: ['__proto__', 'prototype'],
      note: '{"constructor": 1}',
      constructors: 1,
      _proto_: 2,
      'prototype ': 3,
    });
    expect(answer(json(text))).toEqual({ body: JSON.parse(text) });
  });

  it('still answers JSON that does not parse as malformed', () => {
    expect(answer(json('{"name": "x",}'))).toEqual({
      status: 400,
      error: 'Malformed JSON body',
      code: 'validation_failed',
    });
    expect(answer(json('{"name": "\\"constructor'))).toEqual({
      status: 400,
      error: 'Malformed JSON body',
      code: 'validation_failed',
    });
  });

  it('reads form fields named __proto__ or constructor as fields like any other', () => {
    const form = {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__=a&constructor=b&name=Ana',
    } as unknown as APIGatewayProxyEventV2;

    const { body } = parseFormBody(form);

    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.entries(body as object)).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['name', 'Ana'],
    ]);
    const twice = { ...form, body: '__proto__=a&__proto__=b' } as APIGatewayProxyEventV2;
    expect(() => parseFormBody(twice)).toThrow(expect.objectContaining({ statusCode: 400 }));
  });

  it('checks JSON held in a form field (metaDetails) as it checks a JSON body', () => {
    const schema = z.object({ metaDetails: formJson(z.optional(metadataObject)) });
    const refusal = (text: string) => {
      try {
        validatePart('body', schema, { metaDetails: text });
      } catch (error) {
        return (error as HttpError).toBody();
      }
      return undefined;
    };

    expect(refusal(nested(10_000, 'mixed'))).toMatchObject({
      fields: { metaDetails: `is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` },
    });
    expect(refusal('{"constructor":{"prototype":{"polluted":true}}}')).toMatchObject({
      fields: { metaDetails: 'may not contain a field named "constructor"' },
    });
    // deeper than a table item may hold, though well within what a body may be
    expect(refusal(`{"a":${nested(20, 'objects')}}`)).toMatchObject({
      fields: { metaDetails: 'must be nested at most 16 levels deep' },
    });
    expect(refusal('{"bedrooms":3,"note":"constructor"}')).toBeUndefined();
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
