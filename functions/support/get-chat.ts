import { supportRoutes } from '#contracts/routes/support';
import { withHttp } from '#platform/http';
import { SupportConversation } from './entities.ts';
import { conversationOf, markRead } from './support-chat.ts';

/** The caller's support conversation; support's replies count as read once fetched. */
export const handler = withHttp(supportRoutes.getSupportChat, async ({ identity }) => {
  const [messages, conversation] = await Promise.all([
    conversationOf(identity.agentId),
    SupportConversation.get({ agent_id: identity.agentId }, { consistent: true }),
  ]);
  const unread = conversation?.unread_for_agent ?? 0;
  if (unread > 0) await markRead(identity.agentId, 'unread_for_agent');
  return { agentId: identity.agentId, messages, unread };
});
