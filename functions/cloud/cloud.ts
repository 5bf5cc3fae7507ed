import { randomUUID } from 'node:crypto';
import { deleteObject, presignUrl } from '#aws/s3';
import { planFor } from '#contracts/plans';
import { type UserFileDisposition, userFileDisposition } from '#contracts/response-headers';
import type { CloudItemView, FolderCrumb } from '#contracts/schemas/cloud';
import { TRASH_RETENTION_DAYS } from '#contracts/schemas/cloud';
import { foldText } from '#platform/accounts/agent-search';
import { Agent } from '#platform/accounts/entities';
import { type LimitSubject, releaseFeature } from '#platform/accounts/limits';
import {
  ConditionalCheckFailed,
  cancellationCodes,
  isConditionFailure,
  type Page,
  transactWrite,
} from '#platform/data/entity';
import { eq } from '#platform/data/expression';
import { notFound } from '#platform/errors';
import type { SniffedContent } from '#platform/file-signatures';
import { logger } from '#platform/logger';
import { CloudItem, type CloudItemRecord, CloudShare, type SharedWith } from './entities.ts';

/**
 * The cloud file store's rules, shared by its handlers, the storage consumer and the scheduled purge:
 * reading with ownership and sharing, state changes as versioned Puts, folder trees, trash and purge.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the presigned POST of an upload is valid. */
export const UPLOAD_POST_TTL_SECONDS = 60 * 60;
/** An unconfirmed upload is given up (its reservation released) this long after its POST expired. */
export const PENDING_GRACE_MS = 60 * 60 * 1000;
/** A rejected upload's tombstone answers repeated confirms this long, then the purge removes it. */
export const TOMBSTONE_MS = DAY_MS;
/** Presigned GETs: inline previews in listings, and downloads. */
export const PREVIEW_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;
/** Folder trees are walked level by level; deeper nesting than this is refused (and never walked past). */
export const MAX_FOLDER_DEPTH = 32;

const CLOUD_PREFIX = 'cloud/';

export const newItemId = () => randomUUID();
export const nowIso = () => new Date().toISOString();

/** Where a file's bytes live: one key per item, never derived from its (changeable) name. */
export const objectKeyFor = (agentId: string, itemId: string) => `${CLOUD_PREFIX}${agentId}/${itemId}`;

/** The owner and item of a cloud object key, or undefined for any other key. */
export function parseCloudKey(key: string): { agentId: string; itemId: string } | undefined {
  const match = /^cloud\/([^/]+)\/([^/]+)$/.exec(key);
  return match ? { agentId: match[1]!, itemId: match[2]! } : undefined;
}

/** The lower-cased extension of a file name (`report.PDF` → `pdf`), if it has one. */
export function fileTypeOf(name: string): string | undefined {
  const match = /\.([A-Za-z0-9]{1,12})$/.exec(name);
  return match ? match[1]!.toLowerCase() : undefined;
}

/** Whose storage an item counts against, with the plan that limits it. */
export async function ownerSubject(agentId: string): Promise<LimitSubject> {
  const agent = await Agent.get({ agent_id: agentId });
  return { agentId, role: planFor(agent?.role).role };
}

/**
 * Writes a new state of an item read earlier: a whole-item Put conditional on the version that was read,
 * so concurrent changes never overwrite each other (the loser sees a condition failure and re-reads).
 */
export async function saveItem(previous: CloudItemRecord, next: CloudItemRecord): Promise<CloudItemRecord> {
  return CloudItem.put(nextVersion(previous, next), { if: eq('version', previous.version) });
}

/** `next` as the version after `previous`, without the attributes the new state no longer has. */
function nextVersion(previous: CloudItemRecord, next: CloudItemRecord): CloudItemRecord {
  const item = { ...next, version: previous.version + 1 };
  // the Put writes every attribute given; clear what the new state no longer has
  for (const key of Object.keys(item) as (keyof CloudItemRecord)[])
    if (item[key] === undefined) delete item[key];
  return item;
}

/**
 * `saveItem` for an item placed in `folder` as the folder was read: one transaction with a check that the
 * folder is still that version, so a folder trashed or deleted meanwhile makes the write a condition failure
 * (the caller re-reads both) instead of leaving the item in a folder that is no longer there.
 */
