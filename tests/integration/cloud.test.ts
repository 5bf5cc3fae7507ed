import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { config } from '#aws/config';
import { MAX_UPLOAD_BYTES } from '#contracts/plans';
import { CloudItem } from '#functions/cloud/entities';
import { STORAGE_LIMIT_MESSAGE } from '#platform/accounts/limits';
import { handler as purgeCloud } from '../../events/consumers/purge-cloud.ts';
import { createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import {
  api,
  bytesOf,
  type CloudItemBody,
  createFolder,
  listAll,
  postToS3,
  startUpload,
  storageUsage,
  uploadFile,
} from '../support/cloud-files.ts';
import { testS3 } from '../support/s3.ts';

const objectExists = async (key: string) => {
  try {
    await testS3().send(new HeadObjectCommand({ Bucket: config.buckets.files, Key: key }));
    return true;
  } catch {
    return false;
  }
};
/** A write with the test's own credentials, outside any POST policy (what S3's policy check cannot stop). */
const putObjectDirectly = (key: string, bytes: Uint8Array) =>
  testS3().send(new PutObjectCommand({ Bucket: config.buckets.files, Key: key, Body: bytes }));
const cloudKeys = async (agentId: string) =>
  (
    (
      await testS3().send(
        new ListObjectsV2Command({ Bucket: config.buckets.files, Prefix: `cloud/${agentId}/` }),
      )
    ).Contents ?? []
  ).map((object) => object.Key!);

const decodePolicy = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };

const names = (items: CloudItemBody[]) => items.map((item) => item.name).sort();

