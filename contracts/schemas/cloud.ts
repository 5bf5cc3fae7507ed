import * as z from 'zod/mini';
import { cursor, id, queryInt } from './common.ts';
import { fileName, fileSize, metadataObject, mimeType, presignedPost } from './forms.ts';

/** Days an item stays in the trash before the scheduled purge deletes it (ours; the spec shows expiry_date only). */
export const TRASH_RETENTION_DAYS = 30;

export const sharedWithEntry = z.object({ agent_id: z.string(), shared_at: z.optional(z.string()) });

/** A cloud file or folder (spec §3). `url` is a short-lived presigned GET for files. */
export const cloudItem = z.object({
  id: z.string(),
  file_id: z.optional(z.string()),
  name: z.string(),
  type: z.enum(['folder', 'file']),
  is_folder: z.boolean(),
  file_type: z.optional(z.string()),
  mime_type: z.optional(z.string()),
  parent_folder_id: z.nullable(z.string()),
  url: z.optional(z.string()),
  size: z.number(),
  created_at: z.string(),
  updated_at: z.optional(z.string()),
  shared_with: z.array(sharedWithEntry),
  metadata: z.looseObject({ last_shared: z.optional(z.string()) }),
  /** the owner */
  agent_id: z.string(),
  /** files stay pending between the presigned POST and the confirm call */
  upload_status: z.optional(z.enum(['pending', 'complete'])),
  deleted_at: z.optional(z.string()),
  expiry_date: z.optional(z.string()),
});
export type CloudItemView = z.infer<typeof cloudItem>;

export const cloudItemList = z.object({ items: z.array(cloudItem), cursor: z.optional(z.string()) });

/** One folder of a path: the breadcrumb's entries and a search result's folders. */
export const folderCrumb = z.object({ id: z.string(), name: z.string() });
export type FolderCrumb = z.infer<typeof folderCrumb>;

/**
 * GET /cloud/files: a folder's page carries `path` (the folder and its ancestors from the root, what the
 * breadcrumb shows after a reload); a search's results carry each item's `folder_path` (its folders from
 * the root, empty at the root).
 */
export const cloudFolderList = z.object({
  items: z.array(z.extend(cloudItem, { folder_path: z.optional(z.array(folderCrumb)) })),
  cursor: z.optional(z.string()),
  path: z.optional(z.array(folderCrumb)),
});

const listLimit = queryInt(1, 500, 200);

export const CLOUD_LIST_VIEWS = ['folder', 'recent'] as const;

/** An upload's folder was deleted for good before the file arrived (the file is not kept). */
export const FOLDER_DELETED_MESSAGE = 'The folder this file was uploaded to was deleted';

export const listFilesQuery = z
  .object({
    /** `folder`: one folder's items (root when folderId is absent); `recent`: your files anywhere, newest first */
    view: z._default(z.enum(CLOUD_LIST_VIEWS), 'folder'),
    /** absent = root */
    folderId: z.optional(id),
    /** your files in every folder whose name contains it (case and accents folded); blank = no search */
    search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'must be at most 100 characters'))),
    cursor,
    limit: listLimit,
  })
  .check(
    z.refine((query) => query.view !== 'recent' || query.folderId === undefined, {
      message: 'is not allowed with view=recent',
      path: ['folderId'],
    }),
    z.refine((query) => !query.search || (query.view === 'folder' && query.folderId === undefined), {
      message: 'is not allowed with folderId or view=recent: search looks in every folder',
      path: ['search'],
    }),
  );

export const cloudListQuery = z.object({
  cursor,
  limit: listLimit,
});

/** `null` or absent = root. */
const parentFolderId = z.nullable(id);

export const uploadInput = z.strictObject({
  name: fileName,
  size: fileSize,
  mime_type: mimeType,
  parent_folder_id: z.optional(parentFolderId),
});

/** The presigned POST for the bytes, and the pending item to confirm once the POST succeeded. */
export const uploadStart = z.extend(presignedPost, { file: cloudItem, expires_at: z.string() });

export const storageSummary = z.object({
  usageBytes: z.number(),
  usageGB: z.number(),
  limitBytes: z.number(),
  limitGB: z.number(),
  percentUsed: z.number(),
  tier: z.string(),
});

export const createFolderInput = z.strictObject({
  name: fileName,
  parent_folder_id: z.optional(parentFolderId),
});

export const trashInput = z.strictObject({
  /** keep the item's place in its folder tree so a restore can put it back */
  preserveHierarchy: z._default(z.boolean({ error: 'must be true or false' }), true),
  metadata: z.optional(metadataObject),
});

export const trashResult = z.object({ items: z.array(cloudItem) });

export const updateItemInput = z
  .strictObject({ name: z.optional(fileName), parent_folder_id: z.optional(parentFolderId) })
  .check(
    z.refine(
      (value) => value.name !== undefined || value.parent_folder_id !== undefined,
      'send name or parent_folder_id',
    ),
  );

export const restoreInput = z.strictObject({
  preserveHierarchy: z._default(z.boolean({ error: 'must be true or false' }), true),
  hierarchyInfo: z.optional(metadataObject),
});

/** A folder restores with its descendants; `failed` > 0 shows the partial-restore warning. */
export const restoreResult = z.object({
  restored: z.number(),
  failed: z.number(),
  items: z.array(cloudItem),
});

export const downloadLink = z.object({
  url: z.string(),
  name: z.string(),
  mime_type: z.optional(z.string()),
  expires_at: z.string(),
});

export const deleteResult = z.object({ deleted: z.number() });

/** Replaces the sharing list; an empty list stops sharing. */
export const shareInput = z.strictObject({
  shared_with: z.array(z.strictObject({ agent_id: id })).check(
    z.maxLength(100, 'must have at most 100 agents'),
    z.refine(
      (entries) => new Set(entries.map((entry) => entry.agent_id)).size === entries.length,
      'must list each agent once',
    ),
  ),
});
