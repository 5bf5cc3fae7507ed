import { UserX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { ConnectionPanel } from '../connections/ConnectionPanel.tsx';
import { useGetAgentQuery } from './api.ts';
import { ProfileHeader } from './ProfileHeader.tsx';

// the agent's achievements load after the profile itself
const ReputationSection = lazy(() =>
  import('../reputation/ReputationSection.tsx').then((module) => ({ default: module.ReputationSection })),
);

/**
 * /pages/agent/profile/:agentId: another agent's profile, view only (no picture upload), with the
 * connection state and what it allows: connect, withdraw a sent request, accept or decline one received.
 */
export function AgentProfilePage() {
  const { agentId = '' } = useParams();
  const { data: agent, isLoading, isError } = useGetAgentQuery(agentId, { skip: !agentId });

  if (isLoading) {
    return (
      <div className="flex justify-center py-24 text-brand-2">
        <Spinner className="size-7" label="Loading profile" />
      </div>
    );
  }
  if (isError || !agent) {
    return (
      <EmptyState
        icon={<UserX />}
        title="Agent not found"
        description="This profile doesn't exist or is no longer available."
        action={
          <Button asChild variant="secondary">
            <Link to={paths.profile}>Go to your profile</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <ProfileHeader
        agent={agent}
        picture={agent.profile_picture}
        actions={<ConnectionPanel agent={agent} />}
      />
      <Suspense fallback={<div className="h-48 animate-pulse rounded-2xl bg-slate-100" />}>
        <ReputationSection agentId={agent.agent_id} own={false} />
      </Suspense>
    </div>
  );
}