export async function saveItemInFolder(
  previous: CloudItemRecord,
  next: CloudItemRecord,
  folder: CloudItemRecord | undefined,
): Promise<CloudItemRecord> {
  if (!folder) return saveItem(previous, next);
  const item = nextVersion(previous, next);
  try {
    await transactWrite([
      CloudItem.transact.put(item, { if: eq('version', previous.version) }),
      CloudItem.transact.check({ id: folder.id }, eq('version', folder.version)),
    ]);
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed'))
      throw new ConditionalCheckFailed('The item or its folder changed', { cause: error });
    throw error;
  }
  return item;
}

/**
 * Where a file arriving in `folderId` goes: in the folder while it is active; into the trash with it while it
 * is in the trash (the file then comes back with the folder, or goes when the trash is emptied); nowhere once
 * the folder has been deleted for good (undefined).
 */
export async function arrivalPlace(folderId: string | undefined): Promise<
  | {
      folder: CloudItemRecord | undefined;
      state: Pick<CloudItemRecord, 'state' | 'trash_root' | 'deleted_at'>;
    }
  | undefined
> {
  if (!folderId) return { folder: undefined, state: { state: 'active' } };
  const folder = await CloudItem.get({ id: folderId }, { consistent: true });
  if (folder?.state === 'active') return { folder, state: { state: 'active' } };
  if (folder?.state === 'trashed')
    return {
      folder,
      state: { state: 'trashed', trash_root: folder.trash_root, deleted_at: folder.deleted_at },
    };
  return undefined;
}

/** Deletes an item only when it is still the version that was read; false when it changed or is gone. */
export async function deleteItemIfUnchanged(item: CloudItemRecord): Promise<boolean> {
  try {
    await CloudItem.delete({ id: item.id }, { if: eq('version', item.version) });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Runs `change` on the current item until its versioned write goes through (a few rounds at most). */
export async function withFreshItem<T>(
  id: string,
  change: (item: CloudItemRecord | undefined) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const item = await CloudItem.get({ id }, { consistent: true });
    try {
      return await change(item);
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 4) throw error;
    }
  }
}

// ── what a file is, and how it is served ─────────────────────────────────────────────────────────────

/**
 * What the name or the declared type of an upload promises that the previewers show in place: a PDF, a
 * picture (not SVG, which is markup), a video or a sound file. A web page under one of these is a disguise.
 */
const PREVIEWED_EXTENSIONS: Record<string, string> = {
  pdf: 'a PDF',
  ...Object.fromEntries(
    ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'heic', 'bmp', 'tif', 'tiff'].map((ext) => [
      ext,
      'a picture',
    ]),
  ),
  ...Object.fromEntries(['mp4', 'm4v', 'mov', 'webm'].map((ext) => [ext, 'a video'])),
  ...Object.fromEntries(['mp3', 'm4a', 'wav', 'ogg', 'flac', 'aac'].map((ext) => [ext, 'a sound file'])),
};

function previewedClaim(name: string, declaredType: string | undefined): string | undefined {
  const byName = PREVIEWED_EXTENSIONS[fileTypeOf(name) ?? ''];
  if (byName) return byName;
  const type = (declaredType ?? '').toLowerCase();
  if (type === 'application/pdf') return 'a PDF';
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'a picture';
  if (type.startsWith('video/')) return 'a video';
  if (type.startsWith('audio/')) return 'a sound file';
  return undefined;
}

const MARKUP_LABELS: Record<string, string> = {
  'text/html': 'a web page (HTML)',
  'application/xhtml+xml': 'a web page (XHTML)',
  'image/svg+xml': 'an SVG drawing, which can hold script',
  'application/xml': 'an XML document',
};

/** What a markup type is called in a message (`a web page (HTML)`). */
export const markupLabel = (type: string) => MARKUP_LABELS[type] ?? 'a web page';

/**
 * The confirm call's message for a disguised upload: which file, what it claims, what it is, what to do.
 * Undefined when the file is no disguise.
 */
export function disguiseMessage(
  name: string,
  declaredType: string | undefined,
  contentType: string,
): string | undefined {
  const claim = previewedClaim(name, declaredType);
  if (!claim || !MARKUP_LABELS[contentType]) return undefined;
  return `“${name}” is not ${claim}: its contents are ${markupLabel(contentType)}. Upload the real file, or give it a name that says what it is (.html for a web page).`;
}

