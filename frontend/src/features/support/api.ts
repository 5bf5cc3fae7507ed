import type * as z from 'zod/mini';
import type { chatMessage, conversation, inbox } from '#contracts/schemas/support';
import { api } from '../../app/api.ts';

export type ChatMessage = z.infer<typeof chatMessage>;
export type Conversation = z.infer<typeof conversation>;
export type Inbox = z.infer<typeof inbox>;

/** How often an open chat or inbox asks for new messages. */
export const CHAT_POLL_MS = 5000;

/**
 * The support chat behind the Live Chat toggle (the agent's own conversation) and the support inbox where
 * support staff answer (404 to anyone else).
 */
const supportApi = api.enhanceEndpoints({ addTagTypes: ['SupportChat', 'SupportInbox'] }).injectEndpoints({
  endpoints: (build) => ({
    getSupportChat: build.query<Conversation, void>({
      query: () => 'api/support/chat',
      providesTags: ['SupportChat'],
    }),
    sendSupportMessage: build.mutation<ChatMessage, { body: string }>({
      query: (body) => ({ url: 'api/support/chat/messages', method: 'POST', body }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          supportApi.util.updateQueryData('getSupportChat', undefined, (draft) => {
            if (!draft.messages.some((message) => message.id === data.id)) draft.messages.push(data);
          }),
        );
      },
    }),
    listSupportInbox: build.query<Inbox, void>({
      query: () => 'api/support/inbox',
      providesTags: ['SupportInbox'],
    }),
    getSupportConversation: build.query<Conversation, string>({
      query: (agentId) => `api/support/inbox/${encodeURIComponent(agentId)}`,
      providesTags: (_result, _error, agentId) => [{ type: 'SupportInbox', id: agentId }],
    }),
    replySupportMessage: build.mutation<ChatMessage, { agentId: string; body: string }>({
      query: ({ agentId, body }) => ({
        url: `api/support/inbox/${encodeURIComponent(agentId)}/messages`,
        method: 'POST',
        body: { body },
      }),
      async onQueryStarted({ agentId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          supportApi.util.updateQueryData('getSupportConversation', agentId, (draft) => {
            if (!draft.messages.some((message) => message.id === data.id)) draft.messages.push(data);
          }),
        );
        // the inbox list's preview and order
        dispatch(supportApi.util.invalidateTags([{ type: 'SupportInbox' }]));
      },
    }),
  }),
});

export const {
  useGetSupportChatQuery,
  useSendSupportMessageMutation,
  useListSupportInboxQuery,
  useGetSupportConversationQuery,
  useReplySupportMessageMutation,
} = supportApi;
