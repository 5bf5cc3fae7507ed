import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { parseMultipartBody } from './multipart.ts';

const event = (contentType: string, body: string | Buffer) =>
  ({
    headers: { 'content-type': contentType },
    body: Buffer.from(body).toString('base64'),
    isBase64Encoded: true,
  }) as unknown as APIGatewayProxyEventV2;

const parse = (body: string, contentType = 'multipart/form-data; boundary=xyz') =>
  parseMultipartBody(event(contentType, body));

describe('multipart parts', () => {
  it('skips a preamble, reads a quoted boundary, and decodes RFC 5987 file names to their base name', async () => {
    const parsed = await parse(
      'ignored preamble\r\n--a b\r\nContent-Disposition: form-data; name="title"\r\n\r\nCasa\r\n' +
        '--a b\r\nContent-Disposition: form-data; name="files"; filename*=UTF-8\'\'fotos%2Fna%C3%AFve.png\r\nContent-Type: IMAGE/PNG\r\n\r\n\u0089PNG\r\n--a b--\r\n',
      'multipart/form-data; boundary="a b"',
    );

    expect(parsed.body).toEqual({ title: 'Casa' });
    expect(parsed.files).toMatchObject([{ field: 'files', filename: 'naïve.png', mimeType: 'image/png' }]);
  });

  it('reads an empty file name as a text field and a field named __proto__ as a field', async () => {
    const parsed = await parse(
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename=""\r\n\r\nnot a file\r\n' +
        '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\na\r\n' +
        '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nb\r\n--xyz--',
    );

    expect(parsed.files).toEqual([]);
    expect(Object.getPrototypeOf(parsed.body)).toBe(Object.prototype);
    expect(Object.entries(parsed.body as object)).toEqual([
      ['file', 'not a file'],
      ['__proto__', ['a', 'b']],
    ]);
  });

  it('ignores parts without a form-data disposition or a name', async () => {
    const parsed = await parse(
      '--xyz\r\nContent-Type: text/plain\r\n\r\nstray\r\n--xyz\r\nContent-Disposition: attachment; name="x"\r\n\r\ny\r\n' +
        '--xyz\r\nContent-Disposition: form-data\r\n\r\nz\r\n--xyz--\r\n',
    );

    expect(parsed).toEqual({ body: {}, files: [] });
  });

  it.each([
    ['no delimiter at all', 'just text'],
    ['a body that ends inside a part', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'],
    [
      'a body that ends after a part without closing',
      '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--xyz',
    ],
    ['a header line without a colon', '--xyz\r\nContent-Disposition form-data\r\n\r\nv\r\n--xyz--'],
    ['junk after a delimiter', '--xyz junk\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--xyz--'],
    ['an empty body', ''],
  ])('answers %s with 400', async (_name, body) => {
    await expect(parse(body)).rejects.toMatchObject({ statusCode: 400, message: 'Malformed multipart body' });
  });

  it('refuses a boundary that is missing or longer than 70 characters', async () => {
    await expect(parse('--xyz--', 'multipart/form-data; charset=utf-8')).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(parse('--xyz--', `multipart/form-data; boundary=${'b'.repeat(71)}`)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
