import clsx from 'clsx';
import { Bath, BedDouble, ImageOff, MapPin, Ruler } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAreaUnit, useCurrency } from '../preferences/usePreferences.ts';
import { isRental, STATUS_TONES, statusLabel } from './labels.ts';
import { coverUrl } from './listRequests.ts';
import { propertyPath } from './paths.ts';
import { SaveButton } from './SaveButton.tsx';
import type { Property } from './types.ts';

export function StatusBadge({ status, className }: { status: Property['status']; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_TONES[status],
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}

/**
 * The cover photo, or a calm placeholder when a listing has none. `first`: the first card of a page,
 * usually in view on arrival (often the page's largest paint), is fetched at once and ahead of the rest
 * instead of after the cards have laid out.
 */
export function Cover({
  property,
  className,
  first = false,
}: {
  property: Property;
  className?: string;
  first?: boolean;
}) {
  const cover = coverUrl(property);
  if (!cover) {
    return (
      <div
        className={clsx('flex items-center justify-center bg-slate-100 text-slate-400', className)}
        aria-hidden="true"
      >
        <ImageOff className="size-8" />
      </div>
    );
  }
  return (
    <img
      src={cover}
      alt=""
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      className={clsx('bg-slate-100 object-cover', className)}
    />
  );
}

function Facts({ property }: { property: Property }) {
  const { formatArea } = useAreaUnit();
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
      {property.bedrooms_count !== undefined && (
        <li className="inline-flex items-center gap-1.5">
          <BedDouble className="size-4 text-slate-400" aria-hidden="true" />
          {property.bedrooms_count} {property.bedrooms_count === 1 ? 'bed' : 'beds'}
        </li>
      )}
      {property.bathrooms_count !== undefined && (
        <li className="inline-flex items-center gap-1.5">
          <Bath className="size-4 text-slate-400" aria-hidden="true" />
          {property.bathrooms_count} {property.bathrooms_count === 1 ? 'bath' : 'baths'}
        </li>
      )}
      {property.size !== undefined && (
        <li className="inline-flex items-center gap-1.5">
          <Ruler className="size-4 text-slate-400" aria-hidden="true" />
          {formatArea(property.size, property.measurement_metric)}
        </li>
      )}
    </ul>
  );
}

/**
 * One listing in the grid (a card) or the list (a row): cover, price as entered (with its conversion into
 * the viewer's currency when another), title,
 * place, facts and the save button. The title links to the detail page.
 */
export function PropertyCard({
  property,
  layout = 'grid',
  first = false,
}: {
  property: Property;
  layout?: 'grid' | 'list';
  /** the first card of its page (its photo is fetched first) */
  first?: boolean;
}) {
  const { listingPrice } = useCurrency();
  const price = listingPrice(property.price, property.currency);
  const place = [property.area, property.city].filter(Boolean).join(', ');
  return (
    <article
      aria-label={property.title}
      className={clsx(
        'group relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-900/5 transition-shadow hover:shadow-md',
        layout === 'list' && 'flex flex-col sm:flex-row',
      )}
    >
      <div className={clsx('relative shrink-0', layout === 'list' ? 'sm:w-64' : '')}>
        <Cover
          property={property}
          first={first}
          className={clsx(
            'w-full',
            layout === 'list' ? 'aspect-[4/3] sm:h-full sm:aspect-auto' : 'aspect-[4/3]',
          )}
        />
        <StatusBadge status={property.status} className="absolute top-3 left-3" />
        <div className="absolute top-2.5 right-2.5 z-10">
          <SaveButton propertyId={property.property_id} title={property.title} />
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <p
          className="text-xl font-bold tracking-tight text-slate-900 tabular-nums"
          data-testid="property-price"
        >
          {price.original}
          {isRental(property.status) && <span className="text-sm font-medium text-slate-500"> / month</span>}
          {price.converted && (
            <span className="block text-sm font-medium text-slate-600"> (≈ {price.converted})</span>
          )}
        </p>
        <h3 className="truncate text-base font-semibold text-slate-900">
          <Link
            to={propertyPath(property.property_id)}
            className="after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1"
          >
            {property.title}
          </Link>
        </h3>
        {place && (
          <p className="inline-flex items-center gap-1.5 truncate text-sm text-slate-600">
            <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {place}
          </p>
        )}
        <Facts property={property} />
        {layout === 'list' && property.description && (
          <p className="line-clamp-2 text-sm text-slate-600">{property.description}</p>
        )}
      </div>
    </article>
  );
}

/** Placeholder cards while a page loads. */
export function PropertyCardSkeletons({
  count = 6,
  layout = 'grid',
}: {
  count?: number;
  layout?: 'grid' | 'list';
}) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={index}
          aria-hidden="true"
          className={clsx(
            'animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white',
            layout === 'list' && 'flex',
          )}
        >
          <div className={clsx('bg-slate-100', layout === 'list' ? 'h-36 w-64' : 'aspect-[4/3]')} />
          <div className="space-y-2 p-4">
            <div className="h-5 w-28 rounded bg-slate-100" />
            <div className="h-4 w-44 rounded bg-slate-100" />
            <div className="h-4 w-32 rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </>
  );
}
