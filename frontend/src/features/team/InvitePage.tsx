import { Check, Copy, Link2, Mail, Send, Sparkles, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { isAgencyRole } from '#contracts/plans';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { selectAgencyData } from '../agencies/selectors.ts';
import { selectAgentData } from '../agents/selectors.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { isAgencyAdmin } from '../shell/roles.ts';
import { useCreateInviteMutation, useListInvitesQuery } from './api.ts';
import { PendingInvites } from './PendingInvites.tsx';
import { SeatMeter } from './SeatMeter.tsx';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /agents/invite: the agency admin invites agents by email within the plan's seats (spec §2, §6). */
export function InvitePage() {
  const agent = useAppSelector(selectAgentData);
  const agency = useAppSelector(selectAgencyData);
  if (agent && !isAgencyRole(agent.role)) {
    // the server answers the paywall's premium_feature here too (POST /api/team/invites)
    return (
      <Card className="mx-auto max-w-2xl">
        <EmptyState
          icon={<Sparkles />}
          title="Build your team on an Agency plan"
          description="Inviting agents to a team is part of the Agency and Agency Plus plans. Your listings, clients and connections come with you when you upgrade."
          action={
            <Button asChild>
              <Link to={`${paths.upgrade}?reason=feature`}>See the Agency plans</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  if (!isAgencyAdmin(agent, agency)) {
    return (
      <Card className="mx-auto max-w-2xl">
        <EmptyState
          icon={<Users />}
          title="Only your agency's admin can invite agents"
          description="Ask the admin of your agency to send the invitation. Agencies invite agents to join their team."
          action={
            <Button asChild variant="secondary">
              <Link to={agent?.agency_id ? paths.team : paths.profile}>
                {agent?.agency_id ? 'Go to your team' : 'Back to your profile'}
              </Link>
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Invite agents</h1>
        <p className="mt-1 text-[0.9375rem] text-slate-600">
          Bring agents into {agency?.name}. They join your team as soon as they accept.
        </p>
      </header>
      <InviteForm />
      <Card>
        <CardHeader>
          <CardTitle>Pending invitations</CardTitle>
          <CardDescription>
            Invitations hold a seat until they are accepted, revoked or expire after 7 days.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PendingInvites />
        </CardContent>
      </Card>
    </div>
  );
}

function InviteForm() {
  const { data, isLoading: seatsLoading, isError } = useListInvitesQuery();
  const [createInvite, { isLoading }] = useCreateInviteMutation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentLink, setSentLink] = useState<{ email: string; link: string } | null>(null);
  const remaining = data?.seats.remaining;
  const full = remaining === 0;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const address = email.trim();
    if (!address) return setFieldError('Enter an email address');
    if (!EMAIL_FORMAT.test(address))
      return setFieldError('Enter a valid email address, like name@example.com');
    setFieldError(undefined);
    const result = await createInvite({ email: address });
    if ('error' in result) {
      setFormError(apiErrorMessage(result.error, 'The invitation could not be sent. Please try again.'));
      return;
    }
    setEmail('');
    if (result.data.invite_link) {
      setSentLink({ email: result.data.invite.email, link: result.data.invite_link });
    } else {
      setSentLink(null);
      showToast('success', `Invitation sent to ${result.data.invite.email}`);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-4">
          <div>
            <CardTitle>Invite by email</CardTitle>
            <CardDescription>We'll send a link to join your agency. It's valid for 7 days.</CardDescription>
          </div>
          <span
            className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-2 ring-1 ring-brand-100 sm:flex"
            aria-hidden="true"
          >
            <UserPlus className="size-5" />
          </span>
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        <section aria-label="Seats" className="rounded-xl border border-slate-100 bg-slate-50 px-4 py-3.5">
          <div className="flex items-baseline justify-between gap-3">
            <h3 className="text-sm font-semibold text-slate-800">Seats on your plan</h3>
            {data && (
              <span
                className={`text-sm font-semibold tabular-nums ${data.seats.remaining === 0 ? 'text-amber-700' : 'text-brand-2'}`}
              >
                {data.seats.remaining} {data.seats.remaining === 1 ? 'seat' : 'seats'} left
              </span>
            )}
          </div>
          {seatsLoading && (
            <div className="mt-3 text-brand-2">
              <Spinner label="Loading seats" className="size-4" />
            </div>
          )}
          {isError && <p className="mt-2 text-sm text-red-700">The seats could not be loaded.</p>}
          {data && <SeatMeter summary={data.seats} className="mt-3" />}
        </section>

        {full && (
          <Alert tone="info">
            Every seat is taken or invited. Revoke a pending invitation or{' '}
            <Link to={`${paths.upgrade}?reason=limit`} className="font-semibold underline">
              upgrade your plan
            </Link>{' '}
            to invite more agents.
          </Alert>
        )}

        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Invite by email"
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <FormField label="Email address" error={fieldError} className="flex-1">
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                placeholder="agent@example.com"
                maxLength={254}
                value={email}
                disabled={full}
                leading={<Mail className="size-4.5" />}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" loading={isLoading} disabled={full} className="sm:mt-7 sm:h-11">
            <Send className="size-4" aria-hidden="true" />
            Send invite
          </Button>
        </form>
        {formError && <Alert>{formError}</Alert>}
        {sentLink && <InviteLinkPanel {...sentLink} />}
      </CardContent>
    </Card>
  );
}

/** Where no email is sent (the local cloud), the inviter gets the link to pass on. */
function InviteLinkPanel({ email, link }: { email: string; link: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      showToast('error', 'The link could not be copied. Select it and copy it yourself.');
    }
  };
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <Link2 className="size-4" aria-hidden="true" />
        Invitation created for {email}
      </p>
      <p className="mt-1 text-sm text-emerald-800">
        No email is sent in this environment. Share this link with the agent:
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={link}
          aria-label="Invite link"
          onFocus={(event) => event.currentTarget.select()}
          className="flex-1 font-mono text-sm"
        />
        <Button variant="secondary" onClick={() => void copy()} className="sm:h-11">
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}
