import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../app/api.ts';
import type { AppDispatch, RootState } from '../../app/store.ts';
import { agentsApi } from '../agents/api.ts';
import { awardExpected } from '../reputation/awardExpected.ts';
import type {
  ConnectionDirection,
  ConnectionRequest,
  ConnectionRequestList,
  ConnectionState,
  ConnectionStatus,
} from './types.ts';

/** The status endpoint answers at most this many agents per call (contracts: MAX_STATUS_AGENT_IDS). */
const STATUS_BATCH = 100;
/**
 * The connection counts on agent records are raised by the reputation consumer a moment after an
 * acceptance (an EventBridge event): the own record is read again after each of these pauses until its
 * count has risen (about 30 s in all, the notifications' own refresh cycle), then both agents' records and
 * reputations once more. A fixed pair of re-reads missed a consumer slower than the last one.
 */
export const COUNT_RECHECK_MS = [1_000, 1_500, 2_000, 3_000, 4_000, 6_000, 8_000] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Re-reads the agent until its connection count is above `before` (or the rechecks run out). */
async function awaitConnectionCount(dispatch: AppDispatch, agentId: string, before: number): Promise<void> {
  for (const delay of COUNT_RECHECK_MS) {
    await pause(delay);
    const { data } = await dispatch(
      agentsApi.endpoints.getAgent.initiate(agentId, { subscribe: false, forceRefetch: true }),
    );
    if ((data?.connections ?? 0) > before) return;
  }
}

const INCOMING = { type: 'Connection', id: 'INCOMING' } as const;
const OUTGOING = { type: 'Connection', id: 'OUTGOING' } as const;
const statusTag = (agentId: string) => ({ type: 'Connection', id: `STATUS-${agentId}` }) as const;

export interface ListConnectionRequestsArgs {
  agentId: string;
  direction?: ConnectionDirection;
}

/**
 * Connections (spec §7): GET /api/connections/requests/{agentId}, PUT /api/connections/respond, and the
 * sending, withdrawing and pair-state endpoints our contract adds. Every change refreshes what shows it:
 * the request lists, the pair states, the connections limit and, after an acceptance, both agents.
 */
