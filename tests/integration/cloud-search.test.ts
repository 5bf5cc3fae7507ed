import { describe, expect, it } from 'vitest';
import { newItemId, objectKeyFor, SEARCH_READ_PAGE, SEARCH_READ_PAGES } from '#functions/cloud/cloud';
import { CloudItem } from '#functions/cloud/entities';
import { createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';
import { api, type CloudItemBody, createFolder, uploadFile } from '../support/cloud-files.ts';

/** Cloud search across every folder and the open folder's path (issue 21, item 5). */

interface Crumb {
  id: string;
  name: string;
}
type Found = CloudItemBody & { folder_path: Crumb[] };
interface FolderPage {
  items: CloudItemBody[];
  cursor?: string;
  path?: Crumb[];
}

/** One search request's answer. */
async function searchPage(agent: TestAgent, text: string, cursor?: string) {
  const params = new URLSearchParams({ search: text, ...(cursor ? { cursor } : {}) });
  const response = await api<{ items: Found[]; cursor?: string }>(agent, `/cloud/files?${params}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Every result of a search, following the cursor. */
async function searchAll(agent: TestAgent, text: string): Promise<Found[]> {
  const found: Found[] = [];
  let cursor: string | undefined;
  do {
    const page = await searchPage(agent, text, cursor);
    found.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return found;
}

const where = (found: Found[]) =>
  found.map((item) => `${item.folder_path.map((crumb) => crumb.name).join('/')}/${item.name}`).sort();

describe('cloud search', () => {
  it('finds files in every folder by any part of the name, case and accents folded, with their folders', async () => {
    const agent = await createTestAgent();
    const clients = await createFolder(agent, 'Clients');
    const sao = await createFolder(agent, 'São Paulo', clients.id);
    const deep = await uploadFile(agent, 'Contrato-Conceição.pdf', Buffer.from('deep'), sao.id);
    await uploadFile(agent, 'conceicao-notes.txt', Buffer.from('root'));
    await uploadFile(agent, 'unrelated.txt', Buffer.from('other'), clients.id);

    const found = await searchAll(agent, 'CONCEIÇ');

    expect(where(found)).toEqual(['/conceicao-notes.txt', 'Clients/São Paulo/Contrato-Conceição.pdf']);
    const nested = found.find((item) => item.id === deep.id)!;
    expect(nested.folder_path).toEqual([
      { id: clients.id, name: 'Clients' },
      { id: sao.id, name: 'São Paulo' },
    ]);
    expect(nested.url).toEqual(expect.any(String));
    // a substring in the middle of a word, and the extension
    expect(where(await searchAll(agent, 'trato'))).toEqual(['Clients/São Paulo/Contrato-Conceição.pdf']);
    expect(where(await searchAll(agent, '.TXT'))).toEqual(['/conceicao-notes.txt', 'Clients/unrelated.txt']);
    expect(await searchAll(agent, 'nothing-like-this')).toEqual([]);
  });

  it("never finds another agent's files, even shared ones", async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const mine = await uploadFile(agent, 'harbour-deed.txt', Buffer.from('mine'));
    const theirs = await createFolder(other, 'Harbour');
    await uploadFile(other, 'harbour-deed.txt', Buffer.from('theirs'), theirs.id);
    await api(
      other,
      `/cloud/${theirs.id}/share`,
      jsonBody('PUT', { shared_with: [{ agent_id: agent.agentId }] }),
    );

    expect((await searchAll(agent, 'harbour')).map((item) => item.id)).toEqual([mine.id]);
    expect((await searchAll(other, 'harbour')).map((item) => item.agent_id)).toEqual([other.agentId]);
  });

  it('leaves out trashed files, and finds them again once restored', async () => {
    const agent = await createTestAgent();
    const archive = await createFolder(agent, 'Archive');
    const inner = await createFolder(agent, 'Inner', archive.id);
    await uploadFile(agent, 'lease-2019.txt', Buffer.from('old'), inner.id);
    const loose = await uploadFile(agent, 'lease-2020.txt', Buffer.from('loose'));

    await api(agent, `/cloud/${archive.id}`, jsonBody('DELETE', { preserveHierarchy: true }));
    await api(agent, `/cloud/${loose.id}`, jsonBody('DELETE', { preserveHierarchy: true }));

    expect(await searchAll(agent, 'lease')).toEqual([]);

    await api(agent, `/cloud/${archive.id}/restore`, jsonBody('POST', { preserveHierarchy: true }));

    expect(where(await searchAll(agent, 'lease'))).toEqual(['Archive/Inner/lease-2019.txt']);
  });

  it('reads a bounded number of files per request and goes on from its cursor', async () => {
    const agent = await createTestAgent();
    const folder = await createFolder(agent, 'Bulk');
    const budget = SEARCH_READ_PAGE * SEARCH_READ_PAGES;
    // the one match is the oldest file, behind more files than one request reads
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const file = (index: number, name: string) => {
      const id = newItemId();
      const at = new Date(start + index * 1000).toISOString();
      return CloudItem.put({
        id,
        agent_id: agent.agentId,
        name,
        type: 'file',
        parent_folder_id: folder.id,
        mime_type: 'text/plain',
        file_type: 'txt',
        size: 1,
        object_key: objectKeyFor(agent.agentId, id),
        state: 'active',
        shared_with: [],
        metadata: {},
        created_at: at,
        updated_at: at,
        version: 1,
      });
    };
    await file(0, 'needle.txt');
    for (let index = 1; index <= budget + 20; index += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, offset) => file(index + offset, `hay-${index + offset}.txt`)),
      );

    const first = await searchPage(agent, 'needle');

    expect(first.items).toEqual([]);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await searchPage(agent, 'needle', first.cursor);
    expect(second.items.map((item) => item.name)).toEqual(['needle.txt']);
    expect(second.items[0]!.folder_path).toEqual([{ id: folder.id, name: 'Bulk' }]);
    expect(second.cursor).toBeUndefined();
  });

  it('refuses a search with a folder, a cursor from another list, or an over-long text', async () => {
    const agent = await createTestAgent();
    const folder = await createFolder(agent, 'Somewhere');
    await createFolder(agent, 'Second', folder.id);
    await createFolder(agent, 'Third', folder.id);
    const withCursor = await api<FolderPage>(agent, `/cloud/files?folderId=${folder.id}&limit=1`);
    expect(withCursor.body.cursor).toEqual(expect.any(String));

    const inFolder = await api(agent, `/cloud/files?search=x&folderId=${folder.id}`);
    const recent = await api(agent, '/cloud/files?search=x&view=recent');
    const foreignCursor = await api(
      agent,
      `/cloud/files?search=x&cursor=${encodeURIComponent(withCursor.body.cursor!)}`,
    );
    const long = await api(agent, `/cloud/files?search=${'a'.repeat(101)}`);

    expect([inFolder.status, recent.status, foreignCursor.status, long.status]).toEqual([400, 400, 400, 400]);
    // a blank search is no search: the root's listing
    const blank = await api<FolderPage>(agent, '/cloud/files?search=%20%20');
    expect(blank.status).toBe(200);
    expect(blank.body.items.map((item) => item.name)).toEqual(['Somewhere']);
  });
});

describe('the open folder’s path', () => {
  it('answers a folder’s page with its path from the root, for the breadcrumb after a reload', async () => {
    const agent = await createTestAgent();
    const a = await createFolder(agent, 'Listings');
    const b = await createFolder(agent, 'Harbor View', a.id);
    const c = await createFolder(agent, '2026', b.id);

    const page = await api<FolderPage>(agent, `/cloud/files?folderId=${c.id}`);
    const root = await api<FolderPage>(agent, '/cloud/files');

    expect(page.status).toBe(200);
    expect(page.body.path).toEqual([
      { id: a.id, name: 'Listings' },
      { id: b.id, name: 'Harbor View' },
      { id: c.id, name: '2026' },
    ]);
    expect(root.body.path).toBeUndefined();
    // a renamed ancestor shows its new name
    await api(agent, `/cloud/${a.id}`, jsonBody('PUT', { name: 'Listings 2026' }));
    const renamed = await api<FolderPage>(agent, `/cloud/files?folderId=${c.id}`);
    expect(renamed.body.path?.map((crumb) => crumb.name)).toEqual(['Listings 2026', 'Harbor View', '2026']);
  });

  it('shows a shared folder’s path only from the folder shared with the caller', async () => {
    const owner = await createTestAgent();
    const friend = await createTestAgent();
    const privateParent = await createFolder(owner, 'Private');
    const shared = await createFolder(owner, 'Offers', privateParent.id);
    const inside = await createFolder(owner, 'Signed', shared.id);
    await api(
      owner,
      `/cloud/${shared.id}/share`,
      jsonBody('PUT', { shared_with: [{ agent_id: friend.agentId }] }),
    );

    const page = await api<FolderPage>(friend, `/cloud/files?folderId=${inside.id}`);

    expect(page.status).toBe(200);
    expect(page.body.path).toEqual([
      { id: shared.id, name: 'Offers' },
      { id: inside.id, name: 'Signed' },
    ]);
  });

  it('answers 404 for an unknown folder, another agent’s folder and a trashed one', async () => {
    const agent = await createTestAgent();
    const other = await createTestAgent();
    const theirs = await createFolder(other, 'Not yours');
    const trashed = await createFolder(agent, 'Gone');
    await api(agent, `/cloud/${trashed.id}`, jsonBody('DELETE', { preserveHierarchy: true }));

    for (const id of ['no-such-folder', theirs.id, trashed.id]) {
      const response = await api(agent, `/cloud/files?folderId=${encodeURIComponent(id)}`);
      expect(response.status, id).toBe(404);
    }
  });
});
