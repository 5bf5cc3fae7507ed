import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteObject, getObject, headObject, presignPost, presignUrl, putObject } from '#aws/s3';

/** The handlers' S3 operations (`@aws-sdk/client-s3` and its presigners) against the local S3 (its gate and s3rver). */

const ref = (name = 'object.txt') => ({
  bucket: 'files' as const,
  key: `tests/store/${randomUUID()}/${name}`,
});
const text = (value: string) => new TextEncoder().encode(value);

describe('the object store', () => {
  it('puts, heads, streams and deletes an object, keys with spaces and unicode included', async () => {
    const object = ref('Casa à venda #1.txt');
    await putObject(object, text('olá mundo'), { contentType: 'text/plain', metadata: { owner: 'agent-1' } });

    expect(await headObject(object)).toEqual({
      size: 10,
      contentType: 'text/plain',
      metadata: { owner: 'agent-1' },
    });
    const stream = await getObject(object);
    expect(await new Response(stream).text()).toBe('olá mundo');

    await deleteObject(object);
    expect(await headObject(object)).toBeUndefined();
    expect(await getObject(object)).toBeUndefined();
    await expect(deleteObject(object)).resolves.toBeUndefined();
  });

  it('presigns a GET that reads the object and a PUT that writes it', async () => {
    const object = ref();
    const upload = await presignUrl(object, { method: 'PUT', expiresIn: 60 });
    expect((await fetch(upload, { method: 'PUT', body: 'from the browser' })).status).toBe(200);

    const download = await presignUrl(object, { expiresIn: 60, downloadName: 'notes.txt' });
    const response = await fetch(download);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('from the browser');

    // the parameters S3 reads from a presigned URL
    const signed = new URL(download).searchParams;
    expect(signed.get('X-Amz-Expires')).toBe('60');
    expect(signed.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(signed.get('response-content-disposition')).toBe("attachment; filename*=UTF-8''notes.txt");
    // no SDK checksum in a presigned upload: it would be of an empty body, and S3 would refuse the bytes
    expect([...new URL(upload).searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(response.headers.get('content-disposition')).toContain('notes.txt');
  });

  it('presigns a POST form that uploads exactly one key', async () => {
    const object = ref('photo.jpg');
    const post = await presignPost(object, { expiresIn: 60, maxBytes: 1024, contentType: 'image/jpeg' });
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([text('jpeg bytes')], { type: 'image/jpeg' }), 'photo.jpg');

    const response = await fetch(post.url, { method: 'POST', body: form });
    expect(response.status).toBeLessThan(300);
    expect(await headObject(object)).toMatchObject({ size: 10 });
  });
});
