import clsx from 'clsx';
import { FileCheck2, MailCheck, RefreshCw, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { REPUTATION_ACTIVITIES } from '#contracts/reputation-points';
import { DEED_DOCUMENT_TYPES, MAX_DEED_BYTES, OWNER_LINK_VALID_DAYS } from '#contracts/verification-values';
import { api } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { formatSize } from '../cloud/format.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { postToS3 } from './photoUploads.ts';
import {
  DEED_STATE_LABELS,
  OWNER_STATE_LABELS,
  type StateTone,
  shortDate,
  TONE_CLASSES,
} from './verificationStates.ts';
import {
  type ListingVerifications,
  useCreateDeedUploadUrlMutation,
  useGetListingVerificationsQuery,
  useRequestOwnerConfirmationMutation,
  useSubmitDeedMutation,
} from './verificationsApi.ts';

const DEED_POINTS = REPUTATION_ACTIVITIES.PROPERTY_DEED_VERIFIED.points;
const OWNER_POINTS = REPUTATION_ACTIVITIES.OWNER_ACKNOWLEDGEMENT.points;
/** While a deed waits for review or a link for its owner, the panel asks again now and then. */
const WAITING_POLL_MS = 30_000;

export function StateBadge({ label, tone }: { label: string; tone: StateTone }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONE_CLASSES[tone],
      )}
    >
      {label}
    </span>
  );
}

/**
 * The listing agent's Verification card on the listing (issue 20): the deed, uploaded here and reviewed by
 * EstateNet's support staff, and the owner's confirmation through an emailed link. Each shows its state
 * (not requested, pending review, approved, rejected with the reason; email sent, confirmed, declined,
 * link expired) and the next step. Points are awarded when a verification succeeds, never declared.
 */
export function VerificationPanel({ propertyId }: { propertyId: string }) {
  const dispatch = useAppDispatch();
  const [pollingInterval, setPollingInterval] = useState(0);
  // a decision made elsewhere (support staff, the owner) shows without a reload
  const query = useGetListingVerificationsQuery(propertyId, {
    pollingInterval,
    skipPollingIfUnfocused: true,
  });
  const waiting = query.data?.deed.state === 'pending_review' || query.data?.owner.state === 'sent';
  useEffect(() => setPollingInterval(waiting ? WAITING_POLL_MS : 0), [waiting]);
  // once a verification succeeds, the listing's badges and the agent's points are read again
  const flags = query.data && `${query.data.deed_verified}/${query.data.owner_acknowledged}`;
  const seenFlags = useRef(flags);
  useEffect(() => {
    if (flags === undefined) return;
    if (seenFlags.current !== undefined && seenFlags.current !== flags)
      dispatch(api.util.invalidateTags([{ type: 'Property', id: propertyId }, 'Reputation', 'Agent']));
    seenFlags.current = flags;
  }, [dispatch, flags, propertyId]);

  return (
    <Card id="verification" className="scroll-mt-24">
      <section aria-labelledby="verification-heading" className="space-y-5 p-6">
        <div>
          <h2 id="verification-heading" className="text-base font-semibold text-slate-900">
            Verification
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Verified listings earn reputation: {DEED_POINTS} points and a verified deal when EstateNet
            approves the deed, {OWNER_POINTS} points when the owner confirms.
          </p>
        </div>
        {query.isLoading ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading the verifications">
            <div className="h-24 animate-pulse rounded-xl bg-slate-100" />
            <div className="h-24 animate-pulse rounded-xl bg-slate-100" />
          </div>
        ) : !query.data ? (
          <Alert>
            The verifications could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => query.refetch()}>
              Try again
            </button>
          </Alert>
        ) : (
          <>
            <DeedSection propertyId={propertyId} verifications={query.data} />
            <OwnerSection propertyId={propertyId} verifications={query.data} />
          </>
        )}
      </section>
    </Card>
  );
}

function Step({
  icon,
  title,
  badge,
  children,
}: {
  icon: ReactNode;
  title: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="inline-flex items-center gap-2 text-sm font-semibold text-slate-900">
          <span className="text-brand-2 [&_svg]:size-4.5" aria-hidden="true">
            {icon}
          </span>
          {title}
        </h3>
        {badge}
      </div>
      <div className="mt-2 space-y-3 text-sm text-slate-600">{children}</div>
    </section>
  );
}

function DeedSection({
  propertyId,
  verifications,
}: {
  propertyId: string;
  verifications: ListingVerifications;
}) {
  const { deed } = verifications;
  const status = DEED_STATE_LABELS[deed.state];
  const document = deed.document && `${deed.document.name} (${formatSize(deed.document.size)})`;
  return (
    <Step icon={<FileCheck2 />} title="Title deed" badge={<StateBadge {...status} />}>
      {deed.state === 'not_requested' && (
        <p>
          Upload the title deed (a PDF or a photo, up to 20 MB). EstateNet's support staff review it; once
          they approve it the listing shows Deed verified.
        </p>
      )}
      {deed.state === 'pending_review' && (
        <p>
          <span className="font-medium text-slate-800">{document}</span>, uploaded{' '}
          {shortDate(deed.submitted_at)}, is waiting for EstateNet's support staff. You can replace it until
          they review it.
        </p>
      )}
      {deed.state === 'approved' && (
        <p>
          Approved on {shortDate(deed.reviewed_at)}: the listing is deed-verified, and you earned{' '}
          {DEED_POINTS} points and a verified deal.
        </p>
      )}
      {deed.state === 'rejected' && (
        <Alert>
          <p className="font-semibold">Rejected on {shortDate(deed.reviewed_at)}</p>
          <p className="mt-1 whitespace-pre-line">{deed.rejection_reason}</p>
          <p className="mt-1 text-red-700">Upload the deed again once it is fixed.</p>
        </Alert>
      )}
      {deed.state !== 'approved' && (
        <DeedUpload
          propertyId={propertyId}
          label={
            deed.state === 'not_requested'
              ? 'Upload the deed'
              : deed.state === 'rejected'
                ? 'Upload the deed again'
                : 'Replace the deed'
          }
        />
      )}
    </Step>
  );
}