/** Text types kept as declared (or as the name says) for text bytes; other text is served as text/plain. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  ics: 'text/calendar',
  vcf: 'text/vcard',
};
const KEPT_TEXT_TYPES = new Set(Object.values(TEXT_TYPES));

/** Documents kept in a zip or OLE container: the declared type (or the name's) says which. */
const CONTAINER_DOCUMENTS: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
  kmz: 'application/vnd.google-earth.kmz',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  msg: 'application/vnd.ms-outlook',
};
const KEPT_CONTAINER_TYPES = new Set(Object.values(CONTAINER_DOCUMENTS));

/**
 * What an arrived upload is: refused when its bytes are markup under a previewed type's name or declared
 * type (a disguise, `message` says why), otherwise kept as the type its bytes show — refined by the
 * declared type or the name only where the bytes cannot tell (which text, which zip-based document).
 */
export function judgeArrival(
  name: string,
  declaredType: string | undefined,
  sniffed: SniffedContent,
): { contentType: string; message?: string } {
  const declared = (declaredType ?? '').toLowerCase();
  const extension = fileTypeOf(name) ?? '';
  if (sniffed.family === 'markup') {
    const message = disguiseMessage(name, declaredType, sniffed.type);
    return { contentType: sniffed.type, ...(message ? { message } : {}) };
  }
  if (sniffed.family === 'text') {
    if (KEPT_TEXT_TYPES.has(declared)) return { contentType: declared };
    return { contentType: TEXT_TYPES[extension] ?? 'text/plain' };
  }
  if (sniffed.family === 'container') {
    if (KEPT_CONTAINER_TYPES.has(declared)) return { contentType: declared };
    return { contentType: CONTAINER_DOCUMENTS[extension] ?? sniffed.type };
  }
  return { contentType: sniffed.type };
}

/**
 * How a file is served: as the type its bytes show, in place only when a browser runs nothing of it
 * (contracts/response-headers.ts); a file stored before its bytes were checked only as a download.
 */
export function servedAs(item: Pick<CloudItemRecord, 'content_type'>): {
  contentType: string;
  disposition: UserFileDisposition;
} {
  if (!item.content_type) return { contentType: 'application/octet-stream', disposition: 'attachment' };
  return { contentType: item.content_type, disposition: userFileDisposition(item.content_type) };
}

/**
 * What every cloud object is stored as (the upload form's fixed fields): whatever a file's uploader
 * declared, S3 itself answers a plain GET of the object as a download; the presigned URLs name the type.
 */
export const STORED_OBJECT = { contentType: 'application/octet-stream', contentDisposition: 'attachment' };

// ── reading ───────────────────────────────────────────────────────────────────────────────────────────

/** The public shape of an item (spec §3), with a short-lived inline URL for a confirmed file. */
export async function toView(item: CloudItemRecord, options: { url?: boolean } = {}): Promise<CloudItemView> {
  const withUrl = (options.url ?? true) && item.type === 'file' && item.object_key && item.state === 'active';
  return {
    id: item.id,
    file_id: item.id,
    name: item.name,
    type: item.type,
    is_folder: item.type === 'folder',
    ...(item.file_type ? { file_type: item.file_type } : {}),
    ...(item.mime_type ? { mime_type: item.mime_type } : {}),
    parent_folder_id: item.parent_folder_id ?? null,
    ...(withUrl
      ? {
          url: await presignUrl(
            { bucket: 'files', key: item.object_key! },
            {
              expiresIn: PREVIEW_URL_TTL_SECONDS,
              responseContentType: servedAs(item).contentType,
              disposition: servedAs(item).disposition,
              downloadName: item.name,
            },
          ),
        }
      : {}),
    size: item.size,
    created_at: item.created_at,
    updated_at: item.updated_at,
    shared_with: item.shared_with.map(({ agent_id, shared_at }) => ({ agent_id, shared_at })),
    metadata: item.metadata,
    agent_id: item.agent_id,
    ...(item.type === 'file'
      ? { upload_status: item.state === 'pending' ? ('pending' as const) : ('complete' as const) }
      : {}),
    ...(item.deleted_at ? { deleted_at: item.deleted_at } : {}),
    ...(item.expiry_date ? { expiry_date: item.expiry_date } : {}),
  };
}

export const toViews = (items: CloudItemRecord[]) => Promise.all(items.map((item) => toView(item)));

