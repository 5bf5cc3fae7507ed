import { HeadObjectCommand } from '@aws-sdk/client-s3';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { config } from '#aws/config';
import { FOLDER_DELETED_MESSAGE } from '#contracts/schemas/cloud';
import { objectKeyFor } from '#functions/cloud/cloud';
import { CloudItem, type CloudItemRecord } from '#functions/cloud/entities';
import { createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import {
  api,
  bytesOf,
  type CloudItemBody,
  listAll,
  postToS3,
  startUpload,
  storageUsage,
  type UploadStart,
} from '../support/cloud-files.ts';
import { testS3 } from '../support/s3.ts';

/**
 * The cloud's tree holds whatever order agents act in (issue 20): fast-check draws sequences of folder
 * creation, uploads started and finished later (so a folder can go to the trash, or be deleted for good,
 * while a file is on its way into it), moves, trash, restore, permanent deletion and "empty trash", all
 * through the API. After each sequence, read from the table itself:
 * - every active item is in the root or in an active folder of its owner, and the folder listings show
 *   exactly the active items (nothing active is unreachable);
 * - every item in the trash either is an entry of the trash or sits in a trashed folder of the same entry;
 *   the trash lists exactly the entries;
 * - the storage figure is the size of the files kept (active and trashed) plus what pending uploads reserve,
 *   and every kept file's bytes are in the bucket.
 */

type Step =
  | { kind: 'folder'; parent: number }
  | { kind: 'start-upload'; parent: number; size: number }
  | { kind: 'finish-upload'; pick: number }
  | { kind: 'move'; pick: number; to: number }
  | { kind: 'trash'; pick: number; folder: boolean }
  | { kind: 'restore' | 'erase'; pick: number }
  | { kind: 'empty-trash' };

const pick = fc.nat({ max: 40 });
// weighted so that the interleavings that matter (a folder trashed or deleted while a file is on its way into
// it, a tree moved and then trashed) come up in a few dozen short sequences
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('folder' as const), parent: pick }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('start-upload' as const),
      parent: pick,
      size: fc.integer({ min: 1, max: 2048 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('finish-upload' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), pick, to: pick }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('trash' as const), pick, folder: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('restore' as const, 'erase' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('empty-trash' as const) }) },
);

/** What the sequence made: every id it created (folders and files), and uploads not yet finished. */
interface World {
  agent: TestAgent;
  folders: string[];
  items: string[];
  pending: UploadStart[];
}

const choose = <T>(list: readonly T[], index: number): T | undefined =>
  list.length ? list[index % list.length] : undefined;
/** A folder of the sequence, or the root (index 0 of the choice, and any choice when none exists). */
const folderOrRoot = (world: World, index: number) =>
  index % (world.folders.length + 1) === 0 ? undefined : choose(world.folders, index);

/** Statuses a step may meet in a valid sequence (an item already gone, a move into itself...); never a 5xx. */
const EXPECTED = new Set([200, 201, 204, 400, 404, 409, 410]);

async function run(world: World, current: Step): Promise<void> {
  const { agent } = world;
  const expectHandled = (status: number, what: string, body: unknown) =>
    expect(EXPECTED.has(status), `${what}: ${status} ${JSON.stringify(body)}`).toBe(true);
  switch (current.kind) {
    case 'folder': {
      const parent = folderOrRoot(world, current.parent);
      const made = await api<CloudItemBody>(
        agent,
        '/cloud/folders',
        jsonBody('POST', {
          name: `f${world.folders.length}`,
          ...(parent ? { parent_folder_id: parent } : {}),
        }),
      );
      expectHandled(made.status, 'create folder', made.body);
      if (made.status === 200) {
        world.folders.push(made.body.id);
        world.items.push(made.body.id);
      }
      return;
    }
    case 'start-upload': {
      const parent = folderOrRoot(world, current.parent);
      const started = await startUpload(agent, {
        name: `file-${world.items.length}.txt`,
        size: current.size,
        mime_type: 'text/plain',
        ...(parent ? { parent_folder_id: parent } : {}),
      });
      expectHandled(started.status, 'start upload', started.body);
      if (started.status === 200) {
        world.pending.push(started.body);
        world.items.push(started.body.file.id);
      }
      return;
    }
    case 'finish-upload': {
      const upload = choose(world.pending, current.pick);
      if (!upload) return;
      world.pending.splice(world.pending.indexOf(upload), 1);
      const posted = await postToS3(upload, bytesOf(upload.file.size), upload.file.name);
      expect(posted, 'the bytes are accepted by the presigned POST').toBe(204);
      const confirmed = await api(agent, `/cloud/${upload.file.id}/confirm`, { method: 'POST' });
      expectHandled(confirmed.status, 'confirm upload', confirmed.body);
      return;
    }
    case 'move': {
      const item = choose(world.items, current.pick);
      if (!item) return;
      const to = folderOrRoot(world, current.to) ?? null;
      const moved = await api(agent, `/cloud/${item}`, jsonBody('PUT', { parent_folder_id: to }));
      expectHandled(moved.status, 'move', moved.body);
      return;
    }
    case 'trash': {
      const item = choose(current.folder ? world.folders : world.items, current.pick);
      if (!item) return;
      const trashed = await api(agent, `/cloud/${item}`, { method: 'DELETE' });
      expectHandled(trashed.status, 'trash', trashed.body);
      return;
    }
    case 'restore':
    case 'erase': {
      const entry = choose(await listAll(agent, '/cloud/trash'), current.pick);
      if (!entry) return;
      const answer =
        current.kind === 'restore'
          ? await api(agent, `/cloud/${entry.id}/restore`, { method: 'POST' })
          : await api(agent, `/cloud/${entry.id}/permanent`, { method: 'DELETE' });
      expectHandled(answer.status, current.kind, answer.body);
      return;
    }
    case 'empty-trash': {
      const emptied = await api(agent, '/cloud/trash/empty', { method: 'DELETE' });
      expectHandled(emptied.status, 'empty trash', emptied.body);
      return;
    }
  }
}