const ACCEPTED = DEED_DOCUMENT_TYPES.join(',');

function DeedUpload({ propertyId, label }: { propertyId: string; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [createUpload] = useCreateDeedUploadUrlMutation();
  const [submitDeed] = useSubmitDeedMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!(DEED_DOCUMENT_TYPES as readonly string[]).includes(file.type)) {
      setError(`${file.name}: the deed must be a PDF or an image (JPEG, PNG or WebP).`);
      return;
    }
    if (file.size > MAX_DEED_BYTES) {
      setError(`${file.name}: the deed must be at most 20 MB.`);
      return;
    }
    setProgress(0);
    try {
      const ticket = await createUpload({ name: file.name, size: file.size, mime_type: file.type });
      if ('error' in ticket)
        throw new Error(apiErrorMessage(ticket.error, 'The deed could not be uploaded.'));
      await postToS3(ticket.data, file, setProgress).catch(() => {
        throw new Error('The deed could not be uploaded. Please try again.');
      });
      const submitted = await submitDeed({ propertyId, fileKey: ticket.data.key });
      if ('error' in submitted)
        throw new Error(
          apiErrorMessage(submitted.error, 'The deed could not be attached. Please try again.'),
        );
      showToast('success', "Deed uploaded: EstateNet's support staff will review it");
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        className="sr-only"
        tabIndex={-1}
        aria-label="Deed document"
        onChange={upload}
      />
      <Button
        size="sm"
        variant="secondary"
        loading={progress !== null}
        onClick={() => input.current?.click()}
      >
        <Upload className="size-4" aria-hidden="true" />
        {label}
      </Button>
      {progress !== null && (
        <p role="status" className="text-xs text-slate-500">
          Uploading the deed… {Math.floor(progress)}%
        </p>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

function OwnerSection({
  propertyId,
  verifications,
}: {
  propertyId: string;
  verifications: ListingVerifications;
}) {
  const { owner } = verifications;
  const status = OWNER_STATE_LABELS[owner.state];
  const [formOpen, setFormOpen] = useState(false);
  const canSend = owner.state !== 'confirmed';
  const showForm = canSend && (owner.state === 'not_requested' || formOpen);
  return (
    <Step icon={<MailCheck />} title="Owner's confirmation" badge={<StateBadge {...status} />}>
      {owner.state === 'not_requested' && (
        <p>
          Enter the owner's email: they get a link to confirm this listing, valid {OWNER_LINK_VALID_DAYS}{' '}
          days, no account needed.
        </p>
      )}
      {owner.state === 'sent' && (
        <p>
          A link was emailed to <span className="font-medium text-slate-800">{owner.owner_email}</span> on{' '}
          {shortDate(owner.sent_at)}. It works until {shortDate(owner.expires_at)}.
        </p>
      )}
      {owner.state === 'confirmed' && (
        <p>
          <span className="font-medium text-slate-800">{owner.owner_email}</span> confirmed this listing on{' '}
          {shortDate(owner.responded_at)}: you earned {OWNER_POINTS} points.
        </p>
      )}
      {owner.state === 'declined' && (
        <Alert>
          <span className="font-medium">{owner.owner_email}</span> said this listing isn't right (
          {shortDate(owner.responded_at)}). Check the details with the owner, then send a new link.
        </Alert>
      )}
      {owner.state === 'expired' && (
        <Alert tone="info">
          The link sent to <span className="font-medium">{owner.owner_email}</span> expired on{' '}
          {shortDate(owner.expires_at)} without an answer. Send a new one.
        </Alert>
      )}
      {showForm ? (
        <OwnerLinkForm
          propertyId={propertyId}
          initialEmail={owner.owner_email ?? ''}
          emailsLeft={owner.emails_left_today}
          again={owner.state !== 'not_requested'}
          onSent={() => setFormOpen(false)}
        />
      ) : (
        canSend && (
          <Button size="sm" variant="secondary" onClick={() => setFormOpen(true)}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Send a new link
          </Button>
        )
      )}
    </Step>
  );
}

function OwnerLinkForm({
  propertyId,
  initialEmail,
  emailsLeft,
  again,
  onSent,
}: {
  propertyId: string;
  initialEmail: string;
  emailsLeft: number;
  again: boolean;
  onSent: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useRequestOwnerConfirmationMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError("Owner's email must be an email address like name@example.com");
      return;
    }
    const result = await send({ propertyId, ownerEmail: email.trim() });
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'The link could not be sent. Please try again.'));
      return;
    }
    showToast('success', `Confirmation link sent to ${email.trim()}`);
    onSent();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label="Owner's email" error={error ?? undefined} className="flex-1">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              placeholder="owner@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" loading={isLoading} disabled={emailsLeft === 0} className="sm:mb-px">
          {again ? 'Send a new link' : 'Send the link'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {emailsLeft === 0
          ? 'This listing sent the owner 3 emails today: you can send another tomorrow.'
          : `${emailsLeft} ${emailsLeft === 1 ? 'email' : 'emails'} left today. A new link replaces the previous one.`}
      </p>
    </form>
  );
}
