import { defineRoutes } from '../route.ts';
import { chatMessage, chatMessageInput, conversation, conversationParam, inbox } from '../schemas/support.ts';

/**
 * The in-app support chat behind the Live Chat toggle (issue 10): an agent's own conversation, and the
 * support inbox where EstateNet's support staff answer. To anyone else the inbox does not exist (404).
 */
export const supportRoutes = defineRoutes({
  getSupportChat: {
    method: 'GET',
    path: '/api/support/chat',
    handler: 'functions/support/get-chat.ts',
    auth: 'token',
    access: 'signed-in',
    summary: 'Your support conversation (marks support replies read)',
    request: {},
    response: conversation,
    resources: { table: 'readwrite' },
  },
  sendSupportMessage: {
    method: 'POST',
    path: '/api/support/chat/messages',
    handler: 'functions/support/send-message.ts',
    auth: 'token',
    access: 'signed-in',
    successStatus: 201,
    summary: 'Write to support',
    request: { body: chatMessageInput },
    response: chatMessage,
    resources: { table: 'readwrite' },
  },
  listSupportInbox: {
    method: 'GET',
    path: '/api/support/inbox',
    handler: 'functions/support/list-inbox.ts',
    auth: 'token',
    access: 'staff',
    summary: 'Every support conversation, latest first (support staff only)',
    request: {},
    response: inbox,
    resources: { table: 'read' },
  },
  getSupportConversation: {
    method: 'GET',
    path: '/api/support/inbox/{agentId}',
    handler: 'functions/support/get-conversation.ts',
    auth: 'token',
    access: 'staff',
    summary: "One agent's conversation (support staff only; marks the agent's messages read)",
    request: { path: conversationParam },
    response: conversation,
    resources: { table: 'readwrite' },
  },
  replySupportMessage: {
    method: 'POST',
    path: '/api/support/inbox/{agentId}/messages',
    handler: 'functions/support/reply.ts',
    auth: 'token',
    access: 'staff',
    successStatus: 201,
    summary: 'Answer an agent (support staff only)',
    request: { path: conversationParam, body: chatMessageInput },
    response: chatMessage,
    resources: { table: 'readwrite' },
  },
});
