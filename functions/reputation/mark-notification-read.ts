import { reputationRoutes } from '#contracts/routes/reputation';
import { Notification } from '#functions/notifications/entities';
import { isConditionFailure } from '#platform/data/entity';
import { notFound } from '#platform/errors';
import { withHttp } from '#platform/http';

/** Dismisses one of your notifications (marking it read again changes nothing); anyone else's is missing. */
export const handler = withHttp(reputationRoutes.markNotificationRead, async ({ path, identity }) => {
  try {
    // the key is the caller's own partition, so another agent's notification id simply does not exist here
    await Notification.update(
      { agent_id: identity.agentId, notification_id: path.id },
      { set: { read: true } },
      { returnValues: 'none' },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Notification');
    throw error;
  }
  return { ok: true as const };
});
