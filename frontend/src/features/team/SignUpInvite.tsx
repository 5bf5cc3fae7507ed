import { Building2, CircleAlert, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/Button.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useGetInvitePreviewQuery } from './api.ts';
import { rememberPendingInvite } from './pendingInvite.ts';
import type { InvitePreview } from './types.ts';

export const INVITE_LINK_INVALID = 'This invitation link is no longer valid. Ask the agency for a new one.';

export interface SignUpInvite {
  token: string | null;
  preview: InvitePreview | undefined;
  loading: boolean;
  error: string | null;
  /** the link was accepted already: its invitee signs in instead */
  accepted: boolean;
}

/**
 * The invitation of `/authentication/register?invite=<token>`: looked up without a session, and once
 * valid, remembered so the app accepts it after sign-up (or a sign-in with an existing account).
 */
export function useSignUpInvite(token: string | null): SignUpInvite {
  const { data, isLoading, isFetching, error } = useGetInvitePreviewQuery(token ?? '', { skip: !token });
  useEffect(() => {
    if (token && data) rememberPendingInvite(token);
  }, [token, data]);
  const status = (error as { status?: unknown } | undefined)?.status;
  return {
    token,
    preview: data,
    loading: Boolean(token) && (isLoading || isFetching) && !data,
    accepted: Boolean(token) && status === 409,
    error:
      !token || !error
        ? null
        : status === 404
          ? INVITE_LINK_INVALID
          : apiErrorMessage(error, INVITE_LINK_INVALID),
  };
}

/** Above the sign-up form: which agency invites, to which email; or why the link does not work. */
export function SignUpInviteBanner({ invite }: { invite: SignUpInvite }) {
  if (!invite.token) return null;
  if (invite.loading) {
    return (
      <p role="status" className="mt-8 flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Checking your invitation…
      </p>
    );
  }
  if (invite.error || !invite.preview) {
    return (
      <p
        role="alert"
        className="mt-8 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        <span>
          {invite.error ?? INVITE_LINK_INVALID}
          {invite.accepted && (
            <>
              {' '}
              <Link to={paths.login} className="font-semibold text-amber-950 underline underline-offset-2">
                Sign in
              </Link>
            </>
          )}
        </span>
      </p>
    );
  }
  return <InviteCard preview={invite.preview} className="mt-8" />;
}

function InviteCard({ preview, className }: { preview: InvitePreview; className?: string }) {
  return (
    <section
      aria-label="Invitation"
      className={`flex items-start gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-4 ${className ?? ''}`}
    >
      {preview.agency_logo ? (
        <img
          src={preview.agency_logo}
          alt=""
          className="size-12 shrink-0 rounded-xl bg-white object-contain ring-1 ring-slate-900/5"
        />
      ) : (
        <span
          className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-2 text-white"
          aria-hidden="true"
        >
          <Building2 className="size-6" />
        </span>
      )}
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">Join {preview.agency_name}</h2>
        <p className="mt-0.5 text-sm text-slate-700">
          {preview.invited_by_name} invited <span className="font-medium">{preview.email}</span> to the team.
          Create your account to accept, or sign in if you already have one.
        </p>
      </div>
    </section>
  );
}

/** An agent already signed in who opens an invite link: accept it as that agent. */
export function SignedInInvite({ invite }: { invite: SignUpInvite }) {
  const navigate = useNavigate();
  if (invite.loading || invite.error || !invite.preview || !invite.token) {
    return <SignUpInviteBanner invite={invite} />;
  }
  const { token, preview } = invite;
  return (
    <div className="mt-8 space-y-5">
      <InviteCard preview={preview} />
      <p className="text-sm text-slate-600">
        You're signed in. The invitation was sent to {preview.email}; accept it with that account.
      </p>
      <Button
        fullWidth
        size="lg"
        onClick={() => {
          rememberPendingInvite(token);
          navigate(paths.profile, { replace: true });
        }}
      >
        Accept invitation
      </Button>
    </div>
  );
}
