import { supportRoutes } from '#contracts/routes/support';
import { withHttp } from '#platform/http';
import { SupportConversation } from './entities.ts';
import { assertSupportStaff } from './support-chat.ts';

/** Support staff: every conversation, latest message first (the 100 most recent). */
export const handler = withHttp(supportRoutes.listSupportInbox, async ({ identity }) => {
  await assertSupportStaff(identity.agentId);
  const page = await SupportConversation.query('inbox', {}, { descending: true, limit: 100 });
  return {
    isSupportStaff: true as const,
    items: page.items.map((item) => ({
      agentId: item.agent_id,
      agent_name: item.agent_name,
      agent_email: item.agent_email,
      last_message_at: item.last_message_at,
      last_message_preview: item.last_message_preview,
      last_author: item.last_author,
      unread_for_support: item.unread_for_support ?? 0,
    })),
  };
});
