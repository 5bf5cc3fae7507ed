import type { WebsiteView } from '#contracts/schemas/websites';
import { api } from '../../app/api.ts';

/**
 * Website templates (GET/POST /api/website-templates, DELETE /api/website-templates/{id}) and the website
 * creation both the Templates screen and the website list use. It lives here, not in web-builder, because
 * the Templates route must not load the editor's folder (tests/budgets/frontend-size.ts).
 */
export interface WebsiteTemplate {
  id: string;
  name: string;
  description?: string;
  /** the template's preview picture */
  preview_image?: string;
  /** built-in templates have none; the agent's own carry their agent id */
  agent_id?: string | null;
  built_in?: boolean;
  created_at?: string;
}

export interface TemplateList {
  items: WebsiteTemplate[];
}

export const TEMPLATES = { type: 'Website', id: 'TEMPLATES' } as const;
export const WEBSITES = { type: 'Website', id: 'LIST' } as const;

/** Built-in (shipped with the product) unless it belongs to an agent. */
export const isBuiltIn = (template: WebsiteTemplate) => template.built_in ?? !template.agent_id;

/** The picture of a template under any of the names the API may give it. */
export function templatePreview(template: WebsiteTemplate): string | undefined {
  const record = template as unknown as Record<string, unknown>;
  const value = record.preview_image ?? record.previewImage ?? record.thumbnail ?? record.preview_url;
  return typeof value === 'string' ? value : undefined;
}

export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTemplates: build.query<TemplateList, void>({
      query: () => 'api/website-templates',
      providesTags: [TEMPLATES],
    }),
    createTemplate: build.mutation<
      WebsiteTemplate,
      { website_id: string; name: string; description?: string }
    >({
      query: (body) => ({ url: 'api/website-templates', method: 'POST', body }),
      invalidatesTags: [TEMPLATES],
    }),
    deleteTemplate: build.mutation<unknown, string>({
      query: (id) => ({ url: `api/website-templates/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [TEMPLATES],
    }),
    /** POST /websites: a blank draft, or one started from a template */
    createWebsite: build.mutation<WebsiteView, { name: string; title?: string; template_id?: string }>({
      query: (body) => ({ url: 'websites', method: 'POST', body }),
      invalidatesTags: [WEBSITES, { type: 'FeatureLimit', id: 'websites' }],
    }),
  }),
});

export const {
  useListTemplatesQuery,
  useCreateTemplateMutation,
  useDeleteTemplateMutation,
  useCreateWebsiteMutation,
} = templatesApi;
