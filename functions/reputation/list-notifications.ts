import { reputationRoutes } from '#contracts/routes/reputation';
import { notFound } from '#lib/errors';
import { withHttp } from '#lib/http';
import { listUnreadNotifications } from '#lib/notification-list';

/** Your unread notifications of every kind, newest first; those dated in the future wait for their time. */
export const handler = withHttp(reputationRoutes.listReputationNotifications, async ({ path, identity }) => {
  if (path.id !== identity.agentId) throw notFound('Agent');
  return { items: await listUnreadNotifications(identity.agentId) };
});
