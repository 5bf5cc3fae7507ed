import clsx from 'clsx';
import { Bell, Bookmark, Menu, Plus, UserPlus } from 'lucide-react';
import { lazy } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { AfterFirstPaint } from '../../app/firstPaint.tsx';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { LogoMark } from '../../components/Logo.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Avatar } from '../agents/Avatar.tsx';
import { selectAgentData, selectAgentPicture } from '../agents/selectors.ts';
import { useListInvitesQuery } from '../team/api.ts';
import type { MenuTriggerProps } from './menuTrigger.ts';
import { mayInvite, visibleInvites } from './roles.ts';
import { useAddProperty } from './useAddProperty.ts';

// The menus' code loads while the shell paints (it starts with the first render of the header).
const loadMenus = () => import('./HeaderMenus.tsx');
const NotificationsMenu = lazy(() => loadMenus().then((module) => ({ default: module.NotificationsMenu })));
const ProfileMenu = lazy(() => loadMenus().then((module) => ({ default: module.ProfileMenu })));

/** A menu's trigger as it looks before the menu's code is there: the same button, not yet usable. */
function MenuTrigger({ label, className, children }: MenuTriggerProps) {
  return (
    <button type="button" disabled aria-label={label} aria-haspopup="menu" className={className}>
      {children}
    </button>
  );
}

/** The top header (spec §2): logo, invites button, Add Property, Saved, notifications, profile menu. */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const agent = useAppSelector(selectAgentData);
  // the seats /team and the invite page show (one cache entry): inviting or revoking updates the button
  const { data: inviteList } = useListInvitesQuery(undefined, { skip: !mayInvite(agent) });
  const invites = visibleInvites(agent, inviteList?.seats);
  const picture = useAppSelector(selectAgentPicture);
  const { addProperty, checking } = useAddProperty();
  const notificationsTrigger: MenuTriggerProps = {
    label: 'Notifications',
    className:
      'inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 data-[state=open]:bg-slate-100',
    children: <Bell className="size-5" aria-hidden="true" />,
  };
  const profileTrigger: MenuTriggerProps = {
    label: 'Profile menu',
    className:
      'ml-1 rounded-full ring-offset-2 hover:ring-2 hover:ring-slate-200 data-[state=open]:ring-2 data-[state=open]:ring-brand-1',
    children: <Avatar src={picture} alt="Profile picture" className="size-9" />,
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-5">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
        <Link to={paths.profile} className="flex items-center gap-2.5 rounded-lg pr-2" aria-label="EstateNet">
          <LogoMark className="size-8" />
          <span className="hidden text-lg font-bold tracking-tight text-slate-900 sm:inline">EstateNet</span>
        </Link>

        {invites !== undefined && (
          <div className="ml-1 hidden sm:block">
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.invite}>
                <UserPlus className="size-4" aria-hidden="true" />
                Invite agents
                <span className="rounded-full bg-brand-100 px-1.5 text-xs font-bold text-brand-800">
                  {invites} {invites === 1 ? 'seat' : 'seats'} left
                </span>
              </Link>
            </Button>
          </div>
        )}

        <nav aria-label="Main" className="ml-auto flex items-center gap-1 sm:gap-2">
          {invites !== undefined && (
            <Link
              to={paths.invite}
              aria-label={`Invite agents (${invites} left)`}
              className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 sm:hidden"
            >
              <UserPlus className="size-5" aria-hidden="true" />
            </Link>
          )}
          <div className="hidden lg:block">
            <Button onClick={addProperty} loading={checking}>
              <Plus className="size-4" aria-hidden="true" />
              Add Property
            </Button>
          </div>
          <NavLink
            to={paths.savedProperties}
            className={({ isActive }) =>
              clsx(
                'hidden h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold lg:inline-flex',
                isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
              )
            }
          >
            <Bookmark className="size-4" aria-hidden="true" />
            Saved
          </NavLink>
          <AfterFirstPaint fallback={<MenuTrigger {...notificationsTrigger} />}>
            <NotificationsMenu trigger={notificationsTrigger} />
          </AfterFirstPaint>
          <AfterFirstPaint fallback={<MenuTrigger {...profileTrigger} />}>
            <ProfileMenu trigger={profileTrigger} />
          </AfterFirstPaint>
        </nav>
      </div>
    </header>
  );
}
