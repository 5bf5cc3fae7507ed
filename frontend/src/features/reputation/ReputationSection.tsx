import clsx from 'clsx';
import {
  Award,
  BadgeCheck,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  CircleDashed,
  Handshake,
  History,
  Home,
  type LucideIcon,
  Mail,
  Phone,
  ShieldCheck,
  Trophy,
  UserRoundCheck,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  ACHIEVEMENTS,
  REPUTATION_ACTIVITIES,
  type ReputationActivityType,
} from '#contracts/reputation-points';
import { useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { StatGrid } from '../../components/ui/StatGrid.tsx';
import { selectAgencyData } from '../agencies/selectors.ts';
import { formatCount } from '../preferences/format.ts';
import {
  HISTORY_DEFAULTS,
  useGetAgencyReputationQuery,
  useGetAgentReputationQuery,
  useGetReputationHistoryQuery,
} from './api.ts';
import type { ReputationActivity, ReputationSummary } from './types.ts';

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(time) : '';
};

const ACTIVITY_ICONS: Record<ReputationActivityType, LucideIcon> = {
  PROPERTY_ADDED: Home,
  PROPERTY_DEED_VERIFIED: BadgeCheck,
  OWNER_ACKNOWLEDGEMENT: ShieldCheck,
  CONNECTION_ACCEPTED: Handshake,
  // a closed deal is a verified deal: the verified-deals mark (sharing the icon keeps the profile's first load
  // within its budget)
  DEAL_CLOSED: BadgeCheck,
};

/**
 * The reputation part of a profile (spec §1-§3): verifications, the achievements (unlocked ones with
 * their date, the others with how far along the agent is) and, on your own profile, the history with
 * pagination (page 1, 10 a page by default, spec §9).
 */
export function ReputationSection({
  agentId,
  own,
  agencyId,
}: {
  agentId: string;
  own: boolean;
  /** your own agency: its combined reputation shows too */
  agencyId?: string;
}) {
  const summary = useGetAgentReputationQuery(agentId);
  return (
    <section id="reputation" aria-label="Reputation" className="scroll-mt-24 space-y-6">
      <AchievementsCard
        summary={summary.data}
        loading={summary.isLoading}
        failed={summary.isError}
        retry={summary.refetch}
      />
      {own && agencyId && <AgencyReputationCard agencyId={agencyId} />}
      {own && <HistoryCard agentId={agentId} />}
    </section>
  );
}

