import type * as z from 'zod/mini';
import type { deedDocumentLink, deedReviewQueue, deedReviewResult } from '#contracts/schemas/verifications';
import { api } from '../../app/api.ts';

export type DeedReviewQueue = z.infer<typeof deedReviewQueue>;
export type DeedReview = DeedReviewQueue['items'][number];
export type DeedDocumentLink = z.infer<typeof deedDocumentLink>;
export type DeedReviewResult = z.infer<typeof deedReviewResult>;

const QUEUE = { type: 'DeedReview' as const, id: 'QUEUE' };

/**
 * The deed review queue of EstateNet's support staff (issue 20): the deeds waiting, a short-lived download
 * of each, and the decision. To anyone else every route is a 404.
 */
export const deedReviewsApi = api.enhanceEndpoints({ addTagTypes: ['DeedReview'] }).injectEndpoints({
  endpoints: (build) => ({
    listDeedReviews: build.query<DeedReviewQueue, void>({
      query: () => 'api/support/deed-reviews',
      providesTags: [QUEUE],
    }),
    /** asked when the reviewer opens the deed: the link lives a few minutes */
    getDeedDocument: build.mutation<DeedDocumentLink, string>({
      query: (propertyId) => `api/support/deed-reviews/${encodeURIComponent(propertyId)}/document`,
    }),
    reviewDeed: build.mutation<
      DeedReviewResult,
      { propertyId: string; submissionId: string; decision: 'approve' | 'reject'; reason?: string }
    >({
      query: ({ propertyId, ...body }) => ({
        url: `api/support/deed-reviews/${encodeURIComponent(propertyId)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [QUEUE],
    }),
  }),
});

export const { useListDeedReviewsQuery, useGetDeedDocumentMutation, useReviewDeedMutation } = deedReviewsApi;
