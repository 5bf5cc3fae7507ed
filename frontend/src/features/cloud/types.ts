import type { CloudItemView, FolderCrumb } from '#contracts/schemas/cloud';

export type CloudItem = CloudItemView;

export interface CloudPage {
  items: CloudItem[];
  cursor?: string;
  /** a folder's page: the folder and its ancestors from the root (the breadcrumb) */
  path?: FolderCrumb[];
}

/** A search result: the file and the folders it is in, root first (empty at the root). */
export type CloudSearchResult = CloudItem & { folder_path: FolderCrumb[] };

export interface CloudSearchPage {
  items: CloudSearchResult[];
  cursor?: string;
}

export interface StorageSummary {
  usageBytes: number;
  usageGB: number;
  limitBytes: number;
  limitGB: number;
  percentUsed: number;
  tier: string;
}

export type CloudView = 'recent' | 'folder' | 'shared' | 'trash';
