import {
  Award,
  BadgeCheck,
  Handshake,
  Home,
  Mail,
  MapPin,
  ShieldCheck,
  UserMinus,
  UserPlus,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { Avatar } from '../agents/Avatar.tsx';
import { selectAgentData } from '../agents/selectors.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { formatCount } from '../preferences/format.ts';
import { planLabel } from '../shell/roles.ts';
import { useGetTeamQuery, useRemoveMemberMutation } from './api.ts';
import { PendingInvites } from './PendingInvites.tsx';
import { SeatMeter } from './SeatMeter.tsx';
import type { Team, TeamMember } from './types.ts';

const STATS = [
  { key: 'reputation_points', label: 'Reputation', icon: Award },
  { key: 'property_count', label: 'Properties', icon: Home },
  { key: 'verified_deals', label: 'Verified deals', icon: BadgeCheck },
  { key: 'connections', label: 'Connections', icon: Handshake },
] as const;

/** /team (role Agency, spec §2/§6): the agency's members with role and stats, pending invitations. */
export function TeamPage() {
  const agent = useAppSelector(selectAgentData);
  const { data, isLoading, isError, error, refetch } = useGetTeamQuery(undefined, {
    skip: !agent?.agency_id,
  });

  if (!agent?.agency_id) {
    return (
      <Card className="mx-auto max-w-2xl">
        <EmptyState
          icon={<Users />}
          title="You're not part of an agency team"
          description="When an agency invites you, you'll see its team here. Agencies can invite agents from the Invite page."
        />
      </Card>
    );
  }
  if (isLoading) {
    return (
      <div className="flex justify-center py-24 text-brand-2">
        <Spinner className="size-7" label="Loading your team" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <Alert className="mx-auto max-w-3xl">
        {apiErrorMessage(error, 'Your team could not be loaded.')}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return <TeamView team={data} selfId={agent.agent_id} />;
}

function TeamView({ team, selfId }: { team: Team; selfId: string }) {
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const canInvite = team.is_admin && team.seats.remaining > 0;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-2">Team</p>
            <h1 className="mt-0.5 truncate text-2xl font-bold tracking-tight text-slate-900">
              {team.agency_name}
            </h1>
            <p className="mt-1 text-[0.9375rem] text-slate-600">
              {team.members.length} {team.members.length === 1 ? 'member' : 'members'}
            </p>
          </div>
          {team.is_admin && (
            <Button asChild={canInvite} disabled={!canInvite} className="w-full sm:w-auto">
              {canInvite ? (
                <Link to={paths.invite}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Invite agents
                </Link>
              ) : (
                <>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Invite agents
                </>
              )}
            </Button>
          )}
        </div>
        <SeatMeter summary={team.seats} className="mt-5 max-w-md" />
      </section>

      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="sr-only">
          Members
        </h2>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {team.members.map((member) => (
            <MemberCard
              key={member.agent_id}
              member={member}
              isSelf={member.agent_id === selfId}
              onRemove={team.is_admin && member.user_type !== 'admin' ? () => setRemoving(member) : undefined}
            />
          ))}
        </ul>
        {team.members.length === 1 && (
          <Card className="mt-4">
            <EmptyState
              icon={<UserPlus />}
              title="No agents yet"
              description={
                team.is_admin
                  ? 'Invite agents by email: they join your team when they accept.'
                  : 'The agency has not invited other agents yet.'
              }
              {...(team.is_admin && canInvite
                ? {
                    action: (
                      <Button asChild>
                        <Link to={paths.invite}>Invite agents</Link>
                      </Button>
                    ),
                  }
                : {})}
            />
          </Card>
        )}
      </section>

      {team.is_admin && (
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
            <CardDescription>They hold a seat until accepted, revoked or expired.</CardDescription>
          </CardHeader>
          <CardContent>
            <PendingInvites />
          </CardContent>
        </Card>
      )}

      {removing && (
        <RemoveMemberDialog
          member={removing}
          agencyName={team.agency_name}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}

function MemberCard({
  member,
  isSelf,
  onRemove,
}: {
  member: TeamMember;
  isSelf: boolean;
  onRemove: (() => void) | undefined;
}) {
  return (
    <li
      aria-label={member.full_name}
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm shadow-slate-900/5"
    >
      <div className="flex items-start gap-4">
        <Avatar src={member.profile_picture} alt="" className="size-14" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              to={paths.agentProfile(member.agent_id)}
              className="truncate font-semibold text-slate-900 hover:text-brand-2 hover:underline"
            >
              {member.full_name}
            </Link>
            {isSelf && <span className="text-xs text-slate-500">(you)</span>}
          </div>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            {member.user_type === 'admin' ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-2 px-2 py-0.5 text-xs font-semibold text-white">
                <ShieldCheck className="size-3" aria-hidden="true" />
                Admin
              </span>
            ) : (
              <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
                Agent
              </span>
            )}
            <span className="inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-2 ring-1 ring-brand-100">
              {planLabel(member.role)}
            </span>
          </div>
          <p className="mt-2 flex items-center gap-1.5 truncate text-sm text-slate-600">
            <Mail className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0 truncate">{member.email}</span>
          </p>
          {member.city && (
            <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-500">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              {member.city}
            </p>
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2">
        {STATS.map(({ key, label, icon: Icon }) => (
          <div key={key} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
            <dt className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-slate-500">
              <Icon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{label}</span>
            </dt>
            <dd className="text-sm font-bold text-slate-900 tabular-nums">{formatCount(member[key])}</dd>
          </div>
        ))}
      </dl>
      {onRemove && (
        <div className="mt-4 flex justify-end border-t border-slate-100 pt-3">
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove ${member.full_name}`}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <UserMinus className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function RemoveMemberDialog({
  member,
  agencyName,
  onClose,
}: {
  member: TeamMember;
  agencyName: string;
  onClose: () => void;
}) {
  const [removeMember, { isLoading }] = useRemoveMemberMutation();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async () => {
    setError(null);
    const result = await removeMember(member.agent_id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'The member could not be removed. Please try again.'));
      return;
    }
    showToast('success', `${member.full_name} was removed from the team`);
    onClose();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !isLoading && onClose()}
      title={`Remove ${member.full_name} from ${agencyName}?`}
      description={`${member.full_name} leaves the team and frees a seat. Their profile, properties, clients and files stay theirs.`}
      icon={
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100">
          <UserMinus className="size-5" aria-hidden="true" />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" loading={isLoading} onClick={() => void onConfirm()}>
            Remove member
          </Button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
    </Modal>
  );
}
