import { useMemo } from 'react';
import type * as z from 'zod/mini';
import { type DealStage, FINAL_DEAL_STAGES } from '#contracts/deals';
import type { dealsRoutes } from '#contracts/routes/deals';
import type { DealCreateInput, DealTimelineEntryView, DealView } from '#contracts/schemas/deals';
import { api } from '../../app/api.ts';

/** The deals endpoints (issue 22). Types and the zod-free stage table from the contracts, so this module costs other pages little. */
export type Deal = DealView;
export type DealDetail = z.infer<(typeof dealsRoutes)['getDeal']['response']>;
export type DealTimelineEntry = DealTimelineEntryView;
type DealPage = z.infer<(typeof dealsRoutes)['listDeals']['response']>;
export type NewDeal = Omit<DealCreateInput, 'shared_fields'> &
  Partial<Pick<DealCreateInput, 'shared_fields'>>;

/** The caller's open deals as choices for an agenda event (listing and client), newest first. */
export function useOpenDealOptions() {
  const deals = dealsApi.useListDealsInfiniteQuery();
  const options = useMemo(
    () =>
      (deals.data?.pages ?? [])
        .flatMap((page) => page.items)
        .filter((deal) => !FINAL_DEAL_STAGES.includes(deal.status))
        .map((deal) => ({
          deal_id: deal.deal_id,
          label: `${deal.listing.title} · ${deal.client.full_name}`,
        })),
    [deals.data],
  );
  return { options, isLoading: deals.isLoading, isError: deals.isError };
}

/** Deals a page of the list loads at once. */
export const DEAL_PAGE_SIZE = 25;

const dealPath = (id: string) => `api/deals/${encodeURIComponent(id)}`;
const LIST = { type: 'Deal', id: 'LIST' } as const;
const dealTag = (id: string) => ({ type: 'Deal', id }) as const;

/**
 * What a changed deal makes stale: the deal, the lists, and once it closed, the agent records and
 * reputations whose verified-deal counts the awarder raises.
 */
const changedDealTags = (deal: Deal | undefined, id: string) =>
  deal
    ? [
        dealTag(id),
        LIST,
        ...(deal.status === 'closed' ? (['Agent', 'Reputation'] as const) : []),
        // an ended deal no longer shows on its client's match ("Propose deal" again)
        ...(FINAL_DEAL_STAGES.includes(deal.status) ? (['Match'] as const) : []),
      ]
    : [dealTag(id)];

export const dealsApi = api.enhanceEndpoints({ addTagTypes: ['Deal', 'Match'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/deals: both sides' deals, newest first, page after page (cursor) */
    listDeals: build.infiniteQuery<DealPage, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.cursor,
      },
      query: ({ pageParam }) => ({
        url: 'api/deals',
        params: { limit: DEAL_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: [LIST],
    }),
    /** GET /api/deals/{id}: the deal with its timeline (oldest first) */
    getDeal: build.query<DealDetail, string>({
      query: (id) => dealPath(id),
      providesTags: (_result, _error, id) => [dealTag(id)],
    }),
    createDeal: build.mutation<Deal, NewDeal>({
      query: (body) => ({ url: 'api/deals', method: 'POST', body }),
      // the client's match now names the deal ("View deal")
      invalidatesTags: (result) => (result ? [LIST, 'Notification', 'Match'] : []),
    }),
    moveDeal: build.mutation<Deal, { id: string; status: DealStage }>({
      query: ({ id, status }) => ({ url: dealPath(id), method: 'PUT', body: { status } }),
      // a refused move (409) may mean the other agent moved first: read the deal again
      invalidatesTags: (result, _error, { id }) => changedDealTags(result, id),
    }),
    addDealNote: build.mutation<DealTimelineEntry, { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `${dealPath(id)}/notes`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, _error, { id }) => [dealTag(id)],
    }),
    confirmDealClose: build.mutation<Deal, string>({
      query: (id) => ({ url: `${dealPath(id)}/confirm-close`, method: 'POST' }),
      invalidatesTags: (result, _error, id) => changedDealTags(result, id),
    }),
  }),
});

export const {
  useListDealsInfiniteQuery,
  useGetDealQuery,
  useCreateDealMutation,
  useMoveDealMutation,
  useAddDealNoteMutation,
  useConfirmDealCloseMutation,
} = dealsApi;
