import clsx from 'clsx';
import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  ExternalLink,
  GripVertical,
  Handshake,
  MapPin,
  Pencil,
  Rotate3d,
  ShieldCheck,
  Video,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { Card, CardContent } from '../../components/ui/Card.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { Avatar } from '../agents/Avatar.tsx';
import { useGetAgentQuery } from '../agents/api.ts';
import { selectAgentId } from '../auth/authSlice.ts';
import { CollaborateDialog } from '../deals/CollaborateDialog.tsx';

// a client's matches open the deal dialog from this page's chunk (features/matches/MatchList.tsx)
export { CollaborateDialog };

import { isCollaborable } from '../deals/dealView.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { formatRatesDate, useAreaUnit, useCurrency } from '../preferences/usePreferences.ts';
import { useGetPropertyQuery, useReorderPropertyImagesMutation } from './api.ts';
import { Gallery } from './Gallery.tsx';
import { furnishingLabel, isRental, statusLabel } from './labels.ts';
import { StatusBadge } from './PropertyCard.tsx';
import { editPropertyPath } from './paths.ts';
import { moveItem } from './photoUploads.ts';
import { SaveButton } from './SaveButton.tsx';
import type { MediaItem, Property } from './types.ts';
import { VerificationPanel } from './VerificationPanel.tsx';

/**
 * A property's page: gallery, every field, tours, agent card, save; for its agent, edit, photo order and
 * the listing's verifications (deed review, owner's confirmation).
 */
