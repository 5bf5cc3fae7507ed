import { supportRoutes } from '#contracts/routes/support';
import { notFound } from '#platform/errors';
import { respond, withHttp } from '#platform/http';
import { SupportConversation } from './entities.ts';
import { assertSupportStaff, postMessage, SUPPORT_NAME } from './support-chat.ts';

/** Support staff answer an agent in its conversation (which must exist: support never writes first). */
export const handler = withHttp(supportRoutes.replySupportMessage, async ({ path, body, identity }) => {
  await assertSupportStaff(identity.agentId);
  const conversation = await SupportConversation.get({ agent_id: path.agentId }, { consistent: true });
  if (!conversation) throw notFound('Conversation');
  const message = await postMessage(
    { agent_id: path.agentId, full_name: conversation.agent_name, email: conversation.agent_email },
    { kind: 'support', id: identity.agentId, name: SUPPORT_NAME },
    body.body,
  );
  return respond(201, message);
});
