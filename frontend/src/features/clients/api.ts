import { useMemo } from 'react';
import type * as z from 'zod/mini';
import type { ColumnPreference } from '#contracts/client-values';
import type { clientsRoutes } from '#contracts/routes/clients';
import type {
  ClientActivityView,
  ClientCreateInput,
  ClientListView,
  ClientTablePreferencesView,
  ClientUpdateInput,
  ClientView,
} from '#contracts/schemas/clients';
import type { MatchListView } from '#contracts/schemas/matches';
import type { PendingLeadListView, PendingLeadView } from '#contracts/schemas/pending-leads';
import { api } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { type AuthRoot, selectAgencyId } from '../auth/authSlice.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  clientLimitPrompt,
  FEATURE_LIMIT_REACHED,
  isClientLimitError,
  type LimitBody,
} from './clientLimit.ts';
import { clientsErrorSet } from './clientsSlice.ts';

export { clientLimitPrompt, FEATURE_LIMIT_REACHED, isClientLimitError };

/**
 * The clients endpoints (spec §7 "Clients" plus the activity trail). Types only from the contracts; loaded
 * with the clients screen. A change shows in the cached book as soon as it is answered (the book's tag then
 * refreshes it), and a failure is the slice's `error`.
 */
export type Client = ClientView;
export type ClientAgent = ClientListView['agents'][number];
export type ClientActivity = ClientActivityView;
export type ClientTablePreferences = ClientTablePreferencesView;
export type NewClient = ClientCreateInput;
export type ClientPatch = ClientUpdateInput;
export type PendingLead = PendingLeadView;
type ActivityPage = z.infer<(typeof clientsRoutes)['listClientActivity']['response']>;

/** Whose book to list: the agency's (every member sees it) or, without an agency, the agent's own. */
export interface ClientBookArg {
  agencyId: string | null;
}

/** The server's page size for the table: most books arrive in one request. */
export const CLIENT_PAGE_SIZE = 500;

const clientPath = (id: string) => `api/clients/${encodeURIComponent(id)}`;
const LIST = { type: 'Client', id: 'LIST' } as const;
const PENDING = { type: 'Client', id: 'PENDING_LEADS' } as const;
/** What adding a waiting lead makes stale: the waiting list, the book and the clients usage. */
const ADDED_LEAD_TAGS = [PENDING, LIST, { type: 'FeatureLimit', id: 'clients' }] as const;
/** The most waiting leads the panel loads at once (the server's page size for them). */
export const PENDING_LEADS_PAGE_SIZE = 200;

/** Opens the limit prompt when a request answered the clients 403 `Feature limit reached`. */
async function promptAtClientLimit(
  queryFulfilled: Promise<unknown>,
  dispatch: (action: ReturnType<typeof clientLimitPrompt>) => unknown,
) {
  try {
    await queryFulfilled;
  } catch (failure) {
    const { error } = failure as { error?: { data?: LimitBody } };
    if (!isClientLimitError(error)) return;
    const count = (value: unknown) => (typeof value === 'number' ? value : undefined);
    dispatch(clientLimitPrompt(count(error?.data?.current), count(error?.data?.maximum)));
  }
}

const CLIENTS_FAILED = 'Something went wrong with your clients. Please try again.';

type ErrorDispatch = (action: ReturnType<typeof clientsErrorSet>) => unknown;

/** The request's outcome as the clients state's `error`: cleared by an answer, set by a failure. */
async function recordOutcome(queryFulfilled: Promise<unknown>, dispatch: ErrorDispatch): Promise<boolean> {
  try {
    await queryFulfilled;
    dispatch(clientsErrorSet(null));
    return true;
  } catch (failure) {
    const { error } = failure as { error?: unknown };
    dispatch(
      clientsErrorSet(
        isClientLimitError(error) ? FEATURE_LIMIT_REACHED : apiErrorMessage(error, CLIENTS_FAILED),
      ),
    );
    return false;
  }
}

