import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { type ApiExtraOptions, api } from '../../app/api.ts';
import type { RootState } from '../../app/store.ts';
import { WEBSITES } from '../templates/api.ts';
import { MAX_SAVE_REQUEST_BYTES, saveRequestOf, tooLargeMessage } from './saveRequest.ts';
import type {
  GlobalComponent,
  GlobalComponentStats,
  Website,
  WebsiteAsset,
  WebsiteBackup,
  WebsiteDomain,
  WebsiteUpdate,
} from './types.ts';

/** The website endpoints (spec §7 "Websites"; contracts/routes/websites.ts, website-domains.ts). */

export const TOKEN_MISSING = 'Authentication token is missing';
export const AGENT_ID_MISSING = 'Agent ID is missing';

const websitePath = (id: string) => `websites/${encodeURIComponent(id)}`;
const one = (id: string) => ({ type: 'Website' as const, id });

/**
 * A website with the ETag naming its revision: each save sends it back as If-Match, so a save made from a
 * copy someone else has saved over since is refused (412) instead of silently overwriting theirs.
 */
export interface VersionedWebsite {
  website: Website;
  /** null when the answer carried none (the save then goes without If-Match) */
  etag: string | null;
}

/** The ETag header of an answer (the base query's meta is fetchBaseQuery's). */
const etagOf = (meta: unknown) =>
  (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('ETag') ?? null;

/** Whether a failed save was refused because the website changed elsewhere since its ETag (412). */
export const isStaleSave = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 412;

export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresAt: string;
}

