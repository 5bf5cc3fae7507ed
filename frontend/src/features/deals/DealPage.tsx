import clsx from 'clsx';
import { ArrowLeft, CalendarPlus, CircleCheck, Clock, ImageOff } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DEAL_NOTE_MAX_LENGTH, DEAL_STAGE_LABELS, type DealStage, dealMovesFor } from '#contracts/deals';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Card, CardContent } from '../../components/ui/Card.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { Textarea } from '../agenda/fields.tsx';
import { Avatar } from '../agents/Avatar.tsx';
import { readApiError } from '../errors/apiError.ts';
import { useCurrency } from '../preferences/usePreferences.ts';
import { propertyPath } from '../properties/paths.ts';
import {
  type Deal,
  type DealDetail,
  useAddDealNoteMutation,
  useConfirmDealCloseMutation,
  useGetDealQuery,
  useMoveDealMutation,
} from './api.ts';
import { DealStageBadge } from './DealStageBadge.tsx';
import { DealStepper } from './DealStepper.tsx';
import { DealTimeline } from './DealTimeline.tsx';
import { closeState, isDealEnded, moveLabel, movesNeedingConfirmation, sideLabel } from './dealView.ts';

const ScheduleOnDeal = lazy(() => import('./ScheduleOnDeal.tsx'));

