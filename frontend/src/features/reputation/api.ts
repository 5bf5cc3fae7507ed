import { api } from '../../app/api.ts';
import { agentPath } from '../../app/apiPaths.ts';
import { type AuthRoot, selectAgentId } from '../auth/authSlice.ts';
import type {
  AwardInput,
  AwardResult,
  NotificationList,
  ReputationHistory,
  ReputationSummary,
} from './types.ts';

/** Spec §9: notifications refresh every 30000 ms. */
export const NOTIFICATION_REFRESH_MS = 30_000;

/** Spec §9: the history's default page and limit. */
export const HISTORY_DEFAULTS = { page: 1, limit: 10 } as const;

const reputationTag = (agentId: string) => ({ type: 'Reputation', id: agentId }) as const;
const NOTIFICATIONS = { type: 'Notification', id: 'LIST' } as const;

export interface HistoryArgs {
  agentId: string;
  page?: number;
  limit?: number;
}

/**
 * Reputation and notifications (spec §7): the agent and agency summaries, the paged history, the award
 * call, the notification list and marking one read. An award refreshes the agent record (the sidebar's
 * counters), its summary and history.
 */
export const reputationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAgentReputation: build.query<ReputationSummary, string>({
      query: (agentId) => `${agentPath(agentId)}/reputation`,
      providesTags: (_result, _error, agentId) => [reputationTag(agentId)],
    }),
    getAgencyReputation: build.query<ReputationSummary, string>({
      query: (agencyId) => `api/agencies/${encodeURIComponent(agencyId)}/reputation`,
      providesTags: (_result, _error, agencyId) => [{ type: 'Reputation', id: `AGENCY-${agencyId}` }],
    }),
    getReputationHistory: build.query<ReputationHistory, HistoryArgs>({
      query: ({ agentId, page = HISTORY_DEFAULTS.page, limit = HISTORY_DEFAULTS.limit }) => ({
        url: `${agentPath(agentId)}/reputation/history`,
        params: { page, limit },
      }),
      providesTags: (_result, _error, { agentId }) => [reputationTag(agentId)],
    }),
    awardReputation: build.mutation<AwardResult, { agentId: string; award: AwardInput }>({
      query: ({ agentId, award }) => ({
        url: `${agentPath(agentId)}/reputation`,
        method: 'POST',
        body: award,
      }),
      invalidatesTags: (result, _error, { agentId }) =>
        result ? [reputationTag(agentId), { type: 'Agent', id: agentId }, NOTIFICATIONS] : [],
    }),

    listNotifications: build.query<NotificationList, string>({
      query: (agentId) => `${agentPath(agentId)}/reputation/notifications`,
      providesTags: [NOTIFICATIONS],
    }),
    /** Dismisses a notification: it leaves the list at once, and comes back if the server refuses. */
    markNotificationRead: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `api/notifications/${encodeURIComponent(id)}/read`, method: 'PUT' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const agentId = selectAgentId(getState() as unknown as AuthRoot);
        if (!agentId) return;
        const patch = dispatch(
          reputationApi.util.updateQueryData('listNotifications', agentId, (list) => {
            list.items = list.items.filter((item) => item.id !== id);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const {
  useGetAgentReputationQuery,
  useGetAgencyReputationQuery,
  useGetReputationHistoryQuery,
  useAwardReputationMutation,
  useListNotificationsQuery,
  useMarkNotificationReadMutation,
} = reputationApi;