/** The signed-in agent's book, as the screen asks for it. */
const bookArgOf = (getState: () => unknown): ClientBookArg => ({
  agencyId: (getState() as AuthRoot).auth.agencyId ?? null,
});

/** What a batch of imported clients makes stale: the book and the clients usage. */
export const IMPORTED_TAGS = [LIST, { type: 'FeatureLimit', id: 'clients' }] as const;

export const clientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/clients, page after page (cursor); the table loads the whole book */
    listClients: build.infiniteQuery<ClientListView, ClientBookArg, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'api/clients',
        params: {
          limit: CLIENT_PAGE_SIZE,
          ...(queryArg.agencyId ? { agencyId: queryArg.agencyId } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      providesTags: [LIST],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => void recordOutcome(queryFulfilled, dispatch),
    }),
    createClient: build.mutation<Client, NewClient>({
      query: (body) => ({ url: 'api/clients', method: 'POST', body }),
      invalidatesTags: [LIST, { type: 'FeatureLimit', id: 'clients' }],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        void promptAtClientLimit(queryFulfilled, dispatch);
        if (!(await recordOutcome(queryFulfilled, dispatch))) return;
        const { data } = await queryFulfilled;
        dispatch(editBook(getState, (pages) => pages[0]?.items.unshift(data)));
      },
    }),
    /** POST /api/clients for one CSV row: the list and the usage are refreshed once, after the import */
    importClient: build.mutation<Client, NewClient>({
      query: (body) => ({ url: 'api/clients', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(editBook(getState, (pages) => pages[0]?.items.unshift(answer.data)));
      },
    }),
    updateClient: build.mutation<Client, { id: string; patch: ClientPatch }>({
      query: ({ id, patch }) => ({ url: clientPath(id), method: 'PUT', body: patch }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Client', id: `activity-${id}` }],
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        if (!(await recordOutcome(queryFulfilled, dispatch))) return;
        const { data } = await queryFulfilled;
        dispatch(
          editBook(getState, (pages) => {
            for (const page of pages) {
              const index = page.items.findIndex((client) => client.client_id === data.client_id);
              if (index >= 0) page.items[index] = data;
            }
          }),
        );
      },
    }),
    deleteClient: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: clientPath(id), method: 'DELETE' }),
      invalidatesTags: [LIST, { type: 'FeatureLimit', id: 'clients' }],
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        if (!(await recordOutcome(queryFulfilled, dispatch))) return;
        dispatch(
          editBook(getState, (pages) => {
            for (const page of pages) page.items = page.items.filter((client) => client.client_id !== id);
          }),
        );
      },
    }),
    /** GET /api/clients/{id}/activity, newest first, a page at a time */
    listClientActivity: build.infiniteQuery<ActivityPage, string, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `${clientPath(queryArg)}/activity`,
        params: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: (_result, _error, id) => [{ type: 'Client', id: `activity-${id}` }],
    }),
    /** GET /api/pending-leads: the website leads waiting to become clients, oldest first */
    listPendingLeads: build.query<PendingLeadListView, void>({
      query: () => ({ url: 'api/pending-leads', params: { limit: PENDING_LEADS_PAGE_SIZE } }),
      providesTags: [PENDING],
    }),
    acceptPendingLead: build.mutation<Client, string>({
      query: (id) => ({ url: `api/pending-leads/${encodeURIComponent(id)}/accept`, method: 'POST' }),
      invalidatesTags: [...ADDED_LEAD_TAGS],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => promptAtClientLimit(queryFulfilled, dispatch),
    }),
    /** "Add all": as many waiting leads as the plan has room for, oldest first */
    acceptPendingLeads: build.mutation<{ accepted: number; remaining: number }, void>({
      query: () => ({ url: 'api/pending-leads/accept', method: 'POST' }),
      invalidatesTags: [...ADDED_LEAD_TAGS],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => promptAtClientLimit(queryFulfilled, dispatch),
    }),
    dismissPendingLead: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `api/pending-leads/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [PENDING],
    }),
    dismissPendingLeads: build.mutation<{ dismissed: number }, void>({
      query: () => ({ url: 'api/pending-leads', method: 'DELETE' }),
      invalidatesTags: [PENDING],
    }),
    getClientTablePreferences: build.query<ClientTablePreferences, string>({
      query: (agentId) => `api/client-table-preferences/${encodeURIComponent(agentId)}`,
      providesTags: (_result, _error, agentId) => [{ type: 'Preference', id: `client-table-${agentId}` }],
    }),
    updateClientTablePreferences: build.mutation<
      ClientTablePreferences,
      { agentId: string; columnPreferences: ColumnPreference[] }
    >({
      query: ({ agentId, columnPreferences }) => ({
        url: `api/update-client-table-preferences/${encodeURIComponent(agentId)}`,
        method: 'PUT',
        body: { columnPreferences },
      }),
    }),
  }),
});

/** An edit of the signed-in agent's cached book, page by page. */
function editBook(getState: () => unknown, edit: (pages: ClientListView[]) => void) {
  return clientsApi.util.updateQueryData('listClients', bookArgOf(getState), (book) => {
    edit(book.pages);
  });
}

export const {
  useListClientsInfiniteQuery,
  useCreateClientMutation,
  useImportClientMutation,
  useUpdateClientMutation,
  useDeleteClientMutation,
  useListClientActivityInfiniteQuery,
  useGetClientTablePreferencesQuery,
  useUpdateClientTablePreferencesMutation,
  useListPendingLeadsQuery,
  useAcceptPendingLeadMutation,
  useAcceptPendingLeadsMutation,
  useDismissPendingLeadMutation,
  useDismissPendingLeadsMutation,
} = clientsApi;

/** The book the signed-in agent works in: its agency's, or its own without an agency. */
export function useClientBookArg(): ClientBookArg {
  const agencyId = useAppSelector(selectAgencyId);
  return useMemo(() => ({ agencyId: agencyId ?? null }), [agencyId]);
}

export interface ClientOption {
  client_id: string;
  full_name: string;
}

/**
 * Clients for pickers (an agenda event's client, ...): the first page of the signed-in agent's book (up to
 * 500, newest first), as id and name, sorted by name.
 */
export function useClientOptions() {
  const arg = useClientBookArg();
  const query = useListClientsInfiniteQuery(arg);
  const options = useMemo<ClientOption[]>(
    () =>
      (query.data?.pages ?? [])
        .flatMap((page) => page.items)
        .map((client) => ({ client_id: client.client_id, full_name: client.full_name }))
        .sort((a, b) => a.full_name.localeCompare(b.full_name)),
    [query.data],
  );
  return { options, isLoading: query.isLoading, isError: query.isError };
}

/** Matches a page of a client's Matches tab loads at once. */
export const CLIENT_MATCH_PAGE_SIZE = 10;

/**
 * GET /api/clients/{id}/matches (issue 22): the client's matches among the network's listings, best first,
 * page after page. Here rather than with the saved searches' endpoints: the Matches tab then needs no
 * chunk of its own beside the clients screen's (every shared chunk is named in the app's preload lists,
 * which the dashboard's first load carries).
 */
export const clientMatchesApi = api.enhanceEndpoints({ addTagTypes: ['Match'] }).injectEndpoints({
  endpoints: (build) => ({
    listClientMatches: build.infiniteQuery<MatchListView, string, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `${clientPath(queryArg)}/matches`,
        params: { limit: CLIENT_MATCH_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      providesTags: (_result, _error, clientId) => [{ type: 'Match', id: `client:${clientId}` }, 'Match'],
    }),
  }),
});

export const { useListClientMatchesInfiniteQuery } = clientMatchesApi;
