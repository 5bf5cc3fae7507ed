import { defineEntity } from '#platform/data/entity';

/**
 * The cloud file store's entities. A CloudItem is a file or a folder; its state decides which access
 * patterns (GSIs) it appears in, through derived "gate" attributes that are only set in that state, so a
 * trashed item leaves its folder listing and enters the trash by one conditional Put (every state change
 * rewrites the whole item, guarded by `version`, and the entity layer recomputes every index key).
 *
 *  state      gsi1                        gsi2                       gsi3
 *  pending    —                           —                          pendingUploads (expiry)
 *  active     byFolder (owner, parent)    recent (owner, files only) sharedBy (owner, when shared)
 *  trashed    trash (owner, roots only)   trashBatch (root id)       trashExpiry (roots only)
 *  rejected   —                           —                          pendingUploads (tombstone expiry)
 */

export type CloudItemState = 'pending' | 'active' | 'trashed' | 'rejected';
/**
 * why an upload was refused: over the quota, over 100 MB, never arrived, its folder was deleted for good
 * meanwhile, or its bytes are a web page (HTML, SVG, XML) under the name or type of a picture, PDF, video or
 * sound file (`disguised`)
 */
export type RejectionReason = 'quota' | 'too_large' | 'expired' | 'folder_deleted' | 'disguised';

export interface SharedWith {
  agent_id: string;
  shared_at: string;
}

export interface CloudItemRecord {
  id: string;
  /** the owner */
  agent_id: string;
  name: string;
  type: 'folder' | 'file';
  /** absent at the root */
  parent_folder_id?: string;
  /** the declared type until the upload arrives; then the type its bytes show (`content_type`) */
  mime_type?: string;
  /**
   * the type the file's bytes show (its magic number, functions/platform/file-signatures.ts), read when the
   * upload arrived; absent on files stored before that check, which are served as downloads only
   */
  content_type?: string;
  /** the file name's extension, lower-cased (pdf, jpg…) */
  file_type?: string;
  /** bytes: the confirmed object size (the reservation while pending); 0 for folders */
  size: number;
  /** S3 key of a file's bytes in the files bucket */
  object_key?: string;
  state: CloudItemState;
  shared_with: SharedWith[];
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** optimistic concurrency: every write is conditional on the version it read */
  version: number;
  /** pending: bytes reserved against the quota at presign time */
  reserved_bytes?: number;
  /** pending: when an unconfirmed upload is given up; rejected: when the tombstone is removed */
  upload_expires_at?: string;
  rejection?: RejectionReason;
  /** trashed */
  deleted_at?: string;
  expiry_date?: string;
  /** trashed: the item whose deletion took this one along (itself for what the trash lists) */
  trash_root?: string;
  /** trashed roots: where a restore puts it back (absent: the root folder) */
  restore_parent_id?: string;
  /** trashed roots: what the client sent with the delete (preserveHierarchy and its metadata) */
  trash_info?: Record<string, unknown>;
}

const isTrashRoot = (item: Partial<CloudItemRecord>) =>
  item.state === 'trashed' && item.trash_root !== undefined && item.trash_root === item.id;

