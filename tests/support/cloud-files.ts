import { expect } from 'vitest';
import { callApi, jsonBody, type TestAgent } from './agents.ts';

/** Cloud file store helpers for integration, concurrency and authz tests (through the public API). */

export interface CloudItemBody {
  id: string;
  name: string;
  type: 'file' | 'folder';
  parent_folder_id: string | null;
  size: number;
  url?: string;
  agent_id: string;
  shared_with: Array<{ agent_id: string; shared_at?: string }>;
  metadata: Record<string, unknown>;
  upload_status?: 'pending' | 'complete';
  deleted_at?: string;
  expiry_date?: string;
}

export interface UploadStart {
  url: string;
  fields: Record<string, string>;
  file: CloudItemBody;
  expires_at: string;
}

export async function api<T = Record<string, unknown>>(
  agent: TestAgent,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await callApi(path, { ...init, token: agent.token });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function startUpload(
  agent: TestAgent,
  input: { name: string; size: number; mime_type?: string; parent_folder_id?: string | null },
) {
  return api<UploadStart>(
    agent,
    '/cloud/upload',
    jsonBody('POST', { mime_type: 'application/octet-stream', ...input }),
  );
}

/** Posts bytes to a presigned POST as a browser form does (fields first, then the file). */
export async function postToS3(start: UploadStart, bytes: Uint8Array, name = 'file.bin'): Promise<number> {
  const form = new FormData();
  for (const [field, value] of Object.entries(start.fields)) form.append(field, value);
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  const response = await fetch(start.url, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

/** Start, post and confirm: a whole upload, as the app does it. */
export async function uploadFile(
  agent: TestAgent,
  name: string,
  bytes: Uint8Array,
  parent?: string,
): Promise<CloudItemBody> {
  const start = await startUpload(agent, {
    name,
    size: bytes.byteLength,
    mime_type: 'text/plain',
    ...(parent ? { parent_folder_id: parent } : {}),
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(await postToS3(start.body, bytes, name)).toBe(204);
  const confirmed = await api<CloudItemBody>(agent, `/cloud/${start.body.file.id}/confirm`, {
    method: 'POST',
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body;
}

export async function createFolder(agent: TestAgent, name: string, parent?: string): Promise<CloudItemBody> {
  const created = await api<CloudItemBody>(
    agent,
    '/cloud/folders',
    jsonBody('POST', { name, ...(parent ? { parent_folder_id: parent } : {}) }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

export async function listAll(agent: TestAgent, path: string): Promise<CloudItemBody[]> {
  const items: CloudItemBody[] = [];
  let cursor: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = await api<{ items: CloudItemBody[]; cursor?: string }>(
      agent,
      `${path}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.cursor;
  } while (cursor);
  return items;
}

export async function storageUsage(agent: TestAgent): Promise<number> {
  const summary = await api<{ usageBytes: number }>(agent, '/cloud/storage-summary');
  expect(summary.status).toBe(200);
  return summary.body.usageBytes;
}

export const bytesOf = (size: number, fill = 0x61) => new Uint8Array(size).fill(fill);
