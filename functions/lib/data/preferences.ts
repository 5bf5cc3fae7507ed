import { defineEntity } from './entity.ts';

/**
 * The brand colours of an agency (or of an agent without one: its agent id is the owner). Kept apart from
 * the Agency item so `POST /api/brand-colors` is a plain upsert that cannot touch the agency's fields.
 */
export interface BrandColorsItem {
  owner_id: string;
  color1: string;
  color2: string;
  updated_at: string;
}

export const BrandColors = defineEntity<BrandColorsItem, 'owner_id', 'updated_at'>({
  type: 'brandColors',
  key: { pk: { prefix: 'OWNER', attributes: ['owner_id'] }, sk: { prefix: 'BRAND_COLORS' } },
  defaults: () => ({ updated_at: new Date().toISOString() }),
});