/** The caller's own item in one of `states`; anything else (another owner's, other states) is a 404. */
export async function ownedItem(
  agentId: string,
  id: string,
  states: readonly CloudItemRecord['state'][] = ['active'],
): Promise<CloudItemRecord> {
  const item = await CloudItem.get({ id }, { consistent: true });
  if (!item || item.agent_id !== agentId || !states.includes(item.state)) throw notFound('Item');
  return item;
}

/** The caller's own active folder (the target of a create, move or upload); undefined for the root. */
export async function ownedFolder(agentId: string, id: string | null | undefined) {
  if (!id) return undefined;
  const folder = await CloudItem.get({ id }, { consistent: true });
  if (!folder || folder.agent_id !== agentId || folder.state !== 'active' || folder.type !== 'folder') {
    throw notFound('Folder');
  }
  return folder;
}

const isSharedWith = (item: CloudItemRecord, agentId: string) =>
  item.shared_with.some((entry) => entry.agent_id === agentId);

/**
 * An active item the caller may read: its own, or one shared with it directly or through a shared folder
 * above it. Everything else, including trashed items, answers 404 (a foreign item looks missing).
 */
export async function readableItem(agentId: string, id: string): Promise<CloudItemRecord> {
  const item = await CloudItem.get({ id });
  if (item?.state !== 'active') throw notFound('Item');
  if (item.agent_id === agentId || (await sharedThroughTree(item, agentId))) return item;
  throw notFound('Item');
}

/** Whether the item or one of its folders is shared with the agent (only the owner's tree is walked). */
async function sharedThroughTree(item: CloudItemRecord, agentId: string): Promise<boolean> {
  let current: CloudItemRecord | undefined = item;
  for (let depth = 0; current && depth <= MAX_FOLDER_DEPTH; depth += 1) {
    if (current.state !== 'active') return false;
    if (isSharedWith(current, agentId)) return true;
    if (!current.parent_folder_id) return false;
    current = await CloudItem.get({ id: current.parent_folder_id });
  }
  return false;
}

/** How deep a folder sits (a root folder is 1), walking its parents. */
export async function depthOf(folder: CloudItemRecord | undefined): Promise<number> {
  let depth = 0;
  let current = folder;
  while (current && depth <= MAX_FOLDER_DEPTH) {
    depth += 1;
    current = current.parent_folder_id ? await CloudItem.get({ id: current.parent_folder_id }) : undefined;
  }
  return depth;
}

/** One page of an owner's active items in a folder (the root when `folderId` is absent), newest first. */
export function listFolder(
  ownerId: string,
  folderId: string | undefined,
  page: { cursor?: string; limit?: number },
): Promise<Page<CloudItemRecord>> {
  return CloudItem.query(
    'byFolder',
    { agent_id: ownerId, folder_gate: folderId ?? 'ROOT' },
    { ...page, descending: true },
  );
}

/**
 * Every active item below a folder, level by level (breadth first), each with its path of names relative
 * to the folder. Bounded: stops with `truncated` after `maxItems`.
 */
export async function collectTree(
  folder: CloudItemRecord,
  maxItems = 10_000,
): Promise<{ items: Array<{ item: CloudItemRecord; path: string }>; truncated: boolean }> {
  const items: Array<{ item: CloudItemRecord; path: string }> = [];
  let level = [{ folder, path: '' }];
  for (let depth = 0; level.length > 0 && depth < MAX_FOLDER_DEPTH; depth += 1) {
    const next: typeof level = [];
    for (const parent of level) {
      let cursor: string | undefined;
      do {
        const page = await listFolder(parent.folder.agent_id, parent.folder.id, { cursor, limit: 500 });
        for (const item of page.items) {
          const path = `${parent.path}${item.name}`;
          items.push({ item, path });
          if (items.length > maxItems) return { items, truncated: true };
          if (item.type === 'folder') next.push({ folder: item, path: `${path}/` });
        }
        cursor = page.cursor;
      } while (cursor);
    }
    level = next;
  }
  return { items, truncated: false };
}

// ── paths and search ──────────────────────────────────────────────────────────────────────────────────

/**
 * The breadcrumb of a folder the caller may read: the folder and its ancestors, root first. Another owner's
 * folder (shared with the caller) shows only from the highest folder shared with the caller down: what is
 * above it is not the caller's to see.
 */
