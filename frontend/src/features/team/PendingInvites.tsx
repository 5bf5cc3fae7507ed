import { Clock, Mail, MailX, X } from 'lucide-react';
import { useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useListInvitesQuery, useRevokeInviteMutation } from './api.ts';
import type { Invite } from './types.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

function daysLeft(iso: string): string {
  const days = Math.ceil((Date.parse(iso) - Date.now()) / 86_400_000);
  if (days <= 1) return 'expires within a day';
  return `expires in ${days} days`;
}

/** The agency's pending invitations with Revoke (the admin's view); loading, empty and error states. */
export function PendingInvites() {
  const { data, isLoading, isError, refetch } = useListInvitesQuery();
  if (isLoading) {
    return (
      <div className="flex justify-center py-8 text-brand-2">
        <Spinner label="Loading invitations" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <Alert>
        The invitations could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  if (data.items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
        No pending invitations.
      </p>
    );
  }
  return (
    <ul
      aria-label="Pending invitations"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200"
    >
      {data.items.map((invite) => (
        <PendingInviteRow key={invite.id} invite={invite} />
      ))}
    </ul>
  );
}

function PendingInviteRow({ invite }: { invite: Invite }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <span
        className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-100 sm:flex"
        aria-hidden="true"
      >
        <Mail className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{invite.email}</p>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
          <Clock className="size-3.5" aria-hidden="true" />
          Sent {formatDate(invite.created_at)} · {daysLeft(invite.expires_at)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={`Revoke the invitation to ${invite.email}`}
      >
        <X className="size-3.5" aria-hidden="true" />
        Revoke
      </Button>
      {confirming && <RevokeInviteDialog invite={invite} onClose={() => setConfirming(false)} />}
    </li>
  );
}

/** Revoking asks first: the invitee's link stops working, which the admin cannot undo (only invite again). */
function RevokeInviteDialog({ invite, onClose }: { invite: Invite; onClose: () => void }) {
  const [revoke, { isLoading }] = useRevokeInviteMutation();
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async () => {
    setError(null);
    const result = await revoke(invite.id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'The invitation could not be revoked. Please try again.'));
      return;
    }
    showToast('success', `Invitation to ${invite.email} revoked`);
    onClose();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !isLoading && onClose()}
      title={`Revoke the invitation to ${invite.email}?`}
      description="The link in the invitation stops working and its seat is free again. You can invite this address again later."
      icon={
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100">
          <MailX className="size-5" aria-hidden="true" />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Keep invitation
          </Button>
          <Button variant="danger" loading={isLoading} onClick={() => void onConfirm()}>
            Revoke invitation
          </Button>
        </>
      }
    >
      {error && <Alert>{error}</Alert>}
    </Modal>
  );
}
