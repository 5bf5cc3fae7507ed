import type { CloudItemView } from '#contracts/schemas/cloud';

export type CloudItem = CloudItemView;

export interface CloudPage {
  items: CloudItem[];
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
