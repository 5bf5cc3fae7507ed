import { api } from '../../app/api.ts';
import type { CloudItem, CloudPage, CloudSearchPage, StorageSummary } from './types.ts';

/** The cloud endpoints (spec §7 "Cloud" plus confirm and share). Lists page with an opaque cursor. */

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  file: CloudItem;
  expires_at: string;
}

export interface DownloadLink {
  url: string;
  name: string;
  mime_type?: string;
  expires_at: string;
}

export interface DirectoryAgent {
  agent_id: string;
  full_name: string;
  city?: string;
  profile_picture?: string;
}

const itemPath = (id: string) => `cloud/${encodeURIComponent(id)}`;
const withCursor = (path: string, cursor: string) =>
  cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;
const pages = {
  initialPageParam: '',
  getNextPageParam: (last: CloudPage) => last.cursor,
} as const;
const FILES = [{ type: 'CloudFile' as const, id: 'LIST' }];
const FILES_AND_STORAGE = [...FILES, 'Storage' as const];

export const cloudApi = api.injectEndpoints({
  endpoints: (build) => ({
    cloudFiles: build.infiniteQuery<
      CloudPage,
      { view: 'recent' | 'folder'; folderId: string | null },
      string
    >({
      infiniteQueryOptions: pages,
      query: ({ queryArg, pageParam }) =>
        withCursor(
          queryArg.view === 'recent'
            ? 'cloud/files?view=recent'
            : queryArg.folderId
              ? `cloud/files?folderId=${encodeURIComponent(queryArg.folderId)}`
              : 'cloud/files',
          pageParam,
        ),
      providesTags: FILES,
    }),
    /** your files in every folder whose name contains the text (the server folds case and accents) */
    cloudSearch: build.infiniteQuery<CloudSearchPage, string, string>({
      infiniteQueryOptions: pages,
      query: ({ queryArg, pageParam }) =>
        withCursor(`cloud/files?search=${encodeURIComponent(queryArg)}`, pageParam),
      providesTags: FILES,
    }),
    cloudTrash: build.infiniteQuery<CloudPage, void, string>({
      infiniteQueryOptions: pages,
      query: ({ pageParam }) => withCursor('cloud/trash', pageParam),
      providesTags: FILES,
    }),
    cloudShared: build.infiniteQuery<CloudPage, void, string>({
      infiniteQueryOptions: pages,
      query: ({ pageParam }) => withCursor('cloud/shared', pageParam),
      providesTags: FILES,
    }),
    storageSummary: build.query<StorageSummary, void>({
      query: () => 'cloud/storage-summary',
      providesTags: ['Storage'],
    }),
    createFolder: build.mutation<CloudItem, { name: string; parent_folder_id: string | null }>({
      query: (body) => ({ url: 'cloud/folders', method: 'POST', body }),
      invalidatesTags: FILES,
    }),
    updateCloudItem: build.mutation<
      CloudItem,
      { id: string; name?: string; parent_folder_id?: string | null }
    >({
      query: ({ id, ...body }) => ({ url: itemPath(id), method: 'PUT', body }),
      invalidatesTags: FILES,
    }),
    trashCloudItem: build.mutation<
      { items: CloudItem[] },
      { id: string; metadata?: Record<string, unknown> }
    >({
      query: ({ id, metadata }) => ({
        url: itemPath(id),
        method: 'DELETE',
        body: { preserveHierarchy: true, ...(metadata ? { metadata } : {}) },
      }),
      invalidatesTags: FILES_AND_STORAGE,
    }),
    restoreCloudItem: build.mutation<{ restored: number; failed: number; items: CloudItem[] }, string>({
      query: (id) => ({ url: `${itemPath(id)}/restore`, method: 'POST', body: { preserveHierarchy: true } }),
      invalidatesTags: FILES,
    }),
    deleteCloudItemPermanently: build.mutation<{ deleted: number }, string>({
      query: (id) => ({ url: `${itemPath(id)}/permanent`, method: 'DELETE' }),
      invalidatesTags: FILES_AND_STORAGE,
    }),
    emptyTrash: build.mutation<{ deleted: number }, void>({
      query: () => ({ url: 'cloud/trash/empty', method: 'DELETE' }),
      invalidatesTags: FILES_AND_STORAGE,
    }),
    duplicateCloudItem: build.mutation<CloudItem, string>({
      query: (id) => ({ url: `${itemPath(id)}/duplicate`, method: 'POST' }),
      invalidatesTags: FILES_AND_STORAGE,
    }),
    shareCloudItem: build.mutation<CloudItem, { id: string; agentIds: string[] }>({
      query: ({ id, agentIds }) => ({
        url: `${itemPath(id)}/share`,
        method: 'PUT',
        body: { shared_with: agentIds.map((agent_id) => ({ agent_id })) },
      }),
      invalidatesTags: FILES,
    }),
    cloudDownloadLink: build.mutation<DownloadLink, string>({
      query: (id) => ({ url: `${itemPath(id)}/download`, method: 'GET' }),
    }),
    startCloudUpload: build.mutation<
      PresignedUpload,
      { name: string; size: number; mime_type: string; parent_folder_id: string | null }
    >({
      query: (body) => ({ url: 'cloud/upload', method: 'POST', body }),
      invalidatesTags: ['Storage'],
    }),
    confirmCloudUpload: build.mutation<CloudItem, string>({
      query: (id) => ({ url: `${itemPath(id)}/confirm`, method: 'POST' }),
      invalidatesTags: FILES_AND_STORAGE,
    }),
    cancelCloudUpload: build.mutation<unknown, string>({
      query: (id) => ({ url: itemPath(id), method: 'DELETE', body: { preserveHierarchy: true } }),
      invalidatesTags: ['Storage'],
    }),
    /** a recipient's name for the sharing list (kept apart from getAgent, which feeds the visited-agent slice) */
    shareRecipient: build.query<DirectoryAgent, string>({
      query: (id) => `api/agents/${encodeURIComponent(id)}`,
    }),
    searchAgentsToShare: build.query<{ items: DirectoryAgent[] }, string>({
      query: (search) => `api/agents?limit=8${search ? `&search=${encodeURIComponent(search)}` : ''}`,
    }),
  }),
});

export const {
  useCloudFilesInfiniteQuery,
  useCloudSearchInfiniteQuery,
  useCloudTrashInfiniteQuery,
  useCloudSharedInfiniteQuery,
  useStorageSummaryQuery,
  useCreateFolderMutation,
  useUpdateCloudItemMutation,
  useTrashCloudItemMutation,
  useRestoreCloudItemMutation,
  useDeleteCloudItemPermanentlyMutation,
  useEmptyTrashMutation,
  useDuplicateCloudItemMutation,
  useShareCloudItemMutation,
  useCloudDownloadLinkMutation,
  useSearchAgentsToShareQuery,
  useShareRecipientQuery,
} = cloudApi;
