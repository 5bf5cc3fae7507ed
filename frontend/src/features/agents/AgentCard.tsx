import { Award, Building2, Home, MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { ConnectButton } from '../connections/ConnectButton.tsx';
import type { ConnectionStatus } from '../connections/types.ts';
import { formatCount } from '../preferences/format.ts';
import { planLabel } from '../shell/roles.ts';
import { Avatar } from './Avatar.tsx';
import type { Agent } from './types.ts';

/** One agent of the directory: picture, name, agency, city, reputation points, properties, connection. */
export function AgentCard({
  agent,
  status,
  isSelf,
}: {
  agent: Agent;
  status: ConnectionStatus | undefined;
  isSelf: boolean;
}) {
  const nameId = useId();
  const profile = isSelf ? paths.profile : paths.agentProfile(agent.agent_id);
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-xs transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-4">
        <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
          <Avatar src={agent.profile_picture} alt="" className="size-14" />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="truncate text-base font-semibold text-slate-900">
            <Link to={profile} className="hover:text-brand-2 hover:underline">
              {agent.full_name}
            </Link>
          </h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
            <Building2 className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">{agent.agency_name ?? 'Independent agent'}</span>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
            {agent.city && (
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                <span className="truncate">{agent.city}</span>
              </span>
            )}
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-2 ring-1 ring-brand-100">
              {planLabel(agent.role)}
            </span>
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 divide-x divide-slate-200 rounded-xl bg-slate-50 py-2.5">
        <div className="px-3">
          <dt className="text-xs font-medium whitespace-nowrap text-slate-500">Reputation points</dt>
          <dd className="mt-0.5 flex items-center gap-1.5 text-lg font-bold text-slate-900 tabular-nums">
            <Award className="size-4 text-brand-2" aria-hidden="true" />
            {formatCount(agent.reputation_points)}
          </dd>
        </div>
        <div className="px-3">
          <dt className="text-xs font-medium whitespace-nowrap text-slate-500">Properties</dt>
          <dd className="mt-0.5 flex items-center gap-1.5 text-lg font-bold text-slate-900 tabular-nums">
            <Home className="size-4 text-brand-2" aria-hidden="true" />
            {formatCount(agent.property_count)}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
        {isSelf ? (
          <span className="inline-flex h-8 items-center rounded-lg bg-slate-100 px-3 text-sm font-semibold text-slate-600">
            You
          </span>
        ) : (
          <ConnectButton agent={agent} status={status} />
        )}
        <Link
          to={profile}
          className="text-sm font-semibold text-brand-2 hover:text-brand-700 hover:underline"
        >
          View profile
        </Link>
      </div>
    </article>
  );
}

/** A card's shape while the directory loads. */
export function AgentCardSkeleton() {
  return (
    <div className="h-full animate-pulse rounded-2xl border border-slate-200 bg-white p-5" aria-hidden="true">
      <div className="flex items-start gap-4">
        <div className="size-14 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-100" />
          <div className="h-3 w-1/3 rounded bg-slate-100" />
        </div>
      </div>
      <div className="mt-4 h-16 rounded-xl bg-slate-100" />
      <div className="mt-4 h-8 w-24 rounded-lg bg-slate-200" />
    </div>
  );
}
