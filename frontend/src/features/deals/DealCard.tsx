import { Link } from 'react-router-dom';
import { Avatar } from '../agents/Avatar.tsx';
import { useCurrency } from '../preferences/usePreferences.ts';
import type { Deal } from './api.ts';
import { DealStageBadge } from './DealStageBadge.tsx';
import { otherAgent, sideLabel } from './dealView.ts';
import { dealPath } from './paths.ts';

/**
 * One deal on the board or in the list: the listing, the client, the other agent, the caller's side, and
 * (in the list, where no column says it) the stage.
 */
export function DealCard({ deal, showStage = true }: { deal: Deal; showStage?: boolean }) {
  const { listingPrice } = useCurrency();
  const other = otherAgent(deal);
  return (
    <article
      aria-label={`${deal.listing.title} with ${deal.client.full_name}`}
      className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-brand-1 hover:border-slate-300"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-sm leading-snug font-semibold text-slate-900">
          {/* the whole card is the link's target; the title names it */}
          <Link to={dealPath(deal.deal_id)} className="after:absolute after:inset-0 focus:outline-none">
            {deal.listing.title}
          </Link>
        </h3>
        {showStage && <DealStageBadge stage={deal.status} />}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {deal.listing.city} ·{' '}
        <span className="font-semibold text-slate-800 tabular-nums">
          {listingPrice(deal.listing.price, deal.listing.currency).original}
        </span>
      </p>
      <p className="mt-3 text-sm text-slate-700">
        <span className="text-slate-500">Client </span>
        <span className="font-medium">{deal.client.full_name}</span>
      </p>
      <div className="mt-3 flex items-center gap-2.5 border-t border-slate-100 pt-3">
        <Avatar src={other.profile_picture} alt="" className="size-8" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-slate-800">{other.full_name}</span>
          <span className="block text-xs text-slate-500">{sideLabel(deal.side)}</span>
        </span>
      </div>
    </article>
  );
}