function AchievementsCard({
  summary,
  loading,
  failed,
  retry,
}: {
  summary: ReputationSummary | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}) {
  const earned = new Map(summary?.achievements.map((achievement) => [achievement.id, achievement]));
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
        <div className="space-y-1">
          <CardTitle>Achievements</CardTitle>
          <CardDescription>
            {summary
              ? `${summary.achievements.length} of ${ACHIEVEMENTS.length} unlocked`
              : 'Milestones for listings, verified deals, connections and points.'}
          </CardDescription>
        </div>
        {summary && <Verifications verifications={summary.verifications} />}
      </CardHeader>
      <CardContent>
        {failed ? (
          <LoadError what="Achievements" retry={retry} />
        ) : loading || !summary ? (
          <div
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
            role="status"
            aria-label="Loading achievements"
          >
            {[0, 1, 2].map((tile) => (
              <div key={tile} className="h-20 animate-pulse rounded-xl bg-slate-100" />
            ))}
          </div>
        ) : (
          <ul aria-label="Achievements" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {ACHIEVEMENTS.map((rule) => {
              const unlocked = earned.get(rule.id);
              const current = Math.min(summary[rule.metric], rule.threshold);
              return (
                <li
                  key={rule.id}
                  aria-label={`${rule.name}${unlocked ? ' (unlocked)' : ''}`}
                  className={clsx(
                    'flex items-start gap-3 rounded-xl border px-3.5 py-3',
                    unlocked ? 'border-amber-200 bg-amber-50/60' : 'border-slate-200 bg-white',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'flex size-9 shrink-0 items-center justify-center rounded-full',
                      unlocked ? 'bg-amber-400 text-white shadow-sm' : 'bg-slate-100 text-slate-400',
                    )}
                  >
                    <Trophy className="size-4.5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p
                      className={clsx(
                        'text-sm font-semibold',
                        unlocked ? 'text-slate-900' : 'text-slate-600',
                      )}
                    >
                      {rule.name}
                    </p>
                    <p className="text-xs text-slate-500">{rule.description}</p>
                    {unlocked ? (
                      <p className="mt-1 text-xs font-medium text-amber-700">
                        Unlocked <time dateTime={unlocked.earned_at}>{formatDate(unlocked.earned_at)}</time>
                      </p>
                    ) : (
                      <div className="mt-1.5 flex items-center gap-2">
                        <div
                          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100"
                          role="progressbar"
                          aria-label={`${rule.name} progress`}
                          aria-valuemin={0}
                          aria-valuemax={rule.threshold}
                          aria-valuenow={current}
                        >
                          <div
                            className="h-full rounded-full bg-brand-1"
                            style={{ width: `${(current / rule.threshold) * 100}%` }}
                          />
                        </div>
                        <span className="text-xs text-slate-500 tabular-nums">
                          {formatCount(current)} / {formatCount(rule.threshold)}
                        </span>
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const AGENCY_STATS = [
  { key: 'points', label: 'Reputation points', icon: Award },
  { key: 'propertyCount', label: 'Properties', icon: Home },
  { key: 'verifiedDeals', label: 'Verified deals', icon: BadgeCheck },
  { key: 'connections', label: 'Connections', icon: Handshake },
] as const;

/** Your agency's reputation: every agent's counters added up, and the milestones the team has reached. */
function AgencyReputationCard({ agencyId }: { agencyId: string }) {
  const agency = useAppSelector(selectAgencyData);
  const { data, isLoading, isError, refetch } = useGetAgencyReputationQuery(agencyId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agency reputation</CardTitle>
        <CardDescription>
          {agency?.id === agencyId ? `${agency.name}: ` : ''}every agent of the agency combined.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <LoadError what="The agency's reputation" retry={refetch} />
        ) : isLoading || !data ? (
          <div
            className="h-20 animate-pulse rounded-xl bg-slate-100"
            role="status"
            aria-label="Loading agency reputation"
          />
        ) : (
          <>
            <StatGrid
              label="Agency reputation"
              stats={AGENCY_STATS.map(({ key, label, icon }) => ({ label, icon, value: data[key] }))}
            />
            {data.achievements.length > 0 && (
              <ul aria-label="Agency achievements" className="mt-4 flex flex-wrap gap-2">
                {data.achievements.map((achievement) => (
                  <li
                    key={achievement.id}
                    className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200"
                  >
                    <Trophy className="size-3.5" aria-hidden="true" />
                    {achievement.name}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Verifications({ verifications }: { verifications: ReputationSummary['verifications'] }) {
  const items = [
    { key: 'email', icon: Mail, yes: 'Email verified', no: 'Email not verified' },
    { key: 'phone', icon: Phone, yes: 'Phone verified', no: 'Phone not verified' },
    { key: 'self', icon: UserRoundCheck, yes: 'Profile complete', no: 'Profile incomplete' },
  ] as const;
  return (
    <ul aria-label="Verifications" className="flex flex-wrap gap-2">
      {items.map(({ key, icon: Icon, yes, no }) => {
        const verified = verifications[key];
        return (
          <li
            key={key}
            className={clsx(
              'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1',
              verified
                ? 'bg-brand-50 text-brand-800 ring-brand-100'
                : 'bg-slate-50 text-slate-500 ring-slate-200',
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {verified ? yes : no}
            {verified ? (
              <CircleCheck className="size-3.5 text-brand-2" aria-hidden="true" />
            ) : (
              <CircleDashed className="size-3.5" aria-hidden="true" />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function HistoryCard({ agentId }: { agentId: string }) {
  const [page, setPage] = useState<number>(HISTORY_DEFAULTS.page);
  const history = useGetReputationHistoryQuery({ agentId, page, limit: HISTORY_DEFAULTS.limit });
  const pagination = history.data?.pagination;
  const totalPages = pagination?.totalPages ?? 0;
  // a page past the end (fewer entries than when it was chosen) goes back to the last one
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reputation history</CardTitle>
        <CardDescription>
          {pagination && pagination.totalItems > 0
            ? `${formatCount(pagination.totalItems)} ${pagination.totalItems === 1 ? 'activity' : 'activities'}, newest first`
            : 'Every award, newest first.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {history.isError ? (
          <div className="px-6 pb-4">
            <LoadError what="Your reputation history" retry={history.refetch} />
          </div>
        ) : history.isLoading ? (
          <div className="space-y-3 px-6 pb-4" role="status" aria-label="Loading reputation history">
            {[0, 1, 2].map((row) => (
              <div key={row} className="h-10 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        ) : !history.data || history.data.activities.length === 0 ? (
          <EmptyState
            icon={<History />}
            title="No reputation activity yet"
            description="List properties, get deeds verified and connect with other agents to earn points."
            className="py-8"
          />
        ) : (
          <ol
            aria-label="Reputation history"
            aria-busy={history.isFetching}
            className={clsx(
              'divide-y divide-slate-100',
              history.isFetching && 'opacity-60 transition-opacity',
            )}
          >
            {history.data.activities.map((activity) => (
              <HistoryRow key={activity.id} activity={activity} />
            ))}
          </ol>
        )}
      </CardContent>
      {pagination && pagination.totalPages > 1 && (
        <nav
          aria-label="Reputation history pages"
          className="flex items-center justify-between gap-3 border-t border-slate-100 px-6 py-3"
        >
          <Button
            variant="secondary"
            size="sm"
            aria-label="Previous page"
            disabled={page <= 1 || history.isFetching}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            Previous
          </Button>
          <p className="text-sm text-slate-600" aria-live="polite">
            Page <span className="font-semibold text-slate-900">{pagination.page}</span> of{' '}
            <span className="font-semibold text-slate-900">{pagination.totalPages}</span>
          </p>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Next page"
            disabled={page >= pagination.totalPages || history.isFetching}
            onClick={() => setPage((current) => current + 1)}
          >
            Next
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      )}
    </Card>
  );
}

function HistoryRow({ activity }: { activity: ReputationActivity }) {
  const Icon = ACTIVITY_ICONS[activity.activityType] ?? Award;
  return (
    <li className="flex items-center gap-3 px-6 py-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-2 ring-1 ring-brand-100"
      >
        <Icon className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{activity.description}</p>
        <p className="text-xs text-slate-500">
          {REPUTATION_ACTIVITIES[activity.activityType]?.label} ·{' '}
          <time dateTime={activity.created_at}>{formatDate(activity.created_at)}</time>
        </p>
      </div>
      <span className="shrink-0 rounded-full bg-amber-50 px-2.5 py-1 text-sm font-bold text-amber-700 tabular-nums ring-1 ring-amber-100">
        +{activity.points}
      </span>
    </li>
  );
}

function LoadError({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm"
    >
      <span className="text-red-800">{what} could not be loaded.</span>
      <Button size="sm" variant="secondary" onClick={retry}>
        Retry
      </Button>
    </div>
  );
}
