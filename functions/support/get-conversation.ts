import { supportRoutes } from '#contracts/routes/support';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';
import { SupportConversation } from './entities.ts';
import { assertSupportStaff, conversationOf, markRead } from './support-chat.ts';

/** Support staff: one agent's conversation; the agent's messages count as read once opened. */
export const handler = withHttp(supportRoutes.getSupportConversation, async ({ path, identity }) => {
  await assertSupportStaff(identity.agentId);
  const conversation = await SupportConversation.get({ agent_id: path.agentId }, { consistent: true });
  if (!conversation) throw notFound('Conversation');
  const messages = await conversationOf(path.agentId);
  if ((conversation.unread_for_support ?? 0) > 0) await markRead(path.agentId, 'unread_for_support');
  return { agentId: path.agentId, messages, unread: conversation.unread_for_support ?? 0 };
});
