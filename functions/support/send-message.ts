import { supportRoutes } from '#contracts/routes/support';
import { respond, withHttp } from '#platform/http';
import { postMessage } from './support-chat.ts';

/** The caller writes to support; the conversation moves to the top of the support inbox. */
export const handler = withHttp(supportRoutes.sendSupportMessage, async ({ body, identity }) => {
  const message = await postMessage(
    identity.agent,
    { kind: 'agent', id: identity.agentId, name: identity.agent.full_name },
    body.body,
  );
  return respond(201, message);
});
