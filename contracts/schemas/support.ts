import * as z from 'zod/mini';
import { id } from './common.ts';

/** The in-app support chat (issue 10): one conversation per account, answered from the support inbox. */

export const CHAT_MESSAGE_MAX = 2000;

export const chatMessage = z.object({
  id: z.string(),
  author: z.enum(['agent', 'support']),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});

export const conversationSummary = z.object({
  agentId: z.string(),
  agent_name: z.string(),
  agent_email: z.string(),
  last_message_at: z.string(),
  last_message_preview: z.string(),
  last_author: z.enum(['agent', 'support']),
  /** messages from the agent that support has not read yet */
  unread_for_support: z.number(),
});

export const conversation = z.object({
  agentId: z.string(),
  messages: z.array(chatMessage),
  /** support replies the agent has not seen yet */
  unread: z.number(),
});

export const chatMessageInput = z.strictObject({
  body: z
    .string({ error: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(CHAT_MESSAGE_MAX, `must be at most ${CHAT_MESSAGE_MAX} characters`),
    ),
});

export const inbox = z.object({ items: z.array(conversationSummary), isSupportStaff: z.literal(true) });
export const conversationParam = z.object({ agentId: id });
