import clsx from 'clsx';
import {
  Award,
  BadgeCheck,
  Building2,
  CalendarDays,
  Cloud,
  Contact,
  Globe,
  HandCoins,
  Handshake,
  Headset,
  Home,
  LayoutTemplate,
  type LucideIcon,
  Settings,
  Sparkles,
  UsersRound,
} from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Avatar } from '../agents/Avatar.tsx';
import { selectAgentData, selectAgentPicture } from '../agents/selectors.ts';
import { formatCount } from '../preferences/format.ts';
import { liveChatFlipped, selectLiveChat } from './liveChatSlice.ts';
import { planLabel, showsTeamItem, showsUpgradeNow } from './roles.ts';

interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

const MENU: MenuItem[] = [
  { label: 'Properties', to: paths.propertyList, icon: Home },
  { label: 'Agents', to: paths.allAgents, icon: Building2 },
  { label: 'Clients', to: paths.clients, icon: Contact },
  { label: 'Deals', to: paths.deals, icon: HandCoins },
  { label: 'Agenda', to: paths.agenda, icon: CalendarDays },
  { label: 'Cloud', to: paths.cloud, icon: Cloud },
  { label: 'Website', to: paths.webBuilder, icon: Globe },
  { label: 'Templates', to: paths.templates, icon: LayoutTemplate },
  { label: 'Team', to: paths.team, icon: UsersRound },
  { label: 'Settings', to: paths.settings, icon: Settings },
];

/** The menu items a role sees (spec §6: Team only for Agency; Upgrade Now hidden for Agency). */
export function sidebarItems(role: string | undefined): MenuItem[] {
  const items = MENU.filter((item) => item.label !== 'Team' || showsTeamItem(role));
  if (showsUpgradeNow(role)) items.push({ label: 'Upgrade Now', to: paths.upgrade, icon: Sparkles });
  return items;
}

const STATS = [
  { key: 'reputation_points', label: 'Reputation points', icon: Award },
  { key: 'property_count', label: 'Properties', icon: Home },
  { key: 'verified_deals', label: 'Verified deals', icon: BadgeCheck },
  { key: 'connections', label: 'Connections', icon: Handshake },
] as const;

/** The left sidebar (spec §2): picture, name, plan, four stats, the menu and the Need Help box. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const agent = useAppSelector(selectAgentData);
  const picture = useAppSelector(selectAgentPicture);
  const items = sidebarItems(agent?.role);

  return (
    <div className="flex h-full flex-col gap-5 overflow-y-auto px-4 py-5">
      <section
        aria-label="Your profile"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs"
      >
        <div className="flex items-center gap-3">
          <Avatar src={picture} alt="Profile picture" className="size-12" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900" data-testid="sidebar-name">
              {agent?.full_name}
            </p>
            <p className="mt-0.5 inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-2 ring-1 ring-brand-100">
              {planLabel(agent?.role)}
            </p>
          </div>
        </div>
        <dl className="mt-4 divide-y divide-slate-100 rounded-xl bg-slate-50 px-3 py-1">
          {STATS.map(({ key, label, icon: Icon }) => (
            <div key={key} className="flex items-center justify-between gap-3 py-1.5">
              <dt className="flex items-center gap-2 text-xs font-medium text-slate-600">
                <Icon className="size-3.5 text-brand-2" aria-hidden="true" />
                {label}
              </dt>
              <dd className="text-sm font-bold text-slate-900 tabular-nums">
                {formatCount(agent?.[key] ?? 0)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <nav aria-label="Sections">
        <ul className="space-y-0.5">
          {items.map(({ label, to, icon: Icon }) => (
            <li key={label}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  clsx(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    label === 'Upgrade Now'
                      ? 'mt-2 bg-gradient-to-r from-brand-1 to-brand-2 text-white shadow-sm hover:brightness-105'
                      : isActive
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon className="size-4.5 shrink-0" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <NeedHelp />
    </div>
  );
}

function NeedHelp() {
  const liveChat = useAppSelector(selectLiveChat).on;
  const dispatch = useAppDispatch();
  const setLiveChat = (on: boolean) => dispatch(liveChatFlipped(on));
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-auto rounded-2xl bg-gradient-to-br from-brand-50 to-white p-4 ring-1 ring-brand-100"
    >
      <div className="flex items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-2 text-white">
          <Headset className="size-4" aria-hidden="true" />
        </span>
        <h2 id={`${id}-title`} className="font-semibold text-slate-900">
          Need Help?
        </h2>
      </div>
      <p className="mt-2 text-xs leading-relaxed text-slate-600">
        Our support team answers questions about your account, plans and listings.
      </p>
      <div className="mt-3 flex items-center justify-between gap-3">
        <span id={`${id}-live-chat`} className="text-sm font-medium text-slate-800">
          Live Chat
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={liveChat}
          aria-labelledby={`${id}-live-chat`}
          onClick={() => setLiveChat(!liveChat)}
          className={clsx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
            liveChat ? 'bg-brand-2' : 'bg-slate-300',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              liveChat ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      <p className="mt-1.5 text-xs text-slate-500" aria-live="polite">
        {liveChat ? 'Live chat is on.' : 'Live chat is off.'}
      </p>
    </section>
  );
}