export function PropertyDetailPage() {
  const { propertyId = '' } = useParams();
  const agentId = useAppSelector(selectAgentId);
  const { data: property, isLoading, isError, error, refetch } = useGetPropertyQuery(propertyId);
  const [reordering, setReordering] = useState(false);
  const [collaborating, setCollaborating] = useState(false);

  if (isLoading) {
    return (
      <div className="flex justify-center py-24 text-brand-2">
        <Spinner className="size-8" label="Loading the property" />
      </div>
    );
  }
  if (isError || !property) {
    const missing = (error as { status?: unknown } | undefined)?.status === 404;
    return (
      <Card className="mx-auto max-w-xl">
        <EmptyState
          title={missing ? 'This property does not exist' : 'The property could not be loaded'}
          description={missing ? 'It may have been removed, or the link is wrong.' : 'Please try again.'}
          action={
            missing ? (
              <Link to={paths.propertyList} className={buttonClassName()}>
                Go to property list
              </Link>
            ) : (
              <Button onClick={() => refetch()}>Try again</Button>
            )
          }
        />
      </Card>
    );
  }

  const own = property.agent_id === agentId;
  const place = [property.street_address, property.area, property.city].filter(Boolean).join(', ');

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link
        to={paths.propertyList}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All properties
      </Link>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={property.status} />
            {property.deed_verified && <Verified label="Deed verified" />}
            {property.owner_acknowledged && <Verified label="Owner acknowledged" />}
          </div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {property.title}
          </h1>
          {place && (
            <p className="mt-1 inline-flex items-center gap-1.5 text-slate-600">
              <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              {place}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <SaveButton propertyId={property.property_id} title={property.title} variant="full" />
          {!own && isCollaborable(property.status) && (
            <>
              <Button onClick={() => setCollaborating(true)}>
                <Handshake className="size-4" aria-hidden="true" />
                Collaborate on this listing
              </Button>
              <CollaborateDialog listing={property} open={collaborating} onOpenChange={setCollaborating} />
            </>
          )}
          {own && (
            <>
              {property.media.length > 1 && (
                <Button variant="secondary" onClick={() => setReordering(true)} disabled={reordering}>
                  <GripVertical className="size-4" aria-hidden="true" />
                  Reorder photos
                </Button>
              )}
              <Link
                to={editPropertyPath(property.property_id)}
                className={buttonClassName({ variant: 'secondary' })}
              >
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Link>
            </>
          )}
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {reordering ? (
            <PhotoOrderEditor property={property} onDone={() => setReordering(false)} />
          ) : (
            <Gallery media={property.media} title={property.title} />
          )}
          <Facts property={property} />
          {own && <VerificationPanel propertyId={property.property_id} />}
          {property.description && (
            <Card>
              <CardContent>
                <h2 className="text-base font-semibold text-slate-900">Description</h2>
                <p className="mt-3 whitespace-pre-line text-[0.9375rem] leading-relaxed text-slate-700">
                  {property.description}
                </p>
              </CardContent>
            </Card>
          )}
          <Lists property={property} />
        </div>
        <aside className="space-y-6">
          <PriceCard property={property} />
          <Tours property={property} />
          <AgentCard agentId={property.agent_id} own={own} />
        </aside>
      </div>
    </div>
  );
}

function Verified({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-2 ring-1 ring-brand-200 ring-inset">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

function PriceCard({ property }: { property: Property }) {
  const { listingPrice, ratesDate } = useCurrency();
  const price = listingPrice(property.price, property.currency);
  return (
    <Card>
      <CardContent>
        <p className="text-sm font-medium text-slate-500">{statusLabel(property.status)}</p>
        <p
          className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums"
          data-testid="detail-price"
        >
          {price.original}
          {isRental(property.status) && (
            <span className="text-base font-medium text-slate-500"> / month</span>
          )}
        </p>
        {price.converted && (
          <p className="mt-1 text-sm text-slate-600" data-testid="detail-price-converted">
            ≈ {price.converted} · Rates of {formatRatesDate(ratesDate)}
          </p>
        )}
        {property.collaborator_commission !== undefined && (
          <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            Collaborator commission: <strong>{property.collaborator_commission}%</strong>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Facts({ property }: { property: Property }) {
  const { formatArea } = useAreaUnit();
  const facts: Array<[string, string]> = [
    ...(property.bedrooms_count !== undefined
      ? [['Bedrooms', String(property.bedrooms_count)] as [string, string]]
      : []),
    ...(property.bathrooms_count !== undefined
      ? [['Bathrooms', String(property.bathrooms_count)] as [string, string]]
      : []),
    ...(property.size !== undefined
      ? [['Size', formatArea(property.size, property.measurement_metric)] as [string, string]]
      : []),
    ...(property.furnishing
      ? [['Furnishing', furnishingLabel(property.furnishing)] as [string, string]]
      : []),
    ['Status', statusLabel(property.status)],
    [
      'Listed',
      new Date(property.created_at).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    ],
  ];
  return (
    <Card>
      <CardContent>
        <h2 className="text-base font-semibold text-slate-900">Details</h2>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-500">{label}</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function Lists({ property }: { property: Property }) {
  const lists: Array<[string, string[]]> = [
    ['Additional features', property.additionalFeatures],
    ['Close to', property.closeTo],
    ['Views', property.views],
  ];
  const shown = lists.filter(([, entries]) => entries.length > 0);
  if (shown.length === 0) return null;
  return (
    <Card>
      <CardContent className="space-y-5">
        {shown.map(([label, entries]) => (
          <div key={label}>
            <h2 className="text-base font-semibold text-slate-900">{label}</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {entries.map((entry) => (
                <li key={entry} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                  {entry}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

function Tours({ property }: { property: Property }) {
  if (!property.video_link && !property.virtual_tour_link) return null;
  const link =
    'flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-sm font-semibold text-slate-800 hover:border-slate-300 hover:bg-slate-50';
  return (
    <Card>
      <CardContent className="space-y-3">
        <h2 className="text-base font-semibold text-slate-900">Tours</h2>
        {property.video_link && (
          <a href={property.video_link} target="_blank" rel="noopener noreferrer" className={link}>
            <Video className="size-5 text-brand-2" aria-hidden="true" />
            Watch the video
            <ExternalLink className="ml-auto size-4 text-slate-400" aria-hidden="true" />
          </a>
        )}
        {property.virtual_tour_link && (
          <a href={property.virtual_tour_link} target="_blank" rel="noopener noreferrer" className={link}>
            <Rotate3d className="size-5 text-brand-2" aria-hidden="true" />
            Open the virtual tour
            <ExternalLink className="ml-auto size-4 text-slate-400" aria-hidden="true" />
          </a>
        )}
      </CardContent>
    </Card>
  );
}

function AgentCard({ agentId, own }: { agentId: string; own: boolean }) {
  const { data: agent, isLoading } = useGetAgentQuery(agentId);
  return (
    <Card>
      <CardContent>
        <h2 className="text-base font-semibold text-slate-900">Listing agent</h2>
        {isLoading ? (
          <div className="mt-4 h-14 animate-pulse rounded-xl bg-slate-100" />
        ) : agent ? (
          <div className="mt-4 flex items-center gap-3">
            <Avatar src={agent.profile_picture} alt="" className="size-14" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{agent.full_name}</p>
              {agent.city && <p className="truncate text-sm text-slate-600">{agent.city}</p>}
              <p className="mt-0.5 inline-flex items-center gap-1 text-xs text-slate-500">
                <ShieldCheck className="size-3.5 text-brand-2" aria-hidden="true" />
                {agent.reputation_points ?? 0} reputation points
              </p>
            </div>
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-600">The agent's profile is not available.</p>
        )}
        {agent && (
          <Link
            to={own ? paths.profile : paths.agentProfile(agentId)}
            className={buttonClassName({ variant: 'secondary', fullWidth: true, className: 'mt-4' })}
          >
            {own ? 'Your profile' : 'View profile'}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The listing agent puts the photos in order: drag a photo onto another place (or use its arrows), then
 * save (PUT /api/properties/{id}/image-order with the urls in the new order).
 */
function PhotoOrderEditor({ property, onDone }: { property: Property; onDone: () => void }) {
  const [order, setOrder] = useState<MediaItem[]>(property.media);
  const [dragged, setDragged] = useState<number | null>(null);
  const [reorder, { isLoading }] = useReorderPropertyImagesMutation();
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setError(null);
    const result = await reorder({ id: property.property_id, imageOrder: order.map((item) => item.url) });
    if ('error' in result) {
      setError(apiErrorMessage(result.error, 'The new order could not be saved.'));
      return;
    }
    showToast('success', 'Photo order saved');
    onDone();
  };

  return (
    <Card>
      <CardContent className="space-y-4">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Reorder photos</h2>
          <p className="mt-1 text-sm text-slate-600">
            Drag a photo to its new place, or use its arrows. The first photo is the cover.
          </p>
        </div>
        {error && <Alert>{error}</Alert>}
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photo order">
          {order.map((item, index) => (
            <li
              key={item.url}
              draggable
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.url);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) setOrder((current) => moveItem(current, dragged, index));
                setDragged(null);
              }}
              className={clsx(
                'relative cursor-grab overflow-hidden rounded-xl border bg-white active:cursor-grabbing',
                dragged === index ? 'border-brand-2 opacity-60' : 'border-slate-200',
              )}
              data-testid="order-photo"
            >
              <img
                src={item.url}
                alt={`${index + 1}. ${item.name ?? property.title}`}
                className="aspect-[4/3] w-full object-cover"
                draggable={false}
              />
              <span className="absolute top-2 left-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white">
                {index + 1}
              </span>
              <div className="flex justify-end gap-1 p-1.5">
                <button
                  type="button"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={index === 0}
                  onClick={() => setOrder((current) => moveItem(current, index, index - 1))}
                  className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                >
                  <ArrowLeft className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={index === order.length - 1}
                  onClick={() => setOrder((current) => moveItem(current, index, index + 1))}
                  className="inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                >
                  <ArrowRight className="size-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onDone} disabled={isLoading}>
            Cancel
          </Button>
          <Button onClick={save} loading={isLoading}>
            Save order
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
