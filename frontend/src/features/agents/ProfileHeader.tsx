import { Award, BadgeCheck, Handshake, Home, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatGrid } from '../../components/ui/StatGrid.tsx';
import { planLabel } from '../shell/roles.ts';
import { Avatar } from './Avatar.tsx';
import type { Agent } from './types.ts';

const STATS = [
  { key: 'reputation_points', label: 'Reputation points', icon: Award },
  { key: 'property_count', label: 'Properties', icon: Home },
  { key: 'verified_deals', label: 'Verified deals', icon: BadgeCheck },
  { key: 'connections', label: 'Connections', icon: Handshake },
] as const;

/** The top card of a profile: cover, picture, name, plan, city and the four stats. */
export function ProfileHeader({
  agent,
  picture,
  pictureAction,
  actions,
}: {
  agent: Agent;
  picture: string | null | undefined;
  /** e.g. the "Change photo" control on your own profile */
  pictureAction?: ReactNode;
  /** beside the name: e.g. the connection state and its buttons on another agent's profile */
  actions?: ReactNode;
}) {
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div
        aria-hidden="true"
        className="h-28 bg-[linear-gradient(120deg,var(--brand-1),var(--brand-2))] sm:h-36"
      />
      <div className="px-5 pb-6 sm:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="relative -mt-12 w-fit sm:-mt-14">
            <Avatar
              src={picture}
              alt={`${agent.full_name}'s profile picture`}
              className="size-24 ring-4 ring-white sm:size-28"
            />
            {pictureAction}
          </div>
          <div className="min-w-0 flex-1 sm:pb-1">
            <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900">{agent.full_name}</h1>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <span className="inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-2 ring-1 ring-brand-100">
                {planLabel(agent.role)}
              </span>
              {agent.agency_name && <span>{agent.agency_name}</span>}
              {agent.city && (
                <span className="inline-flex items-center gap-1">
                  <MapPin className="size-3.5" aria-hidden="true" />
                  {agent.city}
                </span>
              )}
            </div>
          </div>
          {actions && <div className="sm:pb-1">{actions}</div>}
        </div>
        <StatGrid
          className="mt-6"
          stats={STATS.map(({ key, label, icon }) => ({ label, icon, value: agent[key] }))}
        />
        {agent.bio && (
          <p className="mt-5 max-w-2xl text-[0.9375rem] leading-relaxed whitespace-pre-line text-slate-700">
            {agent.bio}
          </p>
        )}
      </div>
    </section>
  );
}