export const CloudItem = defineEntity<CloudItemRecord, 'id'>()({
  type: 'cloudItem',
  key: { pk: { prefix: 'CLOUD_ITEM', attributes: ['id'] }, sk: { prefix: 'ITEM' } },
  indexes: {
    /** an owner's active items in one folder (or the root), newest first */
    byFolder: {
      index: 'gsi1',
      pk: { prefix: 'CLOUD_FOLDER', attributes: ['agent_id', 'folder_gate'] },
      sk: { prefix: 'AT', attributes: ['created_at', 'id'] },
    },
    /** an owner's trash: the items deleted by the owner (their descendants come along unlisted) */
    trash: {
      index: 'gsi1',
      pk: { prefix: 'CLOUD_TRASH', attributes: ['agent_id', 'trash_gate'] },
      sk: { prefix: 'AT', attributes: ['deleted_at', 'id'] },
    },
    /** an owner's active files anywhere, newest first (the Recents view) */
    recent: {
      index: 'gsi2',
      pk: { prefix: 'CLOUD_RECENT', attributes: ['agent_id', 'recent_gate'] },
      sk: { prefix: 'AT', attributes: ['created_at', 'id'] },
    },
    /** every item one deletion took to the trash, to restore or purge them together */
    trashBatch: {
      index: 'gsi2',
      pk: { prefix: 'CLOUD_BATCH', attributes: ['batch_gate'] },
      sk: { prefix: 'ITEM', attributes: ['id'] },
    },
    /** an owner's active items shared with someone */
    sharedBy: {
      index: 'gsi3',
      pk: { prefix: 'CLOUD_SHARED_BY', attributes: ['agent_id', 'shared_gate'] },
      sk: { prefix: 'AT', attributes: ['created_at', 'id'] },
    },
    /** trash roots of every owner by expiry date: the scheduled purge reads it oldest first */
    trashExpiry: {
      index: 'gsi3',
      pk: { prefix: 'CLOUD_TRASH_EXPIRY', attributes: ['expiry_gate'] },
      sk: { prefix: 'AT', attributes: ['expiry_date', 'id'] },
    },
    /** unconfirmed uploads and rejection tombstones of every owner by expiry: the purge settles them */
    pendingUploads: {
      index: 'gsi3',
      pk: { prefix: 'CLOUD_PENDING', attributes: ['pending_gate'] },
      sk: { prefix: 'AT', attributes: ['upload_expires_at', 'id'] },
    },
  },
  derived: {
    folder_gate: {
      from: ['state', 'parent_folder_id'],
      compute: (item) => (item.state === 'active' ? (item.parent_folder_id ?? 'ROOT') : undefined),
    },
    trash_gate: {
      from: ['state', 'trash_root'],
      compute: (item) => (isTrashRoot(item) ? 'ROOTS' : undefined),
    },
    recent_gate: {
      from: ['state', 'type'],
      compute: (item) => (item.state === 'active' && item.type === 'file' ? 'FILES' : undefined),
    },
    batch_gate: {
      from: ['state', 'trash_root'],
      compute: (item) => (item.state === 'trashed' ? item.trash_root : undefined),
    },
    shared_gate: {
      from: ['state', 'shared_with'],
      compute: (item) => (item.state === 'active' && item.shared_with?.length ? 'SHARED' : undefined),
    },
    expiry_gate: {
      from: ['state', 'trash_root'],
      compute: (item) => (isTrashRoot(item) ? 'ALL' : undefined),
    },
    pending_gate: {
      from: ['state'],
      compute: (item) => (item.state === 'pending' || item.state === 'rejected' ? 'ALL' : undefined),
    },
  },
});

/**
 * One agent's view of an item shared with it (the "Shared with you" list): written with the share,
 * removed with the unshare or the item's permanent deletion.
 */
export interface CloudShareRecord {
  recipient_id: string;
  item_id: string;
  owner_id: string;
  shared_at: string;
}

export const CloudShare = defineEntity<CloudShareRecord, 'recipient_id' | 'shared_at' | 'item_id'>()({
  type: 'cloudShare',
  key: {
    pk: { prefix: 'AGENT', attributes: ['recipient_id'] },
    sk: { prefix: 'CLOUD_SHARE', attributes: ['shared_at', 'item_id'] },
  },
});

/**
 * A presigned upload of POST /api/uploads (property media, website assets…): the bytes it reserved
 * against the uploader's storage until the object arrives, then the object's size for as long as the
 * object exists (its deletion gives the bytes back).
 */
export interface UploadTicketRecord {
  key: string;
  agent_id: string;
  purpose: string;
  state: 'pending' | 'complete';
  /** reserved bytes while pending, the object's size once complete */
  size: number;
  expires_at: string;
  created_at: string;
}

export const UploadTicket = defineEntity<UploadTicketRecord, 'key'>()({
  type: 'uploadTicket',
  key: { pk: { prefix: 'UPLOAD', attributes: ['key'] }, sk: { prefix: 'TICKET' } },
  indexes: {
    /** pending tickets of every owner by expiry: the purge gives abandoned reservations back */
    pending: {
      index: 'gsi3',
      pk: { prefix: 'UPLOAD_PENDING', attributes: ['pending_gate'] },
      sk: { prefix: 'AT', attributes: ['expires_at', 'key'] },
    },
  },
  derived: {
    pending_gate: { from: ['state'], compute: (ticket) => (ticket.state === 'pending' ? 'ALL' : undefined) },
  },
});
