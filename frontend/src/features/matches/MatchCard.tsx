import clsx from 'clsx';
import { Bed, Handshake, ImageOff, MapPin, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '../../components/ui/Button.tsx';
import { dealPath } from '../deals/paths.ts';
import { useCurrency } from '../preferences/usePreferences.ts';
import { isRental } from '../properties/labels.ts';
import { propertyPath } from '../properties/paths.ts';
import type { ListingMatch } from './api.ts';

/** How strongly a score reads: a near-perfect fit stands out, a bare fit stays quiet. */
const scoreTone = (score: number) =>
  score >= 85
    ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
    : score >= 70
      ? 'bg-brand-50 text-brand-800 ring-brand-100'
      : 'bg-slate-100 text-slate-700 ring-slate-200';

export function MatchScoreBadge({ score }: { score: number }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold tabular-nums ring-1 ring-inset',
        scoreTone(score),
      )}
    >
      {score}% match
    </span>
  );
}

/**
 * One listing that matches a client or a saved search: photo, title (to the listing's page), place, price
 * in the agent's currency, bedrooms, the score, the interests it mentions and the listing agent. The action
 * is "View deal" when the client already has an open deal for it, else `onPropose` ("Propose deal").
 */
export function MatchCard({
  match,
  proposeLabel = 'Propose deal',
  onPropose,
}: {
  match: ListingMatch;
  proposeLabel?: string;
  onPropose: (match: ListingMatch) => void;
}) {
  const { listingPrice } = useCurrency();
  const { listing } = match;
  const price = listingPrice(listing.price, listing.currency);
  const place = [listing.area, listing.city].filter(Boolean).join(', ');

  return (
    <article
      aria-label={listing.title}
      className="flex gap-3.5 rounded-xl border border-slate-200 bg-white p-3 shadow-xs transition-colors hover:border-slate-300"
    >
      <Link
        to={propertyPath(listing.property_id)}
        tabIndex={-1}
        aria-hidden="true"
        className="size-20 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:size-24"
      >
        {listing.image ? (
          <img src={listing.image} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-slate-400">
            <ImageOff className="size-6" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-sm leading-snug font-semibold text-slate-900">
            <Link to={propertyPath(listing.property_id)} className="hover:underline">
              {listing.title}
            </Link>
          </h3>
          <MatchScoreBadge score={match.score} />
        </div>
        <p className="text-sm text-slate-600">
          <span className="font-semibold text-slate-900 tabular-nums">{price.original}</span>
          {isRental(listing.status) && <span className="text-slate-500"> / month</span>}
          {price.converted && <span className="text-slate-500"> (≈ {price.converted})</span>}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-600">
          <span className="inline-flex min-w-0 items-center gap-1">
            <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">{place}</span>
          </span>
          {listing.bedrooms_count !== undefined && (
            <span className="inline-flex items-center gap-1">
              <Bed className="size-3.5 text-slate-400" aria-hidden="true" />
              {listing.bedrooms_count} {listing.bedrooms_count === 1 ? 'bed' : 'beds'}
            </span>
          )}
        </p>
        {match.interests_found.length > 0 && (
          <ul aria-label="Interests found" className="flex flex-wrap gap-1">
            {match.interests_found.map((interest) => (
              <li
                key={interest}
                className="inline-flex items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-100"
              >
                <Sparkles className="size-3" aria-hidden="true" />
                {interest}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 truncate text-xs text-slate-500">
            Listed by <span className="font-medium text-slate-700">{listing.listing_agent.full_name}</span>
          </p>
          {match.deal_id ? (
            <Link
              to={dealPath(match.deal_id)}
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              View deal
            </Link>
          ) : (
            <Button size="sm" onClick={() => onPropose(match)}>
              <Handshake className="size-4" aria-hidden="true" />
              {proposeLabel}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** Placeholders shaped like match cards while the first page loads. */
export function MatchCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="space-y-3">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} className="flex gap-3.5 rounded-xl border border-slate-200 p-3">
          <span className="size-20 shrink-0 animate-pulse rounded-lg bg-slate-100 sm:size-24" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-3.5 w-3/4 animate-pulse rounded bg-slate-100" />
            <span className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
            <span className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