export const connectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listConnectionRequests: build.query<ConnectionRequestList, ListConnectionRequestsArgs>({
      query: ({ agentId, direction = 'incoming' }) => ({
        url: `api/connections/requests/${encodeURIComponent(agentId)}`,
        params: { direction, limit: 50 },
      }),
      providesTags: (_result, _error, { direction = 'incoming' }) => [
        direction === 'incoming' ? INCOMING : OUTGOING,
      ],
    }),

    /** How the signed-in agent stands with each agent (asked 100 at a time). */
    getConnectionStatuses: build.query<ConnectionStatus[], readonly string[]>({
      async queryFn(agentIds, _api, _extra, baseQuery) {
        const batches: string[][] = [];
        for (let start = 0; start < agentIds.length; start += STATUS_BATCH)
          batches.push(agentIds.slice(start, start + STATUS_BATCH));
        const answers = await Promise.all(
          batches.map((ids) =>
            baseQuery({ url: 'api/connections/status', params: { agent_ids: ids.join(',') } }),
          ),
        );
        const failed = answers.find((answer) => answer.error);
        if (failed?.error) return { error: failed.error as FetchBaseQueryError };
        return { data: answers.flatMap((answer) => (answer.data as { items: ConnectionStatus[] }).items) };
      },
      providesTags: (_result, _error, agentIds) => [
        { type: 'Connection', id: 'STATUS' },
        ...agentIds.map(statusTag),
      ],
    }),

    sendConnectionRequest: build.mutation<ConnectionRequest, { receiverId: string }>({
      query: ({ receiverId }) => ({
        url: 'api/connections/requests',
        method: 'POST',
        body: { receiver_id: receiverId },
      }),
      async onQueryStarted({ receiverId }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) setPairState(dispatch, getState() as RootState, receiverId, 'pending_sent', data.id);
      },
      invalidatesTags: (result, _error, { receiverId }) =>
        result ? [statusTag(receiverId), OUTGOING, { type: 'FeatureLimit', id: 'connections' }] : [],
    }),

    /** `requesterId` lets the pair's state change at once, before the lists are read again. */
    respondToConnection: build.mutation<
      ConnectionRequest,
      { connectionId: string; status: 'accepted' | 'declined'; requesterId: string }
    >({
      query: ({ connectionId, status }) => ({
        url: 'api/connections/respond',
        method: 'PUT',
        body: { connection_id: connectionId, status },
      }),
      async onQueryStarted({ connectionId, status, requesterId }, { dispatch, getState, queryFulfilled }) {
        const state = getState() as RootState;
        // the request leaves the incoming lists at once; it comes back if the answer fails
        const undo = removeFromIncoming(dispatch, state, connectionId);
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) {
          undo();
          return;
        }
        const accepted = status === 'accepted';
        setPairState(
          dispatch,
          getState() as RootState,
          requesterId,
          accepted ? 'connected' : 'none',
          data.id,
        );
        if (!accepted) return;
        // the awarder answers an acceptance on the bus: its notification is asked for soon
        dispatch(awardExpected());
        const ownId = state.auth.agentId;
        if (ownId) {
          const before = agentsApi.endpoints.getAgent.select(ownId)(state).data?.connections ?? 0;
          await awaitConnectionCount(dispatch, ownId, before);
        }
        const agents = [ownId, requesterId].flatMap((id) => (id ? [{ type: 'Agent' as const, id }] : []));
        dispatch(api.util.invalidateTags([...agents, 'Reputation']));
      },
      invalidatesTags: (result, _error, { requesterId, status }) =>
        result
          ? [
              INCOMING,
              statusTag(requesterId),
              { type: 'FeatureLimit', id: 'connections' },
              'Notification',
              ...(status === 'accepted'
                ? [{ type: 'Agent' as const, id: requesterId }, 'Reputation' as const]
                : []),
            ]
          : [INCOMING],
    }),

    withdrawConnectionRequest: build.mutation<{ ok: true }, { connectionId: string; receiverId: string }>({
      query: ({ connectionId }) => ({
        url: 'api/connections/withdraw',
        method: 'PUT',
        body: { connection_id: connectionId },
      }),
      async onQueryStarted({ receiverId }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) setPairState(dispatch, getState() as RootState, receiverId, 'none');
      },
      invalidatesTags: (result, _error, { receiverId }) =>
        result ? [statusTag(receiverId), OUTGOING, { type: 'FeatureLimit', id: 'connections' }] : [],
    }),
  }),
});

type Dispatch = (action: unknown) => unknown;

/** Writes a pair's new state into every cached status list that holds the agent. */
function setPairState(
  dispatch: Dispatch,
  state: RootState,
  agentId: string,
  next: ConnectionState,
  requestId?: string,
) {
  for (const agentIds of connectionsApi.util.selectCachedArgsForQuery(state, 'getConnectionStatuses')) {
    if (!agentIds.includes(agentId)) continue;
    dispatch(
      connectionsApi.util.updateQueryData('getConnectionStatuses', agentIds, (statuses) => {
        const status = statuses.find((item) => item.agent_id === agentId);
        if (!status) return;
        status.state = next;
        if (next === 'none') delete status.request_id;
        else if (requestId) status.request_id = requestId;
        status.since = new Date().toISOString();
      }),
    );
  }
}

/** Takes a request out of every cached incoming list; answers how to put it back. */
function removeFromIncoming(dispatch: Dispatch, state: RootState, connectionId: string): () => void {
  const undos: Array<() => void> = [];
  for (const args of connectionsApi.util.selectCachedArgsForQuery(state, 'listConnectionRequests')) {
    if ((args.direction ?? 'incoming') !== 'incoming') continue;
    const patch = dispatch(
      connectionsApi.util.updateQueryData('listConnectionRequests', args, (list) => {
        list.items = list.items.filter((item) => item.id !== connectionId);
      }),
    ) as { undo: () => void };
    undos.push(patch.undo);
  }
  return () => {
    for (const undo of undos) undo();
  };
}

export const {
  useListConnectionRequestsQuery,
  useGetConnectionStatusesQuery,
  useSendConnectionRequestMutation,
  useRespondToConnectionMutation,
  useWithdrawConnectionRequestMutation,
} = connectionsApi;
