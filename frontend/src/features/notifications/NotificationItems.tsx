import clsx from 'clsx';
import {
  Award,
  Bell,
  CalendarClock,
  Check,
  Handshake,
  Inbox,
  type LucideIcon,
  UsersRound,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { showToast } from '../../components/toasts/toast.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { timeAgo } from '../connections/timeAgo.ts';
import { useMarkNotificationReadMutation } from '../reputation/api.ts';
import type { AppNotification } from '../reputation/types.ts';

const KIND_ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  reputation: { icon: Award, tone: 'bg-amber-50 text-amber-600 ring-amber-100' },
  reminder: { icon: CalendarClock, tone: 'bg-sky-50 text-sky-600 ring-sky-100' },
  connection: { icon: Handshake, tone: 'bg-brand-50 text-brand-2 ring-brand-100' },
  team: { icon: UsersRound, tone: 'bg-violet-50 text-violet-600 ring-violet-100' },
  lead: { icon: Inbox, tone: 'bg-emerald-50 text-emerald-600 ring-emerald-100' },
};

export interface NotificationItemsProps {
  items: readonly AppNotification[];
  /** called when a notification's link is followed (to close a menu) */
  onNavigate?: () => void;
  /** roomier rows for the full page */
  size?: 'compact' | 'comfortable';
  className?: string;
}

/** Unread notifications, each with where it leads and its Mark as read button (spec §4: dismissed by reading). */
export function NotificationItems({
  items,
  onNavigate,
  size = 'compact',
  className,
}: NotificationItemsProps) {
  return (
    <ul aria-label="Notifications" className={clsx('divide-y divide-slate-100', className)}>
      {items.map((item) => (
        <NotificationRow key={item.id} item={item} onNavigate={onNavigate} size={size} />
      ))}
    </ul>
  );
}

function NotificationRow({
  item,
  onNavigate,
  size,
}: {
  item: AppNotification;
  onNavigate?: () => void;
  size: 'compact' | 'comfortable';
}) {
  const [markRead, { isLoading }] = useMarkNotificationReadMutation();
  const { icon: Icon, tone } = KIND_ICONS[item.kind ?? ''] ?? {
    icon: Bell,
    tone: 'bg-slate-100 text-slate-600 ring-slate-200',
  };
  const dismiss = async () => {
    const result = await markRead(item.id);
    if ('error' in result)
      showToast('error', 'The notification could not be marked as read. Please try again.');
  };
  const message = <span className="text-slate-800">{item.message}</span>;

  return (
    <li
      aria-label={item.message}
      className={clsx('group flex items-start gap-3', size === 'compact' ? 'px-3 py-2.5' : 'px-5 py-4')}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'mt-0.5 flex shrink-0 items-center justify-center rounded-full ring-1',
          size === 'compact' ? 'size-8' : 'size-10',
          tone,
        )}
      >
        <Icon className={size === 'compact' ? 'size-4' : 'size-5'} />
      </span>
      <div className="min-w-0 flex-1 text-sm leading-snug">
        {item.link ? (
          <Link to={item.link} onClick={onNavigate} className="hover:underline">
            {message}
          </Link>
        ) : (
          message
        )}
        <p className="mt-0.5 text-xs text-slate-500">
          <time dateTime={item.created_at}>{timeAgo(item.created_at)}</time>
        </p>
      </div>
      <button
        type="button"
        onClick={() => void dismiss()}
        disabled={isLoading}
        aria-label="Mark as read"
        title="Mark as read"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-400 transition-colors hover:bg-brand-50 hover:text-brand-2 focus-visible:outline-2 focus-visible:outline-brand-1 disabled:opacity-60"
      >
        {isLoading ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden="true" />}
      </button>
    </li>
  );
}
