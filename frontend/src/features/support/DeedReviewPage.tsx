import { Check, ExternalLink, FileCheck2, MapPin, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { REJECTION_REASON_MAX } from '#contracts/verification-values';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { PageLoader } from '../../components/ui/Spinner.tsx';
import { formatSize } from '../cloud/format.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  type DeedReview,
  useGetDeedDocumentMutation,
  useListDeedReviewsQuery,
  useReviewDeedMutation,
} from './deedReviewsApi.ts';

/** How often the open queue asks for newly uploaded deeds. */
const QUEUE_POLL_MS = 30_000;

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * /settings/deed-reviews: EstateNet's support staff review the deeds agents uploaded for their listings,
 * oldest first. Approving makes the listing deed-verified and earns its agent the points and a verified
 * deal (once); rejecting needs a reason, which the agent sees on the listing. To anyone else the queue does
 * not exist (the API answers 404).
 */
export function DeedReviewPage() {
  const queue = useListDeedReviewsQuery(undefined, {
    pollingInterval: QUEUE_POLL_MS,
    skipPollingIfUnfocused: true,
  });

  if (queue.isLoading) return <PageLoader label="Loading the deed reviews" />;
  if (!queue.data) {
    const notStaff = (queue.error as { status?: unknown } | undefined)?.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <Heading />
        <Alert className="mt-6" tone={notStaff ? 'info' : 'error'}>
          {notStaff
            ? "Deed reviews are for EstateNet's support staff. Upload your listing's deed from its page (Verification)."
            : "We couldn't load the deed reviews. It will try again in a moment."}
        </Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <Heading count={queue.data.items.length} more={Boolean(queue.data.cursor)} />
      {queue.data.items.length === 0 ? (
        <Card className="mt-6">
          <EmptyState
            icon={<FileCheck2 />}
            title="No deeds waiting for review"
            description="When an agent uploads a listing's title deed, it appears here, oldest first."
          />
        </Card>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Deeds waiting for review">
          {queue.data.items.map((item) => (
            <li key={item.submission_id}>
              <ReviewCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {queue.data.cursor && (
        <p className="mt-4 text-center text-sm text-slate-500">
          More deeds are waiting: they appear as these are decided.
        </p>
      )}
    </div>
  );
}

function Heading({ count, more }: { count?: number; more?: boolean }) {
  return (
    <div>
      <Link to={paths.settings} className="text-sm font-medium text-brand-800 hover:underline">
        ← Settings
      </Link>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Deed reviews</h1>
      <p className="mt-1 text-slate-600">
        Approve a deed that matches its listing (owner's property, title and address); reject one that
        doesn't, saying why: the agent sees your reason and can upload again.
        {count !== undefined && count > 0 && (
          <span className="font-medium text-slate-800">
            {' '}
            {count}
            {more ? '+' : ''} waiting.
          </span>
        )}
      </p>
    </div>
  );
}

function ReviewCard({ item }: { item: DeedReview }) {
  const [openDocument, opening] = useGetDeedDocumentMutation();
  const [review, reviewing] = useReviewDeedMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const place = [item.street_address, item.city].filter(Boolean).join(', ');

  const open = async () => {
    setError(null);
    const result = await openDocument(item.property_id);
    if ('error' in result) {
      setError(apiErrorMessage(result.error, "The deed couldn't be opened. Try again."));
      return;
    }
    window.open(result.data.url, '_blank', 'noopener,noreferrer');
  };

  const decide = async (decision: 'approve' | 'reject') => {
    setError(null);
    const result = await review({
      propertyId: item.property_id,
      submissionId: item.submission_id,
      decision,
      ...(decision === 'reject' ? { reason: reason.trim() } : {}),
    });
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'The decision could not be saved. Try again.'));
      return;
    }
    showToast(
      'success',
      decision === 'approve'
        ? `Deed approved: ${item.property_title} is deed-verified`
        : `Deed rejected: ${item.agent_name} will see your reason`,
    );
  };

  const submitRejection = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Reason is required to reject a deed: tell the agent what is wrong');
      return;
    }
    void decide('reject');
  };

  return (
    <Card>
      <article aria-label={item.property_title}>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate text-base font-semibold text-slate-900">{item.property_title}</h2>
              <p className="mt-0.5 inline-flex items-center gap-1 text-sm text-slate-600">
                <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                {place}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                Listed by <span className="font-medium text-slate-800">{item.agent_name}</span> · uploaded{' '}
                {dateTime(item.submitted_at)}
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={open} loading={opening.isLoading}>
              <ExternalLink className="size-4" aria-hidden="true" />
              Open the deed
            </Button>
          </div>
          <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <FileCheck2 className="size-4 shrink-0 text-brand-2" aria-hidden="true" />
            <span className="truncate">{item.document.name}</span>
            <span className="shrink-0 text-slate-500">
              {item.document.type === 'application/pdf' ? 'PDF' : 'Image'} · {formatSize(item.document.size)}
            </span>
          </p>
          {error && <Alert>{error}</Alert>}
          {rejecting ? (
            <form onSubmit={submitRejection} noValidate className="space-y-3">
              <FormField label="Reason" hint="The agent sees it on the listing, word for word.">
                {(control) => (
                  <textarea
                    {...control}
                    value={reason}
                    maxLength={REJECTION_REASON_MAX}
                    onChange={(event) => setReason(event.target.value)}
                    placeholder="The scan is cut off: page 2 with the registry stamp is missing."
                    className="block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-[0.9375rem] text-slate-900 shadow-xs placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none"
                  />
                )}
              </FormField>
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setRejecting(false)}
                  disabled={reviewing.isLoading}
                >
                  Cancel
                </Button>
                <Button type="submit" variant="danger" size="sm" loading={reviewing.isLoading}>
                  Reject the deed
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setRejecting(true)}
                disabled={reviewing.isLoading}
              >
                <X className="size-4" aria-hidden="true" />
                Reject
              </Button>
              <Button size="sm" onClick={() => decide('approve')} loading={reviewing.isLoading}>
                <Check className="size-4" aria-hidden="true" />
                Approve
              </Button>
            </div>
          )}
        </CardContent>
      </article>
    </Card>
  );
}
