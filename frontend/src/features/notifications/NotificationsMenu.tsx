import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/Button.tsx';
import {
  ConnectionRequestItems,
  useIncomingConnectionRequests,
} from '../connections/ConnectionRequestItems.tsx';
import { NOTIFICATION_REFRESH_MS } from '../reputation/api.ts';
import type { MenuTriggerProps } from '../shell/menuTrigger.ts';
import { NotificationItems } from './NotificationItems.tsx';
import { useNotifications } from './useNotifications.ts';

/** The dropdown shows this many of the newest notifications; See all shows every one. */
export const MENU_NOTIFICATIONS = 5;

const sectionTitle = 'px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';

/**
 * The header's notifications dropdown (spec §2): pending connection requests with Accept / Decline, then
 * the newest unread notifications with Mark as read, refreshed every 30000 ms and whenever it opens; the
 * bell shows how many wait. See all opens /notifications.
 */
export function NotificationsMenu({ trigger }: { trigger: MenuTriggerProps }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const requests = useIncomingConnectionRequests({ pollingInterval: NOTIFICATION_REFRESH_MS });
  const notifications = useNotifications();
  const pending = requests.count + notifications.items.length;
  const pendingBadge = pending > 99 ? '99+' : String(pending);
  const shown = notifications.items.slice(0, MENU_NOTIFICATIONS);
  const more = notifications.items.length - shown.length;
  const close = () => setOpen(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      void requests.refetch();
      void notifications.refetch();
    }
  };

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        // the count shown on the bell is part of the button's name (WCAG 2.5.3: label in name)
        aria-label={pending > 0 ? `${trigger.label}, ${pendingBadge} new` : trigger.label}
        className={clsx(trigger.className, 'relative')}
      >
        {trigger.children}
        {pending > 0 && (
          <span
            data-testid="notifications-count"
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white"
          >
            {pendingBadge}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 motion-safe:animate-dialog-in"
        >
          <div className="flex items-center justify-between px-3 pt-1.5 pb-2">
            <DropdownMenu.Label className="text-sm font-semibold text-slate-900">
              Notifications
            </DropdownMenu.Label>
            {pending > 0 && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
                {pending} new
              </span>
            )}
          </div>
          <div className="-mx-1.5 min-h-0 flex-1 overflow-y-auto px-1.5">
            {requests.count > 0 && <p className={sectionTitle}>Connection requests</p>}
            <ConnectionRequestItems pollingInterval={NOTIFICATION_REFRESH_MS} onNavigate={close} />
            {shown.length > 0 && (
              <>
                <p
                  className={clsx(sectionTitle, requests.count > 0 && 'mt-1 border-t border-slate-100 pt-3')}
                >
                  Updates
                </p>
                <NotificationItems items={shown} onNavigate={close} />
                {more > 0 && <p className="px-3 pb-1 text-xs text-slate-500">{more} more in See all</p>}
              </>
            )}
            {notifications.isError && (
              <div role="alert" className="flex items-center justify-between gap-3 px-3 py-3 text-sm">
                <span className="text-slate-600">Notifications could not be loaded.</span>
                <Button size="sm" variant="ghost" onClick={() => void notifications.refetch()}>
                  Retry
                </Button>
              </div>
            )}
            {pending === 0 && !requests.isLoading && !notifications.isLoading && !notifications.isError && (
              <div className="flex flex-col items-center rounded-lg bg-slate-50 px-4 py-6 text-center">
                <BellOff className="size-6 text-slate-400" aria-hidden="true" />
                <p className="mt-2 text-sm font-medium text-slate-800">You're all caught up</p>
                <p className="mt-1 text-xs text-slate-500">
                  Connection requests and reputation updates will show up here.
                </p>
              </div>
            )}
          </div>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
          <DropdownMenu.Item
            className="flex cursor-pointer items-center justify-center gap-2.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-2 outline-none select-none data-[highlighted]:bg-slate-100"
            onSelect={() => navigate(paths.notifications)}
          >
            See all
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
