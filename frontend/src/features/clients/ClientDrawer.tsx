import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import {
  ArrowRight,
  CalendarClock,
  CalendarDays,
  type LucideIcon,
  Mail,
  PencilLine,
  Phone,
  PhoneCall,
  Plus,
  Trash2,
  UserRoundCheck,
  X,
} from 'lucide-react';
import { type KeyboardEvent, lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { CLIENT_STAGES, type ClientActivityKind, type ClientStage } from '#contracts/client-values';
import { fieldLabel } from '#contracts/field-labels';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useGetPropertyQuery } from '../properties/api.ts';
import {
  type Client,
  type ClientActivity,
  useListClientActivityInfiniteQuery,
  useUpdateClientMutation,
} from './api.ts';
import {
  ACTIVITY_LABELS,
  formatBudget,
  formatDate,
  formatDateTime,
  formatRelativeDate,
  formatWhen,
  initialsOf,
  STAGE_LABELS,
  TYPE_LABELS,
} from './clientFormat.ts';
import { StageBadge } from './StageBadge.tsx';

// the Matches tab (its cards and the deal dialog) loads when it is opened, not with the client book
const ClientMatches = lazy(() =>
  import('../matches/ClientMatches.tsx').then((module) => ({ default: module.ClientMatches })),
);

export interface ClientRights {
  canEdit: boolean;
  canDelete: boolean;
}

/** The drawer's tabs: the client's details and activity, or its matches among the network's listings. */
export type ClientDrawerTab = 'details' | 'matches';
const DRAWER_TABS: Array<{ id: ClientDrawerTab; label: string }> = [
  { id: 'details', label: 'Details' },
  { id: 'matches', label: 'Matches' },
];

/**
 * A client's details and its activity trail, or its matches, in a drawer from the right (full screen on
 * phones). Quick actions for those who may edit: log a contact, move the stage, edit, delete.
 */
