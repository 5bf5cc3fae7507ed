import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi, createTestAgent, jsonBody, type TestAgent } from '../support/agents.ts';

/**
 * Optimistic concurrency of website saves (issue 20): GET answers an ETag naming the website's revision;
 * a PUT with If-Match is written only from that revision (412 otherwise, nothing written), as one
 * conditional write, so of two saves from the same revision exactly one wins. Every save and every
 * restored backup moves the revision on; a PUT without If-Match still saves (the last save wins).
 */

interface Answer {
  status: number;
  etag: string | null;
  body: Record<string, unknown> & { error?: string; reason?: string; content?: unknown; title?: string };
}

async function call(agent: TestAgent, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await callApi(path, { ...init, token: agent.token });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), body: text ? JSON.parse(text) : {} };
}

const get = (agent: TestAgent, id: string) => call(agent, `/websites/${id}`);

/** A save of `body`, with If-Match when `ifMatch` is given. */
function put(agent: TestAgent, id: string, body: Record<string, unknown>, ifMatch?: string) {
  const init = jsonBody('PUT', body);
  return call(agent, `/websites/${id}`, {
    ...init,
    headers: { ...init.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
  });
}

/** Content with one page whose heading says `label` (to tell saves apart). */
const contentSaying = (label: string) => ({
  components: { type: 'wrapper' },
  styles: '',
  pages: [
    {
      id: 'home',
      name: 'Home',
      components: { type: 'wrapper', components: [{ tagName: 'h1', content: label }] },
    },
  ],
});

const says = (answer: Answer) => JSON.stringify(answer.body.content);

async function newWebsite(agent: TestAgent) {
  const made = await call(agent, '/websites', jsonBody('POST', { name: `Site ${randomUUID().slice(0, 6)}` }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

describe('website revisions', () => {
  it('answers an ETag; a save from it is written and answers the next; a save from the old one is 412 and changes nothing', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const opened = await get(agent, id);
    expect(opened.status).toBe(200);
    expect(opened.etag).toMatch(/^"[^"]+"$/);

    const first = await put(agent, id, { content: contentSaying('from tab A') }, opened.etag!);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.etag).toMatch(/^"[^"]+"$/);
    expect(first.etag).not.toBe(opened.etag);
    expect((await get(agent, id)).etag).toBe(first.etag);

    const stale = await put(agent, id, { content: contentSaying('from tab B'), title: 'B' }, opened.etag!);
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      error: 'This website was changed elsewhere since you opened it.',
      reason: 'stale_website',
      code: 'stale_website',
    });
    const now = await get(agent, id);
    expect(says(now)).toContain('from tab A');
    expect(says(now)).not.toContain('from tab B');
    expect(now.body.title).not.toBe('B');
    expect(now.etag).toBe(first.etag);

    // the next save from the current ETag goes through
    const next = await put(agent, id, { content: contentSaying('from tab B') }, first.etag!);
    expect(next.status).toBe(200);
    expect(says(await get(agent, id))).toContain('from tab B');
  });

  it('of two saves sent at once from the same ETag, exactly one is written and the other is 412', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const { etag } = await get(agent, id);

    const answers = await Promise.all(
      ['one', 'two'].map((label) => put(agent, id, { content: contentSaying(`racer ${label}`) }, etag!)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const [won, lost] = answers[0]!.status === 200 ? ['racer one', 'racer two'] : ['racer two', 'racer one'];
    const now = await get(agent, id);
    expect(now.etag).toBe(answers.find((answer) => answer.status === 200)!.etag);
    expect(says(now)).toContain(won);
    expect(says(now)).not.toContain(lost);
    // the loser wrote no backup either: the creation's content is the one backup
    const backups = await call(agent, `/websites/${id}/backups`);
    expect((backups.body.items as unknown[]).length).toBe(1);
  });

  it('checks and moves the revision on a save of fields only (title, settings)', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const { etag } = await get(agent, id);

    const renamed = await put(agent, id, { title: 'First title' }, etag!);
    expect(renamed.status).toBe(200);
    expect(renamed.etag).not.toBe(etag);
    expect((await put(agent, id, { title: 'Stale title' }, etag!)).status).toBe(412);
    expect((await get(agent, id)).body.title).toBe('First title');
  });

  it('still saves without If-Match (the last save wins) and moves the revision on', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const { etag } = await get(agent, id);

    const saved = await put(agent, id, { content: contentSaying('no precondition') });
    expect(saved.status).toBe(200);
    expect(saved.etag).not.toBe(etag);
    expect((await put(agent, id, { content: contentSaying('again') }, '*')).status).toBe(200);
    expect(says(await get(agent, id))).toContain('again');
  });

  it('reads If-Match as a list of tags, weak or strong', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const { etag } = await get(agent, id);

    const weak = await put(agent, id, { title: 'Weak' }, `"no-such-revision", W/${etag}`);
    expect(weak.status, JSON.stringify(weak.body)).toBe(200);
    expect((await put(agent, id, { title: 'Unknown' }, '"no-such-revision"')).status).toBe(412);
  });

  it('restoring a backup moves the revision on: an editor still open on the content before it gets 412', async () => {
    const agent = await createTestAgent();
    const id = await newWebsite(agent);
    const first = await put(agent, id, { content: contentSaying('first') }, (await get(agent, id)).etag!);
    const second = await put(agent, id, { content: contentSaying('second') }, first.etag!);
    expect(second.status).toBe(200);

    const backups = await call(agent, `/websites/${id}/backups`);
    const [newest] = backups.body.items as Array<{ id: string }>;
    const restored = await call(agent, `/websites/${id}/backups/${newest!.id}/restore`, { method: 'POST' });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(says(restored)).toContain('first');
    expect(restored.etag).not.toBe(second.etag);
    expect((await get(agent, id)).etag).toBe(restored.etag);

    const stale = await put(agent, id, { content: contentSaying('after restore') }, second.etag!);
    expect(stale.status).toBe(412);
    expect(says(await get(agent, id))).toContain('first');
  });
});