export async function breadcrumbOf(folder: CloudItemRecord, agentId: string): Promise<FolderCrumb[]> {
  const chain: CloudItemRecord[] = [];
  let current: CloudItemRecord | undefined = folder;
  for (let depth = 0; current?.state === 'active' && depth <= MAX_FOLDER_DEPTH; depth += 1) {
    chain.push(current);
    current = current.parent_folder_id ? await CloudItem.get({ id: current.parent_folder_id }) : undefined;
  }
  let visible = chain;
  if (folder.agent_id !== agentId) {
    const highestShared = chain.findLastIndex((item) => isSharedWith(item, agentId));
    visible = chain.slice(0, highestShared + 1);
  }
  return visible.reverse().map(({ id, name }) => ({ id, name }));
}

/**
 * The folders each item sits in, root first (an empty list at the root), read level by level with
 * BatchGetItem (one round per level of the deepest item, never one read per item). An item whose folders
 * are no longer all active (a deletion in flight) is left out of the map.
 */
export async function folderPathsOf(items: readonly CloudItemRecord[]): Promise<Map<string, FolderCrumb[]>> {
  const folders = new Map<string, CloudItemRecord>();
  let wanted = new Set(items.flatMap((item) => (item.parent_folder_id ? [item.parent_folder_id] : [])));
  for (let depth = 0; wanted.size > 0 && depth < MAX_FOLDER_DEPTH; depth += 1) {
    const found = await CloudItem.getMany([...wanted].map((id) => ({ id })));
    for (const folder of found) folders.set(folder.id, folder);
    wanted = new Set(
      found.flatMap((folder) =>
        folder.parent_folder_id && !folders.has(folder.parent_folder_id) ? [folder.parent_folder_id] : [],
      ),
    );
  }
  const paths = new Map<string, FolderCrumb[]>();
  for (const item of items) {
    const path: FolderCrumb[] = [];
    let parentId = item.parent_folder_id;
    let complete = true;
    while (parentId) {
      const folder = folders.get(parentId);
      if (folder?.state !== 'active' || folder.agent_id !== item.agent_id || path.length > MAX_FOLDER_DEPTH) {
        complete = false;
        break;
      }
      path.unshift({ id: folder.id, name: folder.name });
      parentId = folder.parent_folder_id;
    }
    if (complete) paths.set(item.id, path);
  }
  return paths;
}

/** A search reads the owner's files this many at a time… */
export const SEARCH_READ_PAGE = 100;
/** …at most this many pages a request (1,000 files): a larger store answers with a cursor to go on. */
export const SEARCH_READ_PAGES = 10;
/** A request stops reading once it has this many matches (it still returns the whole page it read). */
export const SEARCH_MATCHES_WANTED = 50;

/**
 * The owner's active files, in every folder, whose name contains `text` with case and accents folded;
 * newest first. A bounded Query on the owner's own `recent` partition (never another owner's, never the
 * trash), read in pages until enough matched or the per-request budget is spent; `cursor` goes on from there.
 */
export async function searchOwnFiles(
  agentId: string,
  text: string,
  start: string | undefined,
): Promise<Page<CloudItemRecord>> {
  const needle = foldText(text);
  const matches: CloudItemRecord[] = [];
  let cursor = start;
  for (let round = 0; round < SEARCH_READ_PAGES && matches.length < SEARCH_MATCHES_WANTED; round += 1) {
    const page = await CloudItem.query(
      'recent',
      { agent_id: agentId, recent_gate: 'FILES' },
      { limit: SEARCH_READ_PAGE, descending: true, ...(cursor ? { cursor } : {}) },
    );
    matches.push(...page.items.filter((item) => foldText(item.name).includes(needle)));
    cursor = page.cursor;
    if (!cursor) break;
  }
  return { items: matches, ...(cursor ? { cursor } : {}) };
}

/** Whether `candidate` is `folder` itself or lies below it (a move there would make a cycle). */
export async function isInside(candidate: CloudItemRecord | undefined, folder: CloudItemRecord) {
  let current = candidate;
  for (let depth = 0; current && depth <= MAX_FOLDER_DEPTH; depth += 1) {
    if (current.id === folder.id) return true;
    current = current.parent_folder_id ? await CloudItem.get({ id: current.parent_folder_id }) : undefined;
  }
  return false;
}

// ── sharing ───────────────────────────────────────────────────────────────────────────────────────────

