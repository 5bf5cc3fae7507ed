import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { Bell, BellOff, Bookmark, LogOut, Menu, Plus, UserPlus, UserRound } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { LogoMark } from '../../components/Logo.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { selectAgencyData } from '../agencies/agencySlice.ts';
import { Avatar } from '../agents/Avatar.tsx';
import { selectAgentData, selectAgentPicture } from '../agents/agentSlice.ts';
import { logout } from '../auth/logout.ts';
import { visibleInvites } from './roles.ts';
import { useAddProperty } from './useAddProperty.ts';

const menuContent =
  'z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 motion-safe:animate-dialog-in';
const menuItem =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The top header (spec §2): logo, invites button, Add Property, Saved, notifications, profile menu. */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const agent = useAppSelector(selectAgentData);
  const agency = useAppSelector(selectAgencyData);
  const invites = visibleInvites(agent, agency);
  const { addProperty, checking } = useAddProperty();

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
          <NotificationsMenu />
          <ProfileMenu />
        </nav>
      </div>
    </header>
  );
}

/** The notifications dropdown. Notifications arrive with the reputation issue; until then it is empty. */
function NotificationsMenu() {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Notifications"
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <Bell className="size-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={clsx(menuContent, 'w-80')}>
          <DropdownMenu.Label className="px-3 pt-1.5 pb-2 text-sm font-semibold text-slate-900">
            Notifications
          </DropdownMenu.Label>
          <div className="flex flex-col items-center rounded-lg bg-slate-50 px-4 py-6 text-center">
            <BellOff className="size-6 text-slate-400" aria-hidden="true" />
            <p className="mt-2 text-sm font-medium text-slate-800">You're all caught up</p>
            <p className="mt-1 text-xs text-slate-500">
              Connection requests and reputation updates will show up here.
            </p>
          </div>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
          <DropdownMenu.Item
            className={clsx(menuItem, 'justify-center text-brand-2')}
            onSelect={() => navigate(paths.notifications)}
          >
            See all
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ProfileMenu() {
  const agent = useAppSelector(selectAgentData);
  const picture = useAppSelector(selectAgentPicture);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = async () => {
    await dispatch(logout());
    navigate(paths.login, { replace: true });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Profile menu"
        className="ml-1 rounded-full ring-offset-2 hover:ring-2 hover:ring-slate-200 data-[state=open]:ring-2 data-[state=open]:ring-brand-1"
      >
        <Avatar src={picture} alt="Profile picture" className="size-9" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContent}>
          <div className="px-3 pt-1.5 pb-2.5">
            <p className="truncate text-sm font-semibold text-slate-900">{agent?.full_name}</p>
            <p className="truncate text-xs text-slate-500">{agent?.email}</p>
          </div>
          <DropdownMenu.Separator className="mb-1.5 h-px bg-slate-100" />
          <DropdownMenu.Item className={menuItem} onSelect={() => navigate(paths.profile)}>
            <UserRound className="size-4" aria-hidden="true" />
            Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
