import { defineEntity } from './entity.ts';

/**
 * The support chat: one conversation item per account (in the support inbox index, latest message
 * first) and its messages in the same partition, in time order.
 */
export interface SupportConversationItem {
  agent_id: string;
  agent_name: string;
  agent_email: string;
  last_message_at: string;
  last_message_preview: string;
  last_author: 'agent' | 'support';
  unread_for_support: number;
  unread_for_agent: number;
}

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

export interface SupportMessageItem {
  agent_id: string;
  /** time-ordered: ISO time, then a random suffix */
  message_id: string;
  author: 'agent' | 'support';
  author_id: string;
  author_name: string;
  body: string;
  created_at: string;
}

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
