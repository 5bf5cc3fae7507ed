import * as z from 'zod';
import { id } from './common.ts';
import { fileName, fileSize, metadataObject, mimeType, presignedPost } from './forms.ts';

/** Days an item stays in the trash before the scheduled purge deletes it (ours; the spec shows expiry_date only). */
export const TRASH_RETENTION_DAYS = 30;

export const sharedWithEntry = z.object({ agent_id: z.string(), shared_at: z.string().optional() });

/** A cloud file or folder (spec §3). `url` is a short-lived presigned GET for files. */
export const cloudItem = z.object({
  id: z.string(),
  file_id: z.string().optional(),
  name: z.string(),
  type: z.enum(['folder', 'file']),
  is_folder: z.boolean(),
  file_type: z.string().optional(),
  mime_type: z.string().optional(),
  parent_folder_id: z.string().nullable(),
  url: z.string().optional(),
  size: z.number(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  shared_with: z.array(sharedWithEntry),
  metadata: z.looseObject({ last_shared: z.string().optional() }),
  /** the owner */
  agent_id: z.string(),
  /** files stay pending between the presigned POST and the confirm call */
  upload_status: z.enum(['pending', 'complete']).optional(),
  deleted_at: z.string().optional(),
  expiry_date: z.string().optional(),
});
export type CloudItemView = z.infer<typeof cloudItem>;

export const cloudItemList = z.object({ items: z.array(cloudItem), cursor: z.string().optional() });

const listLimit = z.coerce.number().int().min(1).max(500).default(200);

export const listFilesQuery = z.object({
  /** absent = root */
  folderId: id.optional(),
  cursor: z.string().max(2048).optional(),
  limit: listLimit,
});

export const cloudListQuery = z.object({
  cursor: z.string().max(2048).optional(),
  limit: listLimit,
});

/** `null` or absent = root. */
const parentFolderId = id.nullable();

export const uploadInput = z
  .object({
    name: fileName,
    size: fileSize,
    mime_type: mimeType,
    parent_folder_id: parentFolderId.optional(),
  })
  .strict();

/** The presigned POST for the bytes, and the pending item to confirm once the POST succeeded. */
export const uploadStart = presignedPost.extend({ file: cloudItem });

export const storageSummary = z.object({
  usageBytes: z.number(),
  usageGB: z.number(),
  limitBytes: z.number(),
  limitGB: z.number(),
  percentUsed: z.number(),
  tier: z.string(),
});

export const createFolderInput = z
  .object({ name: fileName, parent_folder_id: parentFolderId.optional() })
  .strict();

export const trashInput = z
  .object({
    /** keep the item's place in its folder tree so a restore can put it back */
    preserveHierarchy: z.boolean({ error: 'must be true or false' }).default(true),
    metadata: metadataObject.optional(),
  })
  .strict();

export const trashResult = z.object({ items: z.array(cloudItem) });

export const updateItemInput = z
  .object({ name: fileName.optional(), parent_folder_id: parentFolderId.optional() })
  .strict()
  .refine(
    (value) => value.name !== undefined || value.parent_folder_id !== undefined,
    'send name or parent_folder_id',
  );

export const restoreInput = z
  .object({
    preserveHierarchy: z.boolean({ error: 'must be true or false' }).default(true),
    hierarchyInfo: metadataObject.optional(),
  })
  .strict();

/** A folder restores with its descendants; `failed` > 0 shows the partial-restore warning. */
export const restoreResult = z.object({
  restored: z.number(),
  failed: z.number(),
  items: z.array(cloudItem),
});

export const downloadLink = z.object({
  url: z.string(),
  name: z.string(),
  mime_type: z.string().optional(),
  expires_at: z.string(),
});

export const deleteResult = z.object({ deleted: z.number() });

/** Replaces the sharing list; an empty list stops sharing. */
export const shareInput = z
  .object({
    shared_with: z
      .array(z.object({ agent_id: id }).strict())
      .max(100, 'must have at most 100 agents')
      .refine(
        (entries) => new Set(entries.map((entry) => entry.agent_id)).size === entries.length,
        'must list each agent once',
      ),
  })
  .strict();
