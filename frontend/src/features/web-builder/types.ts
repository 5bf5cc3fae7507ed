import type * as z from 'zod/mini';
import type {
  globalComponent,
  globalComponentStats,
  WebsiteView,
  websiteAsset,
  websiteBackup,
  websiteContent,
  websiteDomain,
} from '#contracts/schemas/websites';

export type Website = WebsiteView;
export type WebsiteContent = z.infer<typeof websiteContent>;
export type GlobalComponent = z.infer<typeof globalComponent>;
export type GlobalComponentStats = z.infer<typeof globalComponentStats>;
export type WebsiteAsset = z.infer<typeof websiteAsset>;
export type WebsiteBackup = z.infer<typeof websiteBackup>;
export type WebsiteDomain = z.infer<typeof websiteDomain>;

/** One page of the saved content (spec §3; docs/website-builder.md). */
export type ContentPage = {
  id: string;
  name: string;
  order: number;
  slug: string;
  components: Record<string, unknown> | unknown[];
  styles: string;
};

export type { SeoFields } from '#contracts/website-blocks';

export interface ThemeSettings {
  primary: string;
  secondary: string;
  text: string;
  background: string;
  font: string;
}

/** The fields PUT /websites/{id} may carry (spec §5). */
export const WEBSITE_UPDATE_FIELDS = [
  'title',
  'status',
  'content',
  'theme_id',
  'settings',
  'preview_url',
  'last_published',
] as const;
export type WebsiteUpdateField = (typeof WEBSITE_UPDATE_FIELDS)[number];
export type WebsiteUpdate = Partial<Pick<Website, WebsiteUpdateField>>;
