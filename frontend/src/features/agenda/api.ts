import type * as z from 'zod/mini';
import type { agendaRoutes } from '#contracts/routes/agenda';
import type { AgendaEventCreate, AgendaEventUpdate, AgendaEventView } from '#contracts/schemas/agenda';
import { api } from '../../app/api.ts';

/** The agenda endpoints (contracts/routes/agenda.ts). Types only from the contracts: no zod in the bundle. */
export type AgendaEvent = AgendaEventView;
export type NewAgendaEvent = AgendaEventCreate;
export type AgendaEventPatch = AgendaEventUpdate;
export type AgendaFeed = z.infer<(typeof agendaRoutes)['getAgendaFeed']['response']>;
type EventPage = z.infer<(typeof agendaRoutes)['listAgendaEvents']['response']>;

/** A calendar view's range: ISO instants, `to` exclusive. */
export interface AgendaRange {
  from: string;
  to: string;
}

const LIST = { type: 'AgendaEvent', id: 'LIST' } as const;
const eventPath = (id: string) => `api/agenda/events/${encodeURIComponent(id)}`;
const feedPath = (agentId: string) => `api/agents/${encodeURIComponent(agentId)}/agenda/feed`;
/** A view never holds more than a few pages; this bounds a runaway loop. */
const MAX_PAGES = 20;

/** What an event's change makes stale: the calendar, the notifications, and the deals whose timeline shows it. */
const changedByEvent = (dealLinked: boolean) =>
  [LIST, 'Notification', ...(dealLinked ? (['Deal'] as const) : [])] as const;

export const agendaApi = api.enhanceEndpoints({ addTagTypes: ['Deal'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every event overlapping the range, page after page (a month view is one page in practice). */
    listAgendaEvents: build.query<AgendaEvent[], AgendaRange>({
      async queryFn(range, _api, _extra, baseQuery) {
        const events: AgendaEvent[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MAX_PAGES; page += 1) {
          const result = await baseQuery({
            url: 'api/agenda/events',
            params: { from: range.from, to: range.to, ...(cursor ? { cursor } : {}) },
          });
          if (result.error) return { error: result.error };
          const data = result.data as EventPage;
          events.push(...data.items);
          cursor = data.cursor;
          if (!cursor) break;
        }
        return { data: events };
      },
      providesTags: [LIST],
    }),
    createAgendaEvent: build.mutation<AgendaEvent, NewAgendaEvent>({
      query: (body) => ({ url: 'api/agenda/events', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => changedByEvent(Boolean(body.deal_id)),
    }),
    updateAgendaEvent: build.mutation<AgendaEvent, { id: string; patch: AgendaEventPatch }>({
      query: ({ id, patch }) => ({ url: eventPath(id), method: 'PATCH', body: patch }),
      // the event's deal may be the one it leaves, which neither the patch nor the answer names
      invalidatesTags: (result, _error, { patch }) =>
        changedByEvent(patch.deal_id !== undefined || Boolean(result?.deal_id)),
    }),
    /** the event's id, and whether it is linked to a deal (its timeline then shows it cancelled) */
    deleteAgendaEvent: build.mutation<{ ok: true }, { id: string; dealLinked: boolean }>({
      query: ({ id }) => ({ url: eventPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { dealLinked }) => changedByEvent(dealLinked),
    }),
    getAgendaFeed: build.query<AgendaFeed, string>({
      query: feedPath,
      providesTags: ['AgendaFeed'],
    }),
    /** A new secret address (the previous one stops working). */
    rotateAgendaFeed: build.mutation<AgendaFeed, string>({
      query: (agentId) => ({ url: feedPath(agentId), method: 'POST' }),
      async onQueryStarted(agentId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agendaApi.util.upsertQueryData('getAgendaFeed', agentId, data));
      },
    }),
    revokeAgendaFeed: build.mutation<AgendaFeed, string>({
      query: (agentId) => ({ url: feedPath(agentId), method: 'DELETE' }),
      async onQueryStarted(agentId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agendaApi.util.upsertQueryData('getAgendaFeed', agentId, data));
      },
    }),
  }),
});

export const {
  useListAgendaEventsQuery,
  useCreateAgendaEventMutation,
  useUpdateAgendaEventMutation,
  useDeleteAgendaEventMutation,
  useGetAgendaFeedQuery,
  useRotateAgendaFeedMutation,
  useRevokeAgendaFeedMutation,
} = agendaApi;
