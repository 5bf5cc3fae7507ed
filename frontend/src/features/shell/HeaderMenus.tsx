import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { selectAgentData } from '../agents/selectors.ts';
import { logout } from '../auth/logout.ts';
import type { MenuTriggerProps } from './menuTrigger.ts';

/**
 * The header's dropdown menus. Radix's menu with its positioning engine is 15 KB gzip, so it loads
 * after the shell's first paint; until then `Header` shows the same triggers (see `MenuTrigger`).
 */

const menuContent =
  'z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 motion-safe:animate-dialog-in';
const menuItem =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The notifications dropdown: connection requests and notifications (features/notifications). */
export { NotificationsMenu } from '../notifications/NotificationsMenu.tsx';

export function ProfileMenu({ trigger }: { trigger: MenuTriggerProps }) {
  const agent = useAppSelector(selectAgentData);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = async () => {
    await dispatch(logout());
    navigate(paths.login, { replace: true });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={trigger.label} className={trigger.className}>
        {trigger.children}
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