const objectExists = async (key: string) => {
  try {
    await testS3().send(new HeadObjectCommand({ Bucket: config.buckets.files, Key: key }));
    return true;
  } catch {
    return false;
  }
};

async function checkTree(world: World): Promise<void> {
  const { agent } = world;
  const records = (
    await Promise.all(world.items.map((id) => CloudItem.get({ id }, { consistent: true })))
  ).filter((item): item is CloudItemRecord => item !== undefined);
  const byId = new Map(records.map((item) => [item.id, item]));
  const label = (item: CloudItemRecord) => `${item.type} ${item.name} (${item.state})`;

  const active = records.filter((item) => item.state === 'active');
  for (const item of active) {
    if (!item.parent_folder_id) continue;
    const parent = byId.get(item.parent_folder_id);
    expect(parent?.state, `${label(item)} is in an active folder`).toBe('active');
  }
  const trashed = records.filter((item) => item.state === 'trashed');
  for (const item of trashed) {
    if (item.trash_root === item.id) continue;
    const entry = byId.get(item.trash_root!);
    expect(entry?.state, `${label(item)} belongs to an entry of the trash`).toBe('trashed');
    const parent = byId.get(item.parent_folder_id ?? '');
    expect(parent?.state, `${label(item)} sits in a trashed folder`).toBe('trashed');
    expect(parent?.trash_root, `${label(item)} went with its folder`).toBe(item.trash_root);
  }

  // the listings: every active item reachable from the root, the trash's entries exactly
  const listed: string[] = [];
  for (let folders: (string | undefined)[] = [undefined]; folders.length; ) {
    const next: string[] = [];
    for (const folder of folders) {
      const items = await listAll(agent, folder ? `/cloud/files?folderId=${folder}` : '/cloud/files');
      listed.push(...items.map((item) => item.id));
      next.push(...items.filter((item) => item.type === 'folder').map((item) => item.id));
    }
    folders = next;
  }
  expect(listed.sort(), 'the folder listings show every active item').toEqual(
    active.map((item) => item.id).sort(),
  );
  const entries = await listAll(agent, '/cloud/trash');
  expect(entries.map((entry) => entry.id).sort(), 'the trash lists its entries').toEqual(
    trashed
      .filter((item) => item.trash_root === item.id)
      .map((item) => item.id)
      .sort(),
  );

  // storage: kept files plus reservations, and the bytes of every kept file in the bucket
  const kept = records.filter(
    (item) => item.type === 'file' && (item.state === 'active' || item.state === 'trashed'),
  );
  const reserved = records
    .filter((item) => item.state === 'pending')
    .reduce((sum, item) => sum + (item.reserved_bytes ?? 0), 0);
  expect(await storageUsage(agent), 'the storage figure').toBe(
    kept.reduce((sum, item) => sum + item.size, 0) + reserved,
  );
  for (const file of kept)
    expect(await objectExists(file.object_key!), `${label(file)} has its bytes`).toBe(true);
}

describe('the cloud tree after any sequence of operations', () => {
  it('keeps no orphan, lists what exists and counts what it keeps', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 20 }), async (steps) => {
        const world: World = { agent: await createTestAgent(), folders: [], items: [], pending: [] };
        for (const current of steps) await run(world, current);
        await checkTree(world);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('files a file whose folder went to the trash during its upload with that folder', async () => {
    const agent = await createTestAgent();
    const world: World = { agent, folders: [], items: [], pending: [] };
    await run(world, { kind: 'folder', parent: 0 });
    await run(world, { kind: 'start-upload', parent: 1, size: 10 });
    await run(world, { kind: 'trash', pick: 0, folder: true });
    await run(world, { kind: 'finish-upload', pick: 0 });
    const [, file] = await Promise.all(world.items.map((id) => CloudItem.get({ id }, { consistent: true })));
    expect(file).toMatchObject({ state: 'trashed', trash_root: world.folders[0] });
    await checkTree(world);

    const restored = await api(agent, `/cloud/${world.folders[0]}/restore`, { method: 'POST' });
    expect(restored.status).toBe(200);
    const inFolder = await listAll(agent, `/cloud/files?folderId=${world.folders[0]}`);
    expect(inFolder.map((item) => item.id)).toEqual([world.items[1]]);
    await checkTree(world);
  });

  it('refuses a file whose folder was deleted for good during its upload, and gives its storage back', async () => {
    const agent = await createTestAgent();
    const world: World = { agent, folders: [], items: [], pending: [] };
    await run(world, { kind: 'folder', parent: 0 });
    await run(world, { kind: 'start-upload', parent: 1, size: 10 });
    await run(world, { kind: 'trash', pick: 0, folder: true });
    await run(world, { kind: 'empty-trash' });
    const upload = world.pending[0]!;
    world.pending = [];
    expect(await postToS3(upload, bytesOf(10), upload.file.name)).toBe(204);
    const confirmed = await api<{ error: string }>(agent, `/cloud/${upload.file.id}/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(410);
    expect(confirmed.body.error).toBe(FOLDER_DELETED_MESSAGE);
    await checkTree(world);
    expect(await storageUsage(agent)).toBe(0);
    expect(await objectExists(objectKeyFor(agent.agentId, upload.file.id))).toBe(false);
  });
});
