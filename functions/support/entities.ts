import type * as z from 'zod/mini';
import type { chatMessage, conversationSummary } from '#contracts/schemas/support';
import { defineEntity } from '#platform/data/entity';

/**
 * The support chat: one conversation item per account (in the support inbox index, latest message
 * first) and its messages in the same partition, in time order.
 */
export type SupportConversationItem = Omit<z.infer<typeof conversationSummary>, 'agentId'> & {
  agent_id: string;
  /** support replies the agent has not seen yet (the conversation's `unread`) */
  unread_for_agent: number;
};

export const SupportConversation = defineEntity<SupportConversationItem, 'agent_id'>()({
  type: 'supportConversation',
  key: { pk: { prefix: 'CHAT', attributes: ['agent_id'] }, sk: { prefix: 'CONVERSATION' } },
  indexes: {
    /** every conversation by its latest message: the support inbox */
    inbox: {
      index: 'gsi1',
      pk: { prefix: 'SUPPORT_INBOX' },
      sk: { prefix: 'LAST', attributes: ['last_message_at', 'agent_id'] },
    },
  },
});

/** A message as stored: the contract's chat message under its conversation, with who wrote it. */
export type SupportMessageItem = Omit<z.infer<typeof chatMessage>, 'id'> & {
  agent_id: string;
  /** time-ordered: ISO time, then a random suffix */
  message_id: string;
  author_id: string;
};

export const SupportMessage = defineEntity<SupportMessageItem, 'agent_id' | 'message_id'>()({
  type: 'supportMessage',
  key: {
    pk: { prefix: 'CHAT', attributes: ['agent_id'] },
    sk: { prefix: 'MSG', attributes: ['message_id'] },
  },
});

/** EstateNet's own support staff: who may open the support inbox (seeded; granted by operators). */
export interface SupportStaffItem {
  agent_id: string;
  granted_at: string;
}

export const SupportStaff = defineEntity<SupportStaffItem, 'agent_id', 'granted_at'>()({
  type: 'supportStaff',
  key: { pk: { prefix: 'AGENT', attributes: ['agent_id'] }, sk: { prefix: 'SUPPORT_STAFF' } },
  defaults: () => ({ granted_at: new Date().toISOString() }),
});
