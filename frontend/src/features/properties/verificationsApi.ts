import type * as z from 'zod/mini';
import type {
  listingVerifications,
  ownerLinkDetails,
  ownerResponseResult,
} from '#contracts/schemas/verifications';
import { type ApiExtraOptions, api } from '../../app/api.ts';
import type { UploadTicket } from './types.ts';

export type ListingVerifications = z.infer<typeof listingVerifications>;
export type OwnerLinkDetails = z.infer<typeof ownerLinkDetails>;
export type OwnerResponse = z.infer<typeof ownerResponseResult>;

const VERIFICATIONS = 'ListingVerification' as const;
const propertyPath = (id: string) => `api/properties/${encodeURIComponent(id)}`;
/** The owner's page needs no account: its calls carry no token, whoever is signed in in this browser. */
const anonymous: ApiExtraOptions = { anonymous: true };

/**
 * A listing's verifications (issue 20): the agent's view of its deed review and owner confirmation, the
 * deed upload and the owner's link; and the owner's public page. A change answers the new view, which
 * replaces the cached one; the listing itself is read again (its flags may have changed).
 */
export const verificationsApi = api.enhanceEndpoints({ addTagTypes: [VERIFICATIONS] }).injectEndpoints({
  endpoints: (build) => ({
    getListingVerifications: build.query<ListingVerifications, string>({
      query: (id) => `${propertyPath(id)}/verifications`,
      providesTags: (_result, _error, id) => [{ type: VERIFICATIONS, id }],
    }),
    createDeedUploadUrl: build.mutation<UploadTicket, { name: string; size: number; mime_type: string }>({
      query: (body) => ({ url: 'api/uploads', method: 'POST', body: { purpose: 'property-deed', ...body } }),
    }),
    submitDeed: build.mutation<ListingVerifications, { propertyId: string; fileKey: string }>({
      query: ({ propertyId, fileKey }) => ({
        url: `${propertyPath(propertyId)}/verifications/deed`,
        method: 'POST',
        body: { fileKey },
      }),
      async onQueryStarted({ propertyId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(verificationsApi.util.upsertQueryData('getListingVerifications', propertyId, data));
      },
    }),
    requestOwnerConfirmation: build.mutation<
      ListingVerifications,
      { propertyId: string; ownerEmail: string }
    >({
      query: ({ propertyId, ownerEmail }) => ({
        url: `${propertyPath(propertyId)}/verifications/owner`,
        method: 'POST',
        body: { ownerEmail },
      }),
      async onQueryStarted({ propertyId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(verificationsApi.util.upsertQueryData('getListingVerifications', propertyId, data));
      },
    }),
    lookupOwnerConfirmation: build.mutation<OwnerLinkDetails, string>({
      query: (token) => ({ url: 'api/owner-confirmations/lookup', method: 'POST', body: { token } }),
      extraOptions: anonymous,
    }),
    respondOwnerConfirmation: build.mutation<
      OwnerResponse,
      { token: string; decision: 'confirm' | 'decline' }
    >({
      query: (body) => ({ url: 'api/owner-confirmations/respond', method: 'POST', body }),
      extraOptions: anonymous,
    }),
  }),
});

export const {
  useGetListingVerificationsQuery,
  useCreateDeedUploadUrlMutation,
  useSubmitDeedMutation,
  useRequestOwnerConfirmationMutation,
  useLookupOwnerConfirmationMutation,
  useRespondOwnerConfirmationMutation,
} = verificationsApi;
