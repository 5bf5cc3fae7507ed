import { BellOff, CheckCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import {
  ConnectionRequestItems,
  useIncomingConnectionRequests,
} from '../connections/ConnectionRequestItems.tsx';
import { NOTIFICATION_REFRESH_MS, useMarkNotificationReadMutation } from '../reputation/api.ts';
import { NotificationItems } from './NotificationItems.tsx';
import { useNotifications } from './useNotifications.ts';

/** /notifications (See all): every pending connection request and every unread notification. */
export function NotificationsPage() {
  const requests = useIncomingConnectionRequests({ pollingInterval: NOTIFICATION_REFRESH_MS });
  const notifications = useNotifications();
  const [markRead] = useMarkNotificationReadMutation();
  const [markingAll, setMarkingAll] = useState(false);

  const markAllRead = async () => {
    setMarkingAll(true);
    const results = await Promise.all(notifications.items.map((item) => markRead(item.id)));
    setMarkingAll(false);
    if (results.some((result) => 'error' in result)) {
      showToast('error', 'Some notifications could not be marked as read. Please try again.');
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
        <p className="mt-1 text-sm text-slate-600">
          Connection requests, reputation awards, reminders and team news. Refreshed every 30 seconds.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Connection requests</CardTitle>
          <CardDescription>
            {requests.count > 0
              ? `${requests.count} waiting for your answer`
              : 'Agents who want to connect with you.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-3 pb-3 sm:px-3">
          <ConnectionRequestItems
            pollingInterval={NOTIFICATION_REFRESH_MS}
            empty={
              <EmptyState
                icon={<UserPlus />}
                title="No pending requests"
                description="When an agent asks to connect with you, you can accept or decline here."
                className="py-6"
              />
            }
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
          <div className="space-y-1">
            <CardTitle>Updates</CardTitle>
            <CardDescription>
              {notifications.items.length > 0
                ? `${notifications.items.length} unread`
                : 'Reputation awards, achievements, reminders and team news.'}
            </CardDescription>
          </div>
          {notifications.items.length > 1 && (
            <Button variant="secondary" size="sm" loading={markingAll} onClick={() => void markAllRead()}>
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark all as read
            </Button>
          )}
        </CardHeader>
        <CardContent className="px-0 pb-2 sm:px-0">
          {notifications.isError ? (
            <div
              role="alert"
              className="mx-6 mb-4 flex items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm"
            >
              <span className="text-red-800">Notifications could not be loaded.</span>
              <Button size="sm" variant="secondary" onClick={() => void notifications.refetch()}>
                Retry
              </Button>
            </div>
          ) : notifications.isLoading ? (
            <div className="space-y-3 px-6 pb-4" role="status" aria-label="Loading notifications">
              {[0, 1, 2].map((row) => (
                <div key={row} className="h-12 animate-pulse rounded-lg bg-slate-100" />
              ))}
            </div>
          ) : notifications.items.length === 0 ? (
            <EmptyState
              icon={<BellOff />}
              title="You're all caught up"
              description="New reputation points, achievements and reminders will show up here."
              className="py-8"
            />
          ) : (
            <NotificationItems items={notifications.items} size="comfortable" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