/** One deal, as both of its agents see it: the listing, the parties, the stages, the moves, the timeline. */
export function DealPage() {
  const { dealId = '' } = useParams();
  const { data: deal, isLoading, isError, error, refetch } = useGetDealQuery(dealId);

  if (isLoading) {
    return (
      <div className="flex justify-center py-24 text-brand-2">
        <Spinner className="size-8" label="Loading the deal" />
      </div>
    );
  }
  if (isError || !deal) {
    const status = readApiError(error).status;
    const missing = status === 404 || status === 400;
    return (
      <Card className="mx-auto max-w-xl">
        <EmptyState
          title={missing ? "This deal can't be opened" : 'The deal could not be loaded'}
          description={
            missing ? 'Only the two agents of a deal can open it, or the link is wrong.' : 'Please try again.'
          }
          action={
            missing ? (
              <Link to={paths.deals} className={buttonClassName()}>
                Back to deals
              </Link>
            ) : (
              <Button onClick={() => refetch()}>Try again</Button>
            )
          }
        />
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link
        to={paths.deals}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All deals
      </Link>
      <DealHeader deal={deal} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardContent className="space-y-5">
              <div>
                <h2 className="text-base font-semibold text-slate-900">Stage</h2>
                <div className="@container mt-3">
                  <DealStepper status={deal.status} timeline={deal.timeline} />
                </div>
              </div>
              <DealMoves deal={deal} />
              <CloseConfirmation deal={deal} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="space-y-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-base font-semibold text-slate-900">Timeline</h2>
                <ScheduleButton deal={deal} />
              </div>
              <DealTimeline deal={deal} />
              <NoteBox deal={deal} />
            </CardContent>
          </Card>
        </div>
        <aside className="space-y-6">
          <Parties deal={deal} />
          <SharedClient deal={deal} />
        </aside>
      </div>
    </div>
  );
}

function DealHeader({ deal }: { deal: DealDetail }) {
  const { listingPrice } = useCurrency();
  const { listing } = deal;
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Link
        to={propertyPath(listing.property_id)}
        className={clsx(
          'h-40 w-full shrink-0 overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200 sm:block sm:h-28 sm:w-40',
          // without a photo, a phone shows no placeholder
          listing.image ? 'block' : 'hidden',
        )}
        tabIndex={-1}
        aria-hidden="true"
      >
        {listing.image ? (
          <img src={listing.image} alt="" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-slate-400">
            <ImageOff className="size-6" />
          </span>
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <DealStageBadge stage={deal.status} />
          <span className="text-xs font-medium text-slate-500">{sideLabel(deal.side)}</span>
        </div>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          <Link to={propertyPath(listing.property_id)} className="hover:underline">
            {listing.title}
          </Link>
        </h1>
        <p className="mt-1 text-slate-600">
          {listing.city} ·{' '}
          <span className="font-semibold text-slate-900 tabular-nums">
            {listingPrice(listing.price, listing.currency).original}
          </span>
          {listing.collaborator_commission !== undefined && (
            <>
              {' '}
              · Collaborator commission <strong>{listing.collaborator_commission}%</strong>
            </>
          )}
        </p>
      </div>
    </header>
  );
}

/** The buttons of the moves the caller's side may make now; an ending move is asked about first. */
function DealMoves({ deal }: { deal: Deal }) {
  const moves = dealMovesFor(deal.status, deal.side);
  const [moveDeal, { isLoading, originalArgs }] = useMoveDealMutation();
  const [asking, setAsking] = useState<DealStage | null>(null);
  const [error, setError] = useState<string>();

  if (isDealEnded(deal.status)) {
    return (
      <p className="text-sm text-slate-600">
        {deal.status === 'closed'
          ? 'This deal closed. Both agents confirmed it.'
          : `This deal ended as ${DEAL_STAGE_LABELS[deal.status].toLowerCase()}. Nothing more can change.`}
      </p>
    );
  }

  const move = async (to: DealStage) => {
    setError(undefined);
    const result = await moveDeal({ id: deal.deal_id, status: to });
    setAsking(null);
    if ('error' in result) {
      setError(readApiError(result.error).message ?? 'The deal could not be moved. Please try again.');
      return;
    }
    showToast('success', `Deal ${DEAL_STAGE_LABELS[to].toLowerCase()}`);
  };
  const busy = (to: DealStage) => isLoading && originalArgs?.status === to;

  return (
    <div className="space-y-3">
      {deal.status === 'proposed' && deal.side === 'proposer' && (
        <p className="text-sm text-slate-600">
          Waiting for {deal.listing_agent.full_name} to accept or decline the proposal.
        </p>
      )}
      {moves.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {moves.map((to) => {
            const ending = movesNeedingConfirmation.includes(to);
            return (
              <Button
                key={to}
                variant={ending ? 'secondary' : 'primary'}
                loading={busy(to)}
                disabled={isLoading && !busy(to)}
                onClick={() => (ending ? setAsking(to) : move(to))}
              >
                {moveLabel(to, deal.status)}
              </Button>
            );
          })}
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      <Modal
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        size="sm"
        title={asking ? `${moveLabel(asking, deal.status)}?` : ''}
        description={
          asking === 'declined'
            ? `${deal.proposer.full_name} is told you declined. The deal ends for both of you.`
            : deal.status === 'proposed'
              ? `${deal.listing_agent.full_name} is told you withdrew. The deal ends for both of you.`
              : 'The deal ends as lost for both of you. This cannot be undone.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)} disabled={isLoading}>
              Keep the deal
            </Button>
            <Button variant="danger" loading={isLoading} onClick={() => asking && move(asking)}>
              {asking ? moveLabel(asking, deal.status) : ''}
            </Button>
          </>
        }
      />
    </div>
  );
}

function CloseConfirmation({ deal }: { deal: Deal }) {
  const state = closeState(deal);
  const [confirmClose, { isLoading }] = useConfirmDealCloseMutation();
  const [error, setError] = useState<string>();
  if (state.kind === 'unavailable' || state.kind === 'closed') return null;

  const confirm = async () => {
    setError(undefined);
    const result = await confirmClose(deal.deal_id);
    if ('error' in result) {
      setError(readApiError(result.error).message ?? 'The close could not be confirmed. Please try again.');
      return;
    }
    showToast('success', result.data.status === 'closed' ? 'Deal closed' : 'Close confirmed');
  };

  return (
    <section
      aria-label="Close the deal"
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      {state.kind === 'waiting' ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          You confirmed the close. Waiting for {state.other} to confirm.
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm text-slate-700">
            {state.kind === 'other-confirmed' ? (
              <>
                <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                {state.other} confirmed — confirm to close.
              </>
            ) : (
              'Did the deal close? Both agents confirm it; then each gets a verified deal.'
            )}
          </p>
          <Button onClick={confirm} loading={isLoading}>
            Confirm close
          </Button>
        </>
      )}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}

function NoteBox({ deal }: { deal: Deal }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [addNote, { isLoading }] = useAddDealNoteMutation();
  const ended = isDealEnded(deal.status);
  const limit = textLimit('Note', text, DEAL_NOTE_MAX_LENGTH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!text.trim()) {
      setError('Write a note first');
      return;
    }
    if (limit.error) return;
    const result = await addNote({ id: deal.deal_id, text: text.trim() });
    if ('error' in result) {
      setError(readApiError(result.error).message ?? 'The note could not be added. Please try again.');
      return;
    }
    setText('');
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-slate-100 pt-5">
      <FormField
        label="Add a note"
        labelAside={limit.counter}
        error={error ?? limit.error}
        hint={ended ? 'This deal has ended: no more notes.' : 'Both agents see the notes.'}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={text}
            disabled={ended}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={isLoading} disabled={ended}>
          Add note
        </Button>
      </div>
    </form>
  );
}

/** "Schedule" opens the agenda's event dialog for this deal (not once the deal has ended). */
function ScheduleButton({ deal }: { deal: Deal }) {
  const [open, setOpen] = useState(false);
  if (isDealEnded(deal.status)) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        <CalendarPlus className="size-4" aria-hidden="true" />
        Schedule
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScheduleOnDeal deal={deal} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function Parties({ deal }: { deal: Deal }) {
  const people = [
    { role: 'Listing agent', agent: deal.listing_agent, you: deal.side === 'listing' },
    { role: 'Brought the client', agent: deal.proposer, you: deal.side === 'proposer' },
  ];
  return (
    <Card>
      <CardContent>
        <h2 className="text-base font-semibold text-slate-900">Agents</h2>
        <ul className="mt-4 space-y-4">
          {people.map(({ role, agent, you }) => (
            <li key={role} className="flex items-center gap-3">
              <Avatar src={agent.profile_picture} alt="" className="size-11" />
              <div className="min-w-0">
                <p className="truncate font-semibold text-slate-900">
                  {you ? (
                    `${agent.full_name} (you)`
                  ) : (
                    <Link to={paths.agentProfile(agent.agent_id)} className="hover:underline">
                      {agent.full_name}
                    </Link>
                  )}
                </p>
                <p className="text-sm text-slate-600">{role}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function SharedClient({ deal }: { deal: Deal }) {
  const { client } = deal;
  const { listingPrice } = useCurrency();
  const currency = client.currency ?? deal.listing.currency;
  const amount = (value: number) => listingPrice(value, currency).original;
  const budget =
    client.budget_min !== undefined && client.budget_max !== undefined
      ? `${amount(client.budget_min)} – ${amount(client.budget_max)}`
      : client.budget_min !== undefined
        ? `From ${amount(client.budget_min)}`
        : client.budget_max !== undefined
          ? `Up to ${amount(client.budget_max)}`
          : undefined;
  const facts: Array<[string, string]> = [
    ['Name', client.full_name],
    ...(client.email ? [['Email', client.email] as [string, string]] : []),
    ...(client.phone ? [['Phone', client.phone] as [string, string]] : []),
    ...(budget ? [['Budget', budget] as [string, string]] : []),
    ...(client.preferred_areas?.length
      ? [['Preferred areas', client.preferred_areas.join(', ')] as [string, string]]
      : []),
  ];
  return (
    <Card>
      <CardContent>
        <h2 className="text-base font-semibold text-slate-900">Client</h2>
        <p className="mt-1 text-sm text-slate-500">
          {deal.side === 'proposer'
            ? 'What you share with the listing agent.'
            : `As far as ${deal.proposer.full_name} shares them.`}
        </p>
        <dl className="mt-4 space-y-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-500">{label}</dt>
              <dd className="mt-0.5 font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