describe('uploads', () => {
  it('presigns a POST whose policy admits exactly the declared size, never above 100 MB', async () => {
    const agent = await createTestAgent();

    const start = await startUpload(agent, { name: 'plan.pdf', size: 1234, mime_type: 'application/pdf' });

    expect(start.status).toBe(200);
    const { conditions } = decodePolicy(start.body.fields);
    expect(conditions).toContainEqual(['content-length-range', 1234, 1234]);
    expect(conditions).toContainEqual({ key: `cloud/${agent.agentId}/${start.body.file.id}` });
    // the object is stored as a plain download whatever was declared (tests/integration/user-files.test.ts)
    expect(conditions).toContainEqual({ 'Content-Type': 'application/octet-stream' });
    expect(start.body.file).toMatchObject({ name: 'plan.pdf', upload_status: 'pending', size: 1234 });
    const tooBig = await startUpload(agent, { name: 'big.bin', size: MAX_UPLOAD_BYTES + 1 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({
      fields: { size: 'File size exceeds the 100MB limit. Please upload a smaller file.' },
    });
    const maxPolicy = decodePolicy(
      (await startUpload(agent, { name: 'max.bin', size: MAX_UPLOAD_BYTES })).body.fields,
    );
    expect(maxPolicy.conditions).toContainEqual(['content-length-range', MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES]);
  });

  it('stores the bytes straight in S3 and counts them exactly once confirmed', async () => {
    const agent = await createTestAgent();

    const file = await uploadFile(agent, 'notes.txt', Buffer.from('hello cloud'));

    expect(file).toMatchObject({
      name: 'notes.txt',
      size: 11,
      upload_status: 'complete',
      parent_folder_id: null,
    });
    expect(await storageUsage(agent)).toBe(11);
    expect(names(await listAll(agent, '/cloud/files'))).toEqual(['notes.txt']);
    const content = await fetch(file.url!);
    expect(await content.text()).toBe('hello cloud');
    // a repeated confirm changes nothing
    expect((await api(agent, `/cloud/${file.id}/confirm`, { method: 'POST' })).status).toBe(200);
    expect(await storageUsage(agent)).toBe(11);
  });

  it('is confirmed by the S3 event alone when the browser never calls confirm', async () => {
    const agent = await createTestAgent();
    const start = await startUpload(agent, { name: 'event.txt', size: 5 });

    expect(await postToS3(start.body, bytesOf(5))).toBe(204);

    await expect
      .poll(
        async () => (await api<CloudItemBody>(agent, `/cloud/${start.body.file.id}`)).body.upload_status,
        {
          timeout: 10_000,
        },
      )
      .toBe('complete');
    expect(await storageUsage(agent)).toBe(5);
  });

  it('refuses an upload past the quota with the storage message, before any byte is sent', async () => {
    const agent = await createTestAgent();
    const { reserveFeature } = await import('#platform/accounts/limits');
    await reserveFeature({ agentId: agent.agentId, role: 'Superagent' }, 'storage', 1073741824 - 10);

    const refused = await startUpload(agent, { name: 'late.bin', size: 11 });

    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      paywall: true,
      reason: 'usage_limit_reached',
      feature: 'storage',
      message: STORAGE_LIMIT_MESSAGE,
    });
    expect((await startUpload(agent, { name: 'fits.bin', size: 10 })).status).toBe(200);
    expect(await storageUsage(agent)).toBe(1073741824);
  });

  it('re-checks the real size on confirm: an object larger than the quota allows is deleted', async () => {
    const agent = await createTestAgent();
    const { reserveFeature } = await import('#platform/accounts/limits');
    await reserveFeature({ agentId: agent.agentId, role: 'Superagent' }, 'storage', 1073741824 - 20);
    const start = await startUpload(agent, { name: 'liar.bin', size: 10 });
    // S3 refuses a body outside the POST policy's size range …
    expect(await postToS3(start.body, bytesOf(50))).toBe(400);
    // … so only a write the policy does not govern puts a larger object there; confirm re-checks anyway
    await putObjectDirectly(`cloud/${agent.agentId}/${start.body.file.id}`, bytesOf(50));

    const confirmed = await api(agent, `/cloud/${start.body.file.id}/confirm`, { method: 'POST' });

    expect(confirmed.status).toBe(402);
    expect(confirmed.body).toMatchObject({ message: STORAGE_LIMIT_MESSAGE, feature: 'storage' });
    expect(await objectExists(`cloud/${agent.agentId}/${start.body.file.id}`)).toBe(false);
    expect(await storageUsage(agent)).toBe(1073741824 - 20);
    expect(await listAll(agent, '/cloud/files')).toEqual([]);
  });

  it('deletes the bytes of a rejection whose settlement stopped before deleting them, before answering', async () => {
    // the settlement that rejected the upload committed its tombstone and then stopped (a Lambda timing
    // out, a refused DeleteObject) with the bytes still there: whoever reads the rejection next deletes them
    const agent = await createTestAgent();
    const start = await startUpload(agent, { name: 'stranded.bin', size: 10 });
    const pending = await CloudItem.get({ id: start.body.file.id }, { consistent: true });
    await CloudItem.put({
      ...pending!,
      state: 'rejected',
      rejection: 'too_large',
      upload_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const key = `cloud/${agent.agentId}/${start.body.file.id}`;
    await putObjectDirectly(key, bytesOf(50));

    const confirmed = await api(agent, `/cloud/${start.body.file.id}/confirm`, { method: 'POST' });

    expect(confirmed.status).toBe(413);
    expect(await objectExists(key)).toBe(false);
  });

  it('settles a smaller object than declared to its real size', async () => {
    const agent = await createTestAgent();
    const start = await startUpload(agent, { name: 'short.bin', size: 100 });
    // the policy's range is exactly the declared size: S3 refuses a shorter body …
    expect(await postToS3(start.body, bytesOf(40))).toBe(400);
    // … and a write outside the policy is settled to its real size on confirm
    await putObjectDirectly(`cloud/${agent.agentId}/${start.body.file.id}`, bytesOf(40));

    const confirmed = await api<CloudItemBody>(agent, `/cloud/${start.body.file.id}/confirm`, {
      method: 'POST',
    });

    expect(confirmed.body.size).toBe(40);
    expect(await storageUsage(agent)).toBe(40);
  });

  it('gives a cancelled upload’s reservation back', async () => {
    const agent = await createTestAgent();
    const start = await startUpload(agent, { name: 'cancel.bin', size: 500 });
    expect(await storageUsage(agent)).toBe(500);

    const cancelled = await api(agent, `/cloud/${start.body.file.id}`, jsonBody('DELETE', {}));

    expect(cancelled).toEqual({ status: 200, body: { items: [] } });
    expect(await storageUsage(agent)).toBe(0);
    // bytes arriving after the cancel are deleted by the storage consumer
    await postToS3(start.body, bytesOf(500));
    await expect
      .poll(() => objectExists(`cloud/${agent.agentId}/${start.body.file.id}`), { timeout: 10_000 })
      .toBe(false);
  });
});

describe('folders', () => {
  it('creates, renames and moves, and refuses to move a folder into itself', async () => {
    const agent = await createTestAgent();
    const listings = await createFolder(agent, 'Listings');
    const harbor = await createFolder(agent, 'Harbor', listings.id);
    const file = await uploadFile(agent, 'deed.txt', Buffer.from('deed'));

    const moved = await api<CloudItemBody>(
      agent,
      `/cloud/${file.id}`,
      jsonBody('PUT', { parent_folder_id: harbor.id }),
    );
    const renamed = await api<CloudItemBody>(
      agent,
      `/cloud/${harbor.id}`,
      jsonBody('PUT', { name: 'Harbor View' }),
    );
    const cycle = await api(agent, `/cloud/${listings.id}`, jsonBody('PUT', { parent_folder_id: harbor.id }));

    expect(moved.body.parent_folder_id).toBe(harbor.id);
    expect(renamed.body.name).toBe('Harbor View');
    expect(cycle.status).toBe(400);
    expect(names(await listAll(agent, '/cloud/files'))).toEqual(['Listings']);
    expect(names(await listAll(agent, `/cloud/files?folderId=${listings.id}`))).toEqual(['Harbor View']);
    expect(names(await listAll(agent, `/cloud/files?folderId=${harbor.id}`))).toEqual(['deed.txt']);
    const toRoot = await api<CloudItemBody>(
      agent,
      `/cloud/${file.id}`,
      jsonBody('PUT', { parent_folder_id: null }),
    );
    expect(toRoot.body.parent_folder_id).toBeNull();
  });

  it('pages a large folder with a bounded query, newest first, without repeats', async () => {
    const agent = await createTestAgent();
    const parent = await createFolder(agent, 'Many');
    for (let index = 0; index < 23; index += 1) await createFolder(agent, `F${index}`, parent.id);

    const first = await api<{ items: CloudItemBody[]; cursor?: string }>(
      agent,
      `/cloud/files?folderId=${parent.id}&limit=10`,
    );
    const all = await listAll(agent, `/cloud/files?folderId=${parent.id}&limit=10`);

    expect(first.body.items).toHaveLength(10);
    expect(first.body.cursor).toEqual(expect.any(String));
    expect(all).toHaveLength(23);
    expect(new Set(all.map((item) => item.id)).size).toBe(23);
    expect(all[0]!.name).toBe('F22');
  });

  it('lists recent files across folders', async () => {
    const agent = await createTestAgent();
    const folder = await createFolder(agent, 'Deep');
    await uploadFile(agent, 'a.txt', Buffer.from('a'));
    await uploadFile(agent, 'b.txt', Buffer.from('b'), folder.id);

    const recent = await listAll(agent, '/cloud/files?view=recent');

    expect(recent.map((item) => item.name)).toEqual(['b.txt', 'a.txt']);
  });
});

describe('trash', () => {
  it('deletes a folder to the trash and restores it with its hierarchy intact', async () => {
    const agent = await createTestAgent();
    const top = await createFolder(agent, 'Top');
    const sub = await createFolder(agent, 'Sub', top.id);
    await uploadFile(agent, 'one.txt', Buffer.from('1'), top.id);
    await uploadFile(agent, 'two.txt', Buffer.from('22'), sub.id);

    const trashed = await api<{ items: CloudItemBody[] }>(
      agent,
      `/cloud/${top.id}`,
      jsonBody('DELETE', { preserveHierarchy: true, metadata: { from: 'test' } }),
    );

    expect(trashed.body.items).toMatchObject([
      { id: top.id, deleted_at: expect.any(String), expiry_date: expect.any(String) },
    ]);
    expect(await listAll(agent, '/cloud/files')).toEqual([]);
    expect(await listAll(agent, '/cloud/files?view=recent')).toEqual([]);
    const trash = await listAll(agent, '/cloud/trash');
    expect(trash.map((item) => item.id)).toEqual([top.id]);
    const expiry = Date.parse(trash[0]!.expiry_date!) - Date.parse(trash[0]!.deleted_at!);
    expect(expiry).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await storageUsage(agent)).toBe(3);

    const restored = await api<{ restored: number; failed: number }>(
      agent,
      `/cloud/${top.id}/restore`,
      jsonBody('POST', {}),
    );

    expect(restored.body).toMatchObject({ restored: 4, failed: 0 });
    expect(names(await listAll(agent, '/cloud/files'))).toEqual(['Top']);
    expect(names(await listAll(agent, `/cloud/files?folderId=${top.id}`))).toEqual(['Sub', 'one.txt']);
    expect(names(await listAll(agent, `/cloud/files?folderId=${sub.id}`))).toEqual(['two.txt']);
    expect(await listAll(agent, '/cloud/trash')).toEqual([]);
  });

  it('restores into the original folder, or the root when that folder is gone', async () => {
    const agent = await createTestAgent();
    const home = await createFolder(agent, 'Home');
    const file = await uploadFile(agent, 'x.txt', Buffer.from('x'), home.id);
    await api(agent, `/cloud/${file.id}`, jsonBody('DELETE', {}));
    await api(agent, `/cloud/${home.id}`, jsonBody('DELETE', {}));

    const restored = await api<{ items: CloudItemBody[] }>(
      agent,
      `/cloud/${file.id}/restore`,
      jsonBody('POST', {}),
    );

    expect(restored.body.items[0]!.parent_folder_id).toBeNull();
  });

  it('empties the trash: objects deleted, usage drops by exactly the freed bytes', async () => {
    const agent = await createTestAgent();
    const folder = await createFolder(agent, 'Old');
    const kept = await uploadFile(agent, 'kept.txt', Buffer.from('keep me'));
    await uploadFile(agent, 'gone1.txt', bytesOf(100), folder.id);
    const loose = await uploadFile(agent, 'gone2.txt', bytesOf(30));
    await api(agent, `/cloud/${folder.id}`, jsonBody('DELETE', {}));
    await api(agent, `/cloud/${loose.id}`, jsonBody('DELETE', {}));
    const before = await storageUsage(agent);

    const emptied = await api<{ deleted: number }>(agent, '/cloud/trash/empty', { method: 'DELETE' });

    expect(emptied.body.deleted).toBe(3);
    expect(before - (await storageUsage(agent))).toBe(130);
    expect(await cloudKeys(agent.agentId)).toEqual([`cloud/${agent.agentId}/${kept.id}`]);
    expect(await listAll(agent, '/cloud/trash')).toEqual([]);
  });

  it('deletes one trashed item for good, and refuses an item outside the trash', async () => {
    const agent = await createTestAgent();
    const file = await uploadFile(agent, 'f.txt', bytesOf(9));

    expect((await api(agent, `/cloud/${file.id}/permanent`, { method: 'DELETE' })).status).toBe(409);
    await api(agent, `/cloud/${file.id}`, jsonBody('DELETE', {}));
    const deleted = await api(agent, `/cloud/${file.id}/permanent`, { method: 'DELETE' });

    expect(deleted.body).toEqual({ deleted: 1 });
    expect(await storageUsage(agent)).toBe(0);
  });

  it('purges expired trash and abandoned uploads on schedule, giving the storage back once', async () => {
    const agent = await createTestAgent();
    const folder = await createFolder(agent, 'Expired');
    const file = await uploadFile(agent, 'e.txt', bytesOf(70), folder.id);
    await api(agent, `/cloud/${folder.id}`, jsonBody('DELETE', {}));
    const stored = (await CloudItem.get({ id: folder.id }, { consistent: true }))!;
    await CloudItem.put({ ...stored, expiry_date: new Date(Date.now() - 1000).toISOString() });
    const abandoned = await startUpload(agent, { name: 'never.bin', size: 400 });
    const pending = (await CloudItem.get({ id: abandoned.body.file.id }, { consistent: true }))!;
    await CloudItem.put({ ...pending, upload_expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(await storageUsage(agent)).toBe(470);

    await Promise.all([purgeCloud(), purgeCloud()]);
    await purgeCloud();

    expect(await storageUsage(agent)).toBe(0);
    expect(await CloudItem.get({ id: file.id })).toBeUndefined();
    expect(await CloudItem.get({ id: abandoned.body.file.id })).toBeUndefined();
    expect(await cloudKeys(agent.agentId)).toEqual([]);
  });
});

describe('sharing', () => {
  it('shares with another agent, who reads it under shared; others cannot; unshare ends it', async () => {
    const owner = await createTestAgent();
    const friend = await createTestAgent();
    const stranger = await createTestAgent();
    const folder = await createFolder(owner, 'Shared deals');
    const inside = await uploadFile(owner, 'offer.txt', Buffer.from('offer'), folder.id);

    const shared = await api<CloudItemBody>(
      owner,
      `/cloud/${folder.id}/share`,
      jsonBody('PUT', { shared_with: [{ agent_id: friend.agentId }] }),
    );

    expect(shared.body.shared_with).toMatchObject([{ agent_id: friend.agentId }]);
    expect(shared.body.metadata.last_shared).toEqual(expect.any(String));
    // refusals say what is wrong as the share dialog names it
    const withSelf = await api<{ error: string }>(
      owner,
      `/cloud/${folder.id}/share`,
      jsonBody('PUT', { shared_with: [{ agent_id: owner.agentId }] }),
    );
    expect(withSelf).toMatchObject({ status: 400, body: { error: 'You cannot share with yourself.' } });
    expect((await listAll(friend, '/cloud/shared')).map((item) => item.id)).toEqual([folder.id]);
    expect((await listAll(owner, '/cloud/shared')).map((item) => item.id)).toEqual([folder.id]);
    expect(names(await listAll(friend, `/cloud/files?folderId=${folder.id}`))).toEqual(['offer.txt']);
    expect((await api(friend, `/cloud/${inside.id}/download`)).status).toBe(200);
    expect((await api(stranger, `/cloud/${inside.id}`)).status).toBe(404);
    expect((await api(stranger, `/cloud/files?folderId=${folder.id}`)).status).toBe(404);
    expect((await api(friend, `/cloud/${folder.id}`, jsonBody('PUT', { name: 'Mine now' }))).status).toBe(
      404,
    );

    await api(owner, `/cloud/${folder.id}/share`, jsonBody('PUT', { shared_with: [] }));

    expect(await listAll(friend, '/cloud/shared')).toEqual([]);
    expect((await api(friend, `/cloud/${inside.id}`)).status).toBe(404);
  });

  it('refuses unknown agents and the owner itself', async () => {
    const owner = await createTestAgent();
    const folder = await createFolder(owner, 'F');

    const unknown = await api(
      owner,
      `/cloud/${folder.id}/share`,
      jsonBody('PUT', { shared_with: [{ agent_id: 'nobody' }] }),
    );
    const self = await api(
      owner,
      `/cloud/${folder.id}/share`,
      jsonBody('PUT', { shared_with: [{ agent_id: owner.agentId }] }),
    );

    expect(unknown.status).toBe(400);
    expect(self.status).toBe(400);
  });
});

describe('duplicate and download', () => {
  it('copies a folder tree on the server and counts the copied bytes', async () => {
    const agent = await createTestAgent();
    const folder = await createFolder(agent, 'Brochures');
    const sub = await createFolder(agent, 'Print', folder.id);
    await uploadFile(agent, 'a.txt', bytesOf(10), folder.id);
    await uploadFile(agent, 'b.txt', bytesOf(20), sub.id);

    const copy = await api<CloudItemBody>(agent, `/cloud/${folder.id}/duplicate`, { method: 'POST' });

    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ name: 'Copy of Brochures', parent_folder_id: null });
    expect(await storageUsage(agent)).toBe(60);
    const copied = await listAll(agent, `/cloud/files?folderId=${copy.body.id}`);
    expect(names(copied)).toEqual(['Print', 'a.txt']);
    const print = copied.find((item) => item.name === 'Print')!;
    const [b] = await listAll(agent, `/cloud/files?folderId=${print.id}`);
    expect(await (await fetch(b!.url!)).text()).toBe('a'.repeat(20));
  });

  it('copies an item shared with the caller into the caller’s root, on the caller’s storage', async () => {
    const owner = await createTestAgent();
    const friend = await createTestAgent();
    const file = await uploadFile(owner, 'shared.txt', bytesOf(15));
    await api(
      owner,
      `/cloud/${file.id}/share`,
      jsonBody('PUT', { shared_with: [{ agent_id: friend.agentId }] }),
    );

    const copy = await api<CloudItemBody>(friend, `/cloud/${file.id}/duplicate`, { method: 'POST' });

    expect(copy.body).toMatchObject({ agent_id: friend.agentId, parent_folder_id: null, size: 15 });
    expect(await storageUsage(friend)).toBe(15);
    expect(await storageUsage(owner)).toBe(15);
  });

  it('downloads a file through a short-lived presigned GET and a folder as a streamed zip', async () => {
    const agent = await createTestAgent();
    const folder = await createFolder(agent, 'Zip me');
    const sub = await createFolder(agent, 'Inner', folder.id);
    const file = await uploadFile(agent, 'top.txt', Buffer.from('top text'), folder.id);
    await uploadFile(agent, 'inner.txt', Buffer.from('inner text'), sub.id);

    const single = await api<{ url: string; name: string; expires_at: string }>(
      agent,
      `/cloud/${file.id}/download`,
    );
    const zipped = await api<{ url: string; name: string; mime_type: string }>(
      agent,
      `/cloud/${folder.id}/download`,
    );

    const fileResponse = await fetch(single.body.url);
    expect(await fileResponse.text()).toBe('top text');
    expect(fileResponse.headers.get('content-disposition')).toContain('top.txt');
    expect(Date.parse(single.body.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(zipped.body).toMatchObject({ name: 'Zip me.zip', mime_type: 'application/zip' });
    const zip = Buffer.from(await (await fetch(zipped.body.url)).arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), 'cloud-zip-'));
    writeFileSync(join(dir, 'a.zip'), zip);
    const listing = execFileSync('python3', [
      '-c',
      'import sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print("\\n".join(sorted(z.namelist()))); print(z.read("Inner/inner.txt").decode())',
      join(dir, 'a.zip'),
    ]).toString();
    expect(listing.trim().split('\n')).toEqual(['Inner/', 'Inner/inner.txt', 'top.txt', 'inner text']);
  });
});

describe('the storage consumer', () => {
  it('deletes cloud objects nobody reserved', async () => {
    const agent: TestAgent = await createTestAgent();
    const key = `cloud/${agent.agentId}/not-an-item`;

    await testS3().send(new PutObjectCommand({ Bucket: config.buckets.files, Key: key, Body: 'x' }));

    await expect.poll(() => objectExists(key), { timeout: 10_000 }).toBe(false);
    expect(await storageUsage(agent)).toBe(0);
  });
});

describe('POST /api/uploads', () => {
  const ticket = (agent: TestAgent, size: number) =>
    api<{ url: string; fields: Record<string, string>; key: string; expiresAt: string }>(
      agent,
      '/api/uploads',
      jsonBody('POST', {
        purpose: 'property-media',
        name: 'Front door (1).JPG',
        size,
        mime_type: 'image/jpeg',
      }),
    );
  const asStart = (body: { url: string; fields: Record<string, string> }) => ({
    ...body,
    file: {} as CloudItemBody,
    expires_at: '',
  });

  it('reserves the size, and the object counts once it has arrived, until it is deleted', async () => {
    const agent = await createTestAgent();

    const issued = await ticket(agent, 64);

    expect(issued.status).toBe(200);
    expect(issued.body.key).toMatch(new RegExp(`^uploads/${agent.agentId}/[0-9a-f-]{36}/Front-door-1-.JPG$`));
    expect(decodePolicy(issued.body.fields).conditions).toContainEqual(['content-length-range', 64, 64]);
    expect(await storageUsage(agent)).toBe(64);
    // the policy's range is exactly the declared size: S3 refuses a shorter body …
    expect(await postToS3(asStart(issued.body), bytesOf(48))).toBe(400);
    expect(await storageUsage(agent)).toBe(64);
    // … and an object written outside the policy is settled by the storage consumer to its real size
    await putObjectDirectly(issued.body.key, bytesOf(48));
    await expect.poll(() => storageUsage(agent), { timeout: 10_000 }).toBe(48);
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await testS3().send(new DeleteObjectCommand({ Bucket: config.buckets.files, Key: issued.body.key }));
    await expect.poll(() => storageUsage(agent), { timeout: 10_000 }).toBe(0);
  });

  it('refuses a file past the quota with the storage paywall', async () => {
    const agent = await createTestAgent();
    const { reserveFeature } = await import('#platform/accounts/limits');
    await reserveFeature({ agentId: agent.agentId, role: 'Superagent' }, 'storage', 1073741824 - 5);

    const refused = await ticket(agent, 6);

    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ feature: 'storage', message: STORAGE_LIMIT_MESSAGE });
  });
});