export const websitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** spec §5: the list needs a token and an agent id, else says which is missing */
    listWebsites: build.query<{ items: Website[] }, void>({
      async queryFn(_arg, queryApi, _extraOptions, baseQuery) {
        const { token, agentId } = (queryApi.getState() as RootState).auth;
        if (!token) return { error: { status: 'CUSTOM_ERROR', error: TOKEN_MISSING } as FetchBaseQueryError };
        if (!agentId)
          return { error: { status: 'CUSTOM_ERROR', error: AGENT_ID_MISSING } as FetchBaseQueryError };
        const result = await baseQuery({ url: 'websites', params: { agent_id: agentId } });
        return result.error ? { error: result.error } : { data: result.data as { items: Website[] } };
      },
      providesTags: [WEBSITES],
    }),
    getWebsite: build.query<VersionedWebsite, string>({
      query: websitePath,
      transformResponse: (website: Website, meta) => ({ website, etag: etagOf(meta) }),
      providesTags: (_result, _error, id) => [one(id)],
    }),
    /**
     * The ETag of the website's current revision, read afresh (a mutation: nothing cached, and the editor's
     * own `getWebsite` is not refetched under it)
     */
    /** The website as saved now, read afresh for the conflict dialog's comparison (nothing cached). */
    getLatestWebsite: build.mutation<Website, string>({ query: websitePath }),
    getWebsiteEtag: build.mutation<string | null, string>({
      query: websitePath,
      transformResponse: (_website: unknown, meta) => etagOf(meta),
    }),
    /**
     * Sent compressed (saveRequest.ts); a save too large to arrive is refused here with a clear message.
     * With `etag` it goes with If-Match (412 when the website changed since: see `isStaleSave`).
     */
    updateWebsite: build.mutation<
      VersionedWebsite,
      { id: string; body: WebsiteUpdate; etag?: string | null }
    >({
      async queryFn({ id, body, etag }, _queryApi, _extraOptions, baseQuery) {
        const request = await saveRequestOf(body);
        if (request.size > MAX_SAVE_REQUEST_BYTES)
          return {
            error: { status: 413, data: { error: tooLargeMessage(request.size) } } as FetchBaseQueryError,
          };
        const result = await baseQuery({
          url: websitePath(id),
          method: 'PUT',
          body: request.body,
          headers: etag ? { ...request.headers, 'If-Match': etag } : request.headers,
        });
        return result.error
          ? { error: result.error }
          : { data: { website: result.data as Website, etag: etagOf(result.meta) } };
      },
      invalidatesTags: [WEBSITES],
    }),
    deleteWebsite: build.mutation<Website, string>({
      query: (id) => ({ url: websitePath(id), method: 'DELETE' }),
      invalidatesTags: [WEBSITES, { type: 'FeatureLimit', id: 'websites' }],
    }),
    recoverWebsite: build.mutation<Website, string>({
      query: (id) => ({ url: `${websitePath(id)}/recover`, method: 'POST' }),
      invalidatesTags: [WEBSITES, { type: 'FeatureLimit', id: 'websites' }],
    }),
    publishWebsite: build.mutation<Website, string>({
      query: (id) => ({ url: `${websitePath(id)}/publish`, method: 'POST' }),
      invalidatesTags: [WEBSITES],
    }),
    unpublishWebsite: build.mutation<Website, string>({
      query: (id) => ({ url: `${websitePath(id)}/unpublish`, method: 'POST' }),
      invalidatesTags: [WEBSITES],
    }),
    /** every page and the home page are regenerated (spec §4) */
    forceContent: build.mutation<unknown, string>({
      query: (id) => ({
        url: `website-domains/force-content/${encodeURIComponent(id)}`,
        method: 'POST',
        body: { allPages: true, forcePublished: false },
      }),
    }),
    getGlobalComponents: build.query<
      { globalComponents: GlobalComponent[]; globalComponentStats: GlobalComponentStats },
      string
    >({
      query: (id) => `${websitePath(id)}/global-components`,
      providesTags: (_result, _error, id) => [{ type: 'Website', id: `GLOBAL-${id}` }],
    }),
    listAssets: build.query<{ items: WebsiteAsset[] }, string>({
      query: (id) => `${websitePath(id)}/assets`,
    }),
    createAssetUploadUrl: build.mutation<
      UploadTicket,
      { purpose: 'website-asset'; name: string; size: number; mime_type: string }
    >({
      query: (body) => ({ url: 'api/uploads', method: 'POST', body }),
    }),
    addAssets: build.mutation<{ items: WebsiteAsset[] }, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `${websitePath(id)}/assets`, method: 'POST', body }),
    }),
    deleteAsset: build.mutation<unknown, { id: string; assetId: string }>({
      query: ({ id, assetId }) => ({
        url: `${websitePath(id)}/assets/${encodeURIComponent(assetId)}`,
        method: 'DELETE',
      }),
    }),
    listBackups: build.query<{ items: WebsiteBackup[] }, string>({
      query: (id) => `${websitePath(id)}/backups`,
      providesTags: (_result, _error, id) => [{ type: 'Website', id: `BACKUPS-${id}` }],
    }),
    createBackup: build.mutation<WebsiteBackup, string>({
      query: (id) => ({ url: `${websitePath(id)}/backups`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Website', id: `BACKUPS-${id}` }],
    }),
    restoreBackup: build.mutation<Website, { id: string; backupId: string }>({
      query: ({ id, backupId }) => ({
        url: `${websitePath(id)}/backups/${encodeURIComponent(backupId)}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Website', id: `BACKUPS-${id}` }, WEBSITES],
    }),
    setCustomDomain: build.mutation<WebsiteDomain, { website_id: string; domain: string }>({
      query: (body) => ({ url: 'website-domains/custom-domain', method: 'POST', body }),
      invalidatesTags: [WEBSITES],
    }),
    /** spec §7: no Authorization header and a same-origin path; the token cookie authenticates it */
    setupDomain: build.mutation<WebsiteDomain, { websiteId: string; businessName: string }>({
      query: (body) => ({
        url: 'api/website-domains/setup',
        method: 'POST',
        body,
        credentials: 'same-origin',
      }),
      extraOptions: { anonymous: true } satisfies ApiExtraOptions,
      invalidatesTags: [WEBSITES],
    }),
  }),
});

export const {
  useListWebsitesQuery,
  useLazyGetWebsiteQuery,
  useGetLatestWebsiteMutation,
  useGetWebsiteEtagMutation,
  useUpdateWebsiteMutation,
  useDeleteWebsiteMutation,
  useRecoverWebsiteMutation,
  usePublishWebsiteMutation,
  useUnpublishWebsiteMutation,
  useForceContentMutation,
  useLazyGetGlobalComponentsQuery,
  useLazyListAssetsQuery,
  useCreateAssetUploadUrlMutation,
  useAddAssetsMutation,
  useDeleteAssetMutation,
  useListBackupsQuery,
  useCreateBackupMutation,
  useRestoreBackupMutation,
  useSetCustomDomainMutation,
  useSetupDomainMutation,
} = websitesApi;