/** Keeps the "Shared with you" records in line with an item's sharing list (after the item was saved). */
export async function syncShareRecords(
  item: CloudItemRecord,
  before: readonly SharedWith[],
  after: readonly SharedWith[],
): Promise<void> {
  const kept = new Set(after.map((entry) => `${entry.agent_id}#${entry.shared_at}`));
  const removed = before.filter((entry) => !kept.has(`${entry.agent_id}#${entry.shared_at}`));
  await Promise.all([
    ...removed.map((entry) =>
      CloudShare.delete({ recipient_id: entry.agent_id, shared_at: entry.shared_at, item_id: item.id }),
    ),
    ...after.map((entry) =>
      CloudShare.put({
        recipient_id: entry.agent_id,
        item_id: item.id,
        owner_id: item.agent_id,
        shared_at: entry.shared_at,
      }),
    ),
  ]);
}

// ── trash ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Takes every active item below a trashed folder along into the trash (same deletion, unlisted). Runs
 * until the folder's subtree holds no active item, so a repeated delete finishes an interrupted one.
 */
export async function trashDescendants(root: CloudItemRecord): Promise<number> {
  let moved = 0;
  let level = [root.id];
  for (let depth = 0; level.length > 0 && depth < MAX_FOLDER_DEPTH; depth += 1) {
    const next: string[] = [];
    for (const folderId of level) {
      for (let round = 0; round < 1_000; round += 1) {
        // trashed children leave the folder's index, so the first page is always what is left
        const page = await listFolder(root.agent_id, folderId, { limit: 100 });
        if (page.items.length === 0) break;
        await Promise.all(
          page.items.map(async (child) => {
            try {
              await saveItem(child, {
                ...child,
                state: 'trashed',
                trash_root: root.id,
                deleted_at: root.deleted_at,
                updated_at: nowIso(),
              });
              moved += 1;
              if (child.type === 'folder') next.push(child.id);
            } catch (error) {
              if (!isConditionFailure(error)) throw error;
            }
          }),
        );
      }
    }
    level = next;
  }
  return moved;
}

export function trashDates(now = new Date()) {
  return {
    deleted_at: now.toISOString(),
    expiry_date: new Date(now.getTime() + TRASH_RETENTION_DAYS * DAY_MS).toISOString(),
  };
}

/** Every item one deletion took to the trash (the root included). */
export async function trashBatch(rootId: string): Promise<CloudItemRecord[]> {
  return CloudItem.queryAll('trashBatch', { batch_gate: rootId });
}

/**
 * Deletes one item for good: the record first (the commit point, conditional on the version read), then
 * the storage it counted and its bytes. False when the item changed meanwhile (someone else deleted it).
 */
export async function deleteForGood(item: CloudItemRecord): Promise<boolean> {
  if (!(await deleteItemIfUnchanged(item))) return false;
  await Promise.all(
    item.shared_with.map((entry) =>
      CloudShare.delete({ recipient_id: entry.agent_id, shared_at: entry.shared_at, item_id: item.id }),
    ),
  );
  const bytes = item.state === 'pending' ? (item.reserved_bytes ?? 0) : item.size;
  if (item.type === 'file' && bytes > 0)
    await releaseFeature(await ownerSubject(item.agent_id), 'storage', bytes);
  if (item.object_key) {
    try {
      await deleteObject({ bucket: 'files', key: item.object_key });
    } catch (error) {
      // the quota is already given back; an object left behind is an orphan the storage consumer ignores
      logger.warn('cloud object not deleted', { key: item.object_key, error: error as Error });
    }
  }
  return true;
}

/** Deletes a trashed root and everything it took along for good; answers how many items went. */
export async function purgeTrashRoot(root: CloudItemRecord): Promise<number> {
  let deleted = 0;
  const batch = await trashBatch(root.id);
  // descendants first, the root last: an interrupted purge leaves the root listed in the trash to retry
  const descendants = batch.filter((item) => item.id !== root.id);
  for (const chunk of chunks(descendants, 25)) {
    await Promise.all(
      chunk.map(async (item) => {
        const current = await CloudItem.get({ id: item.id }, { consistent: true });
        if (current?.state === 'trashed' && (await deleteForGood(current))) deleted += 1;
      }),
    );
  }
  if (await deleteForGood(root)) deleted += 1;
  return deleted;
}

/** `items` in groups of `size`, for bounded parallel writes. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