export function ClientDrawer({
  client,
  names,
  rights,
  tab = 'details',
  onTabChange,
  onClose,
  onEdit,
  onDelete,
}: {
  client: Client;
  names: ReadonlyMap<string, string>;
  rights: ClientRights;
  tab?: ClientDrawerTab;
  onTabChange: (tab: ClientDrawerTab) => void;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [updateClient, { isLoading: updating }] = useUpdateClientMutation();

  const change = async (patch: Parameters<typeof updateClient>[0]['patch'], done: string) => {
    const result = await updateClient({ id: client.client_id, patch });
    if ('error' in result) {
      showToast('error', apiErrorMessage(result.error, 'The client could not be updated. Please try again.'));
    } else {
      showToast('success', done);
    }
  };

  const agentName = (id: string | undefined) => (id ? (names.get(id) ?? 'Former member') : undefined);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/30 motion-safe:animate-overlay-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-2xl shadow-slate-950/20 focus:outline-none sm:w-[30rem] sm:rounded-l-2xl"
        >
          <header className="border-b border-slate-200 px-5 pt-5 pb-4 sm:px-6">
            <div className="flex items-start gap-3.5">
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-base font-semibold text-brand-800 ring-1 ring-brand-100"
              >
                {initialsOf(client.full_name)}
              </span>
              <div className="min-w-0 flex-1">
                <Dialog.Title className="truncate text-lg font-semibold tracking-tight text-slate-900">
                  {client.full_name}
                </Dialog.Title>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <StageBadge stage={client.stage} />
                  <span>{TYPE_LABELS[client.type]}</span>
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  Added {formatDate(client.created_at)}
                  {names.get(client.agentId) ? ` by ${names.get(client.agentId)}` : ''}
                </p>
              </div>
              <div className="-mt-1 -mr-2 flex shrink-0 items-center">
                {rights.canDelete && (
                  <button
                    type="button"
                    onClick={onDelete}
                    aria-label="Delete client"
                    title="Delete client"
                    className="inline-flex size-9 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600"
                  >
                    <Trash2 className="size-4.5" aria-hidden="true" />
                  </button>
                )}
                <Dialog.Close
                  className="inline-flex size-9 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                  aria-label="Close"
                >
                  <X className="size-5" aria-hidden="true" />
                </Dialog.Close>
              </div>
            </div>

            {rights.canEdit ? (
              <div className="mt-4 flex flex-wrap items-center gap-2">
                <Button
                  size="sm"
                  loading={updating}
                  onClick={() => change({ last_contact_at: new Date().toISOString() }, 'Contact logged')}
                >
                  <PhoneCall className="size-4" aria-hidden="true" />
                  Log contact
                </Button>
                <label className="sr-only" htmlFor={`stage-${client.client_id}`}>
                  Move to stage
                </label>
                <select
                  id={`stage-${client.client_id}`}
                  value={client.stage}
                  disabled={updating}
                  onChange={(event) =>
                    change(
                      { stage: event.target.value as ClientStage },
                      `Moved to ${STAGE_LABELS[event.target.value as ClientStage]}`,
                    )
                  }
                  className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 shadow-xs hover:border-slate-400 focus:border-brand-2 focus:ring-2 focus:ring-brand-1/20 focus:outline-none"
                >
                  {CLIENT_STAGES.map((stage) => (
                    <option key={stage} value={stage}>
                      {STAGE_LABELS[stage]}
                    </option>
                  ))}
                </select>
                <Button size="sm" variant="secondary" onClick={onEdit}>
                  <PencilLine className="size-4" aria-hidden="true" />
                  Edit
                </Button>
              </div>
            ) : (
              <p className="mt-3 text-xs text-slate-500">
                View only: the client's agent, its assigned agent or the agency admin can change it.
              </p>
            )}
            <DrawerTabs clientId={client.client_id} tab={tab} onTabChange={onTabChange} />
          </header>

          <div
            role="tabpanel"
            id={`client-panel-${client.client_id}`}
            aria-labelledby={`client-tab-${tab}-${client.client_id}`}
            className="flex-1 overflow-y-auto px-5 py-5 sm:px-6"
          >
            {tab === 'matches' ? (
              <Suspense
                fallback={
                  <div className="flex justify-center py-6 text-brand-2">
                    <Spinner label="Loading matches" />
                  </div>
                }
              >
                <ClientMatches client={client} canEdit={rights.canEdit} onEdit={onEdit} />
              </Suspense>
            ) : (
              <>
                <dl className="grid grid-cols-[8.5rem_1fr] gap-x-4 gap-y-3 text-sm">
                  <Detail label="Email">
                    {client.email && (
                      <a
                        className="inline-flex items-center gap-1.5 text-brand-2 hover:underline"
                        href={`mailto:${client.email}`}
                      >
                        <Mail className="size-3.5" aria-hidden="true" />
                        {client.email}
                      </a>
                    )}
                  </Detail>
                  <Detail label="Phone">
                    {client.phone && (
                      <a
                        className="inline-flex items-center gap-1.5 text-brand-2 hover:underline"
                        href={`tel:${client.phone.replace(/[^\d+]/g, '')}`}
                      >
                        <Phone className="size-3.5" aria-hidden="true" />
                        {client.phone}
                      </a>
                    )}
                  </Detail>
                  <Detail label="Budget">{formatBudget(client)}</Detail>
                  <Detail label="Preferred areas">{client.preferred_areas.join(', ')}</Detail>
                  <Detail label={fieldLabel('bedrooms_min')}>{client.bedrooms_min?.toString()}</Detail>
                  <Detail label="Property interests">
                    {client.property_interests.length > 0 && (
                      <span className="flex flex-col gap-0.5">
                        {client.property_interests.map((propertyId) => (
                          <PropertyInterest key={propertyId} propertyId={propertyId} />
                        ))}
                      </span>
                    )}
                  </Detail>
                  <Detail label="Tags">
                    {client.tags.length > 0 && (
                      <span className="flex flex-wrap gap-1">
                        {client.tags.map((tag) => (
                          <span
                            key={tag}
                            className="rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100"
                          >
                            {tag}
                          </span>
                        ))}
                      </span>
                    )}
                  </Detail>
                  <Detail label="Source">{client.source}</Detail>
                  <Detail label="Last contact">
                    {client.last_contact_at
                      ? `${formatRelativeDate(client.last_contact_at)} · ${formatDateTime(client.last_contact_at)}`
                      : 'Never'}
                  </Detail>
                  <Detail label="Assigned to">{agentName(client.assigned_agent_id)}</Detail>
                  <Detail label="Added by">{agentName(client.agentId)}</Detail>
                </dl>

                {client.notes && (
                  <section className="mt-5">
                    <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Notes</h3>
                    <p className="mt-2 rounded-xl bg-slate-50 px-3.5 py-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200">
                      {client.notes}
                    </p>
                  </section>
                )}

                <ActivityTrail clientId={client.client_id} names={names} />
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Details | Matches, as tabs under the header (arrow keys move between them). */
function DrawerTabs({
  clientId,
  tab,
  onTabChange,
}: {
  clientId: string;
  tab: ClientDrawerTab;
  onTabChange: (tab: ClientDrawerTab) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = DRAWER_TABS[(DRAWER_TABS.findIndex((item) => item.id === tab) + 1) % DRAWER_TABS.length]!;
    onTabChange(next.id);
    document.getElementById(`client-tab-${next.id}-${clientId}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Client"
      onKeyDown={onKeyDown}
      className="-mb-4 mt-4 flex gap-5 border-t border-slate-100 pt-1"
    >
      {DRAWER_TABS.map((item) => {
        const active = item.id === tab;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`client-tab-${item.id}-${clientId}`}
            aria-selected={active}
            aria-controls={`client-panel-${clientId}`}
            tabIndex={active ? 0 : -1}
            onClick={() => onTabChange(item.id)}
            className={clsx(
              'border-b-2 px-0.5 pt-2 pb-2.5 text-sm font-semibold transition-colors',
              active
                ? 'border-brand-2 text-brand-800'
                : 'border-transparent text-slate-500 hover:text-slate-800',
            )}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** A property the client is interested in: its title linking to the listing, or a note when it is gone. */
function PropertyInterest({ propertyId }: { propertyId: string }) {
  const { data, isLoading, isError } = useGetPropertyQuery(propertyId);
  if (isLoading) return <span className="text-slate-400">Loading…</span>;
  if (isError || !data) return <span className="text-slate-500">A listing no longer available</span>;
  return (
    <Link
      className="text-brand-2 hover:underline"
      to={`/properties/details/${encodeURIComponent(propertyId)}`}
    >
      {data.title}
    </Link>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">
        {children || <span className="text-slate-400">—</span>}
      </dd>
    </>
  );
}

const ACTIVITY_ICONS: Record<ClientActivityKind, { icon: LucideIcon; tone: string }> = {
  created: { icon: Plus, tone: 'bg-brand-50 text-brand-2 ring-brand-100' },
  edited: { icon: PencilLine, tone: 'bg-slate-100 text-slate-600 ring-slate-200' },
  stage_changed: { icon: ArrowRight, tone: 'bg-amber-50 text-amber-700 ring-amber-100' },
  contacted: { icon: PhoneCall, tone: 'bg-sky-50 text-sky-700 ring-sky-100' },
  assigned: { icon: UserRoundCheck, tone: 'bg-indigo-50 text-indigo-700 ring-indigo-100' },
  event: { icon: CalendarDays, tone: 'bg-orange-50 text-orange-700 ring-orange-100' },
};

/** What one trail entry says, in words. */
function describe(entry: ClientActivity): ReactNode {
  const change = entry.changes?.[0];
  if (entry.kind === 'stage_changed' && change) {
    const label = (stage: string | undefined) =>
      stage ? (STAGE_LABELS[stage as ClientStage] ?? stage) : '—';
    return (
      <>
        {label(change.from)} <ArrowRight className="inline size-3.5 text-slate-400" aria-label="to" />{' '}
        {label(change.to)}
      </>
    );
  }
  if (entry.kind === 'contacted' && change?.to) return `Last contact ${formatDateTime(change.to)}`;
  if (entry.summary) return entry.summary;
  if (entry.kind === 'edited' && entry.changes?.length) {
    return `Changed ${entry.changes.map((item) => fieldLabel(item.field).toLowerCase()).join(', ')}`;
  }
  return null;
}

function ActivityTrail({ clientId, names }: { clientId: string; names: ReadonlyMap<string, string> }) {
  const activity = useListClientActivityInfiniteQuery(clientId);
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mt-7" aria-labelledby={`activity-${clientId}`}>
      <h3
        id={`activity-${clientId}`}
        className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        Activity
      </h3>
      {activity.isLoading && (
        <div className="flex justify-center py-6 text-brand-2">
          <Spinner label="Loading activity" />
        </div>
      )}
      {activity.isError && (
        <Alert className="mt-3">
          The activity could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => activity.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {!activity.isLoading && !activity.isError && entries.length === 0 && (
        <p className="mt-3 text-sm text-slate-500">Nothing recorded yet.</p>
      )}
      <ol className="mt-3">
        {entries.map((entry, index) => {
          const { icon: Icon, tone } = ACTIVITY_ICONS[entry.kind];
          const detail = describe(entry);
          const actor = entry.actor_name ?? names.get(entry.actor_id) ?? 'Someone';
          return (
            <li key={entry.activity_id} className="relative flex gap-3 pb-5">
              {index < entries.length - 1 && (
                <span className="absolute top-8 bottom-0 left-3.5 w-px bg-slate-200" aria-hidden="true" />
              )}
              <span
                className={clsx(
                  'relative flex size-7 shrink-0 items-center justify-center rounded-full ring-1',
                  tone,
                )}
                aria-hidden="true"
              >
                <Icon className="size-3.5" />
              </span>
              <div className="min-w-0 flex-1 pt-0.5">
                <p className="text-sm font-medium text-slate-900">{ACTIVITY_LABELS[entry.kind]}</p>
                {detail && <p className="mt-0.5 text-sm text-slate-600">{detail}</p>}
                {entry.kind === 'edited' && entry.changes && entry.changes.length > 0 && (
                  <ul className="mt-1.5 space-y-0.5 text-xs text-slate-500">
                    {entry.changes.map((item) => (
                      <li key={item.field} className="truncate">
                        <span className="font-medium text-slate-600">{fieldLabel(item.field)}:</span>{' '}
                        {item.from ?? '—'} → {item.to ?? '—'}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-1 flex items-center gap-1 text-xs text-slate-500">
                  <CalendarClock className="size-3" aria-hidden="true" />
                  <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                    {formatWhen(entry.at)}
                  </time>
                  <span aria-hidden="true">·</span>
                  {actor}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {activity.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          loading={activity.isFetchingNextPage}
          onClick={() => activity.fetchNextPage()}
        >
          Show older activity
        </Button>
      )}
    </section>
  );
}
