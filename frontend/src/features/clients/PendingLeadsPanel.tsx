import clsx from 'clsx';
import { ChevronDown, Globe, Inbox, Plus, RefreshCw, Sparkles, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { planFor } from '#contracts/plans';
import { PENDING_LEAD_DAYS } from '#contracts/schemas/pending-leads';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { selectAgentData } from '../agents/selectors.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useGetFeatureLimitQuery } from '../preferences/api.ts';
import {
  isClientLimitError,
  PENDING_LEADS_PAGE_SIZE,
  type PendingLead,
  useAcceptPendingLeadMutation,
  useAcceptPendingLeadsMutation,
  useDismissPendingLeadMutation,
  useDismissPendingLeadsMutation,
  useListPendingLeadsQuery,
} from './api.ts';
import { formatWhen, initialsOf } from './clientFormat.ts';

/** Leads shown before "Show all". */
const FIRST_ROWS = 3;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Website leads waiting to become clients (docs/decisions.md, "Leads never take the agent's own room"): a
 * lead becomes a client at once only while the agent is under the plan's client limit and no leads are
 * waiting; the others wait here, outside the book and its count, until the agent adds them (room
 * permitting: one by one, or all at once after an upgrade) or dismisses them. Nothing shows without them.
 */
export function PendingLeadsPanel() {
  const me = useAppSelector(selectAgentData);
  const waiting = useListPendingLeadsQuery();
  const usage = useGetFeatureLimitQuery('clients');
  const [acceptAll, acceptingAll] = useAcceptPendingLeadsMutation();
  const [dismissAll, dismissingAll] = useDismissPendingLeadsMutation();
  const [expanded, setExpanded] = useState(false);
  const [confirmDismissAll, setConfirmDismissAll] = useState(false);

  if (waiting.isError && !waiting.data) {
    return (
      <Alert>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <span>The leads waiting from your website could not be loaded.</span>
          <Button size="sm" variant="secondary" onClick={() => waiting.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  const leads = waiting.data?.items ?? [];
  if (leads.length === 0) return null;

  const plan = planFor(me?.role);
  const limit = plan.limits.clients;
  const current = usage.data?.current;
  const room = limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - (current ?? limit));
  const atLimit = limit !== null && room === 0;
  const inactive = me?.subscription_status === 'expired' || me?.subscription_status === 'payment_failed';
  const count = waiting.data?.cursor ? `${PENDING_LEADS_PAGE_SIZE}+` : String(leads.length);
  const noun = leads.length === 1 && !waiting.data?.cursor ? 'lead' : 'leads';
  const headline = inactive
    ? `${count} ${noun} waiting — your subscription is not active`
    : atLimit
      ? `${count} ${noun} waiting — you're at your plan's client limit`
      : `${count} ${noun} from your website waiting`;
  const shown = expanded ? leads : leads.slice(0, FIRST_ROWS);

  const onAcceptAll = async () => {
    const result = await acceptAll();
    if ('error' in result) {
      // the limit's 403 opens the limit prompt (api.ts); a 402 the paywall
      if (!isClientLimitError(result.error) && (result.error as { status?: unknown }).status !== 402) {
        showToast('error', apiErrorMessage(result.error, 'The leads could not be added. Please try again.'));
      }
      return;
    }
    const { accepted, remaining } = result.data;
    showToast(
      'success',
      remaining > 0
        ? `Added ${plural(accepted, 'lead')} to your clients; ${plural(remaining, 'lead')} still waiting`
        : `Added ${plural(accepted, 'lead')} to your clients`,
    );
  };

  const onDismissAll = async () => {
    const result = await dismissAll();
    setConfirmDismissAll(false);
    if ('error' in result) {
      showToast(
        'error',
        apiErrorMessage(result.error, 'The leads could not be dismissed. Please try again.'),
      );
      return;
    }
    showToast('success', `Dismissed ${plural(result.data.dismissed, 'lead')}`);
  };

  return (
    <section
      aria-labelledby="pending-leads-title"
      className="overflow-hidden rounded-2xl border border-amber-200 bg-amber-50/60 shadow-xs"
    >
      <div className="flex flex-col gap-4 p-4 sm:p-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 ring-4 ring-amber-50">
            <Inbox className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="pending-leads-title" className="text-base font-semibold text-slate-900">
              {headline}
            </h2>
            <p className="mt-1 max-w-3xl text-sm leading-relaxed text-slate-700">
              {limit === null
                ? 'These leads arrived while your plan had no room for them. They are not in your client book yet: add them, or dismiss the ones you don’t want.'
                : `Leads from your website become clients while you're under your plan's limit of ${limit} clients; beyond it they wait here, and don't count towards it. Your own "Add client" is never blocked by them.`}{' '}
              {inactive
                ? 'Renew your subscription to add them to your clients.'
                : atLimit
                  ? 'Free up room by deleting clients you no longer need, or upgrade for unlimited clients.'
                  : limit !== null
                    ? `You have room for ${plural(room, 'more client')}.`
                    : ''}{' '}
              <span className="text-slate-500">Leads wait here for {PENDING_LEAD_DAYS} days.</span>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 lg:justify-end">
          {(atLimit || inactive) && (
            <Button asChild size="sm">
              <Link to={`${paths.upgrade}?reason=limit`}>
                <Sparkles className="size-4" aria-hidden="true" />
                Upgrade Now
              </Link>
            </Button>
          )}
          {!atLimit && !inactive && (
            <Button size="sm" onClick={onAcceptAll} loading={acceptingAll.isLoading}>
              <Plus className="size-4" aria-hidden="true" />
              {room >= leads.length ? 'Add all to clients' : `Add ${plural(room, 'lead')} to clients`}
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => setConfirmDismissAll(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
            Dismiss all
          </Button>
        </div>
      </div>

      <ul className="divide-y divide-amber-100 border-t border-amber-200 bg-white">
        {shown.map((lead) => (
          <PendingLeadRow key={lead.lead_id} lead={lead} canAdd={!atLimit && !inactive} />
        ))}
      </ul>
      {leads.length > FIRST_ROWS && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="flex w-full items-center justify-center gap-1.5 border-t border-amber-100 bg-white px-4 py-2.5 text-sm font-medium text-brand-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-1"
        >
          {expanded ? 'Show fewer' : `Show all ${count} waiting leads`}
          <ChevronDown
            className={clsx('size-4 transition-transform', expanded && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      )}

      <Modal
        open={confirmDismissAll}
        onOpenChange={setConfirmDismissAll}
        size="sm"
        title={`Dismiss ${leads.length === 1 ? 'the waiting lead' : `all ${count} waiting leads`}?`}
        description="They are deleted and never added to your clients. This can't be undone."
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirmDismissAll(false)}
              disabled={dismissingAll.isLoading}
            >
              Cancel
            </Button>
            <Button variant="danger" onClick={onDismissAll} loading={dismissingAll.isLoading}>
              Dismiss all
            </Button>
          </>
        }
      />
    </section>
  );
}

function PendingLeadRow({ lead, canAdd }: { lead: PendingLead; canAdd: boolean }) {
  const [accept, accepting] = useAcceptPendingLeadMutation();
  const [dismiss, dismissing] = useDismissPendingLeadMutation();

  const onAccept = async () => {
    const result = await accept(lead.lead_id);
    if ('error' in result) {
      if (!isClientLimitError(result.error) && (result.error as { status?: unknown }).status !== 402) {
        showToast('error', apiErrorMessage(result.error, 'The lead could not be added. Please try again.'));
      }
      return;
    }
    showToast('success', `${lead.full_name} added to your clients`);
  };

  const onDismiss = async () => {
    const result = await dismiss(lead.lead_id);
    if ('error' in result) {
      showToast('error', apiErrorMessage(result.error, 'The lead could not be dismissed. Please try again.'));
      return;
    }
    showToast('success', `${lead.full_name} dismissed`);
  };

  const where = lead.property_title ? `about “${lead.property_title}”` : lead.page ? `page ${lead.page}` : '';
  return (
    <li className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
      <div className="flex min-w-0 flex-1 gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600"
          aria-hidden="true"
        >
          {initialsOf(lead.full_name)}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-slate-900">{lead.full_name}</span>
            <a href={`mailto:${lead.email}`} className="truncate text-brand-2 hover:underline">
              {lead.email}
            </a>
            {lead.phone && <span className="text-slate-600">{lead.phone}</span>}
          </p>
          <p className="mt-0.5 flex items-start gap-1.5 text-xs text-slate-500">
            <Globe className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0">
              {lead.website_name}
              {where && ` · ${where}`} · {formatWhen(lead.received_at)}
            </span>
          </p>
          {lead.message && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{lead.message}</p>}
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-12 sm:pl-0">
        <Button
          size="sm"
          variant="secondary"
          onClick={onAccept}
          loading={accepting.isLoading}
          disabled={!canAdd || dismissing.isLoading}
          title={canAdd ? undefined : 'No room in your client book: free up room or upgrade to add this lead'}
          aria-label={`Add ${lead.full_name} to clients`}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add to clients
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDismiss}
          loading={dismissing.isLoading}
          disabled={accepting.isLoading}
          aria-label={`Dismiss ${lead.full_name}`}
        >
          <X className="size-4" aria-hidden="true" />
          Dismiss
        </Button>
      </div>
    </li>
  );
}
