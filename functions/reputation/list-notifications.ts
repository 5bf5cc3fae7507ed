import { reputationRoutes } from '#contracts/routes/reputation';
import { listUnreadNotifications } from '#functions/notifications/notification-list';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';

/** Your unread notifications of every kind, newest first; those dated in the future wait for their time. */
export const handler = withHttp(reputationRoutes.listReputationNotifications, async ({ path, identity }) => {
  if (path.id !== identity.agentId) throw notFound('Agent');
  return { items: await listUnreadNotifications(identity.agentId) };
});
