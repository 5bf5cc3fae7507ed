import type { TypedMutationOnQueryStarted } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { api, type baseQuery } from '../../app/api.ts';
import { SAVED_PROPERTIES_PATH } from '../../app/apiPaths.ts';
import { awardExpected } from '../reputation/awardExpected.ts';
import { type ListPropertiesArgs, listPropertiesRequest } from './listRequests.ts';
import type {
  AddPropertyResult,
  Property,
  PropertyMediaList,
  PropertyPage,
  SavedPropertiesPage,
  SavedPropertyIds,
  UploadTicket,
} from './types.ts';

/**
 * The property endpoints (spec §7 "Properties" plus one property, saved properties and presigned uploads).
 * Bodies of the multipart routes are FormData built by the screens (fields as text, photos as `fileKeys`).
 */

export type SearchParams = Record<string, string | number>;

const propertyPath = (id: string) => `api/properties/${encodeURIComponent(id)}`;
const LIST = { type: 'Property', id: 'LIST' } as const;
const SAVED = { type: 'SavedProperty', id: 'LIST' } as const;

export interface SavedPageArgs {
  page: number;
  limit: number;
}

export const propertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProperty: build.query<Property, string>({
      query: propertyPath,
      providesTags: (_result, _error, id) => [{ type: 'Property', id }],
    }),
    /** GET /api/properties: the network's listings, or one agent's (agent_id), a page at a time */
    listProperties: build.query<PropertyPage, ListPropertiesArgs>({
      query: listPropertiesRequest,
      providesTags: [LIST],
    }),
    /** GET /api/properties/search: 404 means none found (the list shows its no-results state) */
    searchProperties: build.query<PropertyPage, SearchParams>({
      query: (params) => ({ url: 'api/properties/search', params }),
      providesTags: [LIST],
      keepUnusedDataFor: 30,
    }),
    createUploadUrl: build.mutation<
      UploadTicket,
      { purpose: 'property-media'; name: string; size: number; mime_type: string }
    >({
      query: (body) => ({ url: 'api/uploads', method: 'POST', body }),
    }),
    addProperty: build.mutation<AddPropertyResult, FormData>({
      query: (body) => ({ url: 'api/addProperty', method: 'POST', body }),
      invalidatesTags: [LIST, { type: 'FeatureLimit', id: 'properties' }, 'Reputation'],
      // the awarder answers it on the bus: its notification is asked for soon
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(awardExpected());
      },
    }),
    updateProperty: build.mutation<Property, { id: string; body: FormData }>({
      query: ({ id, body }) => ({
        url: `api/properties/updateProperty/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Property', id }, 'Reputation'],
      // the awarder answers it on the bus: its notification is asked for soon
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(awardExpected());
      },
    }),
    uploadPropertyImages: build.mutation<PropertyMediaList, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `${propertyPath(id)}/uploadImages`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Property', id }],
    }),
    /** spec §4 "Image reorder": shown at once, put back if the server refuses */
    reorderPropertyImages: build.mutation<PropertyMediaList, { id: string; imageOrder: string[] }>({
      query: ({ id, imageOrder }) => ({
        url: `${propertyPath(id)}/image-order`,
        method: 'PUT',
        body: { imageOrder },
      }),
      async onQueryStarted({ id, imageOrder }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          propertiesApi.util.updateQueryData('getProperty', id, (property) => {
            const byUrl = new Map(property.media.map((item) => [item.url, item]));
            if (imageOrder.every((url) => byUrl.has(url))) {
              property.media = imageOrder.map((url) => byUrl.get(url)!);
              property.imageOrder = [...imageOrder];
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: [LIST],
    }),
    savedProperties: build.query<SavedPropertiesPage, SavedPageArgs>({
      query: (params) => ({ url: SAVED_PROPERTIES_PATH, params }),
      providesTags: [SAVED],
    }),
    saveProperty: build.mutation<SavedPropertyIds, string>({
      query: (id) => ({ url: `api/saved-properties/${encodeURIComponent(id)}`, method: 'PUT' }),
      onQueryStarted: followSavedChange(true),
      invalidatesTags: [SAVED],
    }),
    unsaveProperty: build.mutation<SavedPropertyIds, string>({
      query: (id) => ({ url: `api/saved-properties/${encodeURIComponent(id)}`, method: 'DELETE' }),
      onQueryStarted: followSavedChange(false),
      invalidatesTags: [SAVED],
    }),
  }),
});

/** Whether a request succeeded (its failure is the screen's to show). */
function succeeded(queryFulfilled: Promise<unknown>) {
  return queryFulfilled.then(
    () => true,
    () => false,
  );
}

/**
 * Spec §4 saved state in the cache: saving puts the id first in every cached saved list unless it is
 * there, unsaving takes it out, at once; the answer's ids replace them, a refusal puts them back. The
 * mutation's tag then refreshes the pages (spec: a refresh request, cleared by the fetch).
 */
function followSavedChange(
  saved: boolean,
): TypedMutationOnQueryStarted<SavedPropertyIds, string, typeof baseQuery> {
  return async (id, { dispatch, getState, queryFulfilled }) => {
    const setIds = (arg: SavedPageArgs, ids: (current: string[]) => string[]) =>
      dispatch(
        propertiesApi.util.updateQueryData('savedProperties', arg, (list) => {
          list.savedProperties = ids(list.savedProperties);
        }),
      );
    const cached = () => propertiesApi.util.selectCachedArgsForQuery(getState(), 'savedProperties');
    const patches = cached().map((arg) =>
      setIds(arg, (ids) =>
        saved ? (ids.includes(id) ? ids : [id, ...ids]) : ids.filter((other) => other !== id),
      ),
    );
    const answer = await queryFulfilled.catch(() => null);
    if (!answer) {
      for (const patch of patches) patch.undo();
      return;
    }
    for (const arg of cached()) setIds(arg, () => answer.data.savedProperties);
  };
}

export const {
  useGetPropertyQuery,
  useListPropertiesQuery,
  useLazySearchPropertiesQuery,
  useCreateUploadUrlMutation,
  useAddPropertyMutation,
  useUpdatePropertyMutation,
  useUploadPropertyImagesMutation,
  useReorderPropertyImagesMutation,
  useSavedPropertiesQuery,
  useSavePropertyMutation,
  useUnsavePropertyMutation,
} = propertiesApi;

export interface PropertyOption {
  property_id: string;
  title: string;
}

/** The most listings a picker offers (newest first): one page of the list route. */
const PICKER_LIMIT = 100;

/** The agent's own listings as choices for a picker (the agenda links an event to one). */
export function usePropertyOptions(agentId: string) {
  const query = useListPropertiesQuery({ agentId, page: 1, limit: PICKER_LIMIT }, { skip: !agentId });
  const options = useMemo<PropertyOption[]>(
    () => (query.data?.items ?? []).map(({ property_id, title }) => ({ property_id, title })),
    [query.data],
  );
  return { options, isLoading: query.isLoading, isError: query.isError };
}
