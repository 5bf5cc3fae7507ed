import { CircleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import type { Agent } from '../agents/types.ts';

/** What the banner says for a subscription that needs the agent, and where it leads. */
export const BILLING_BANNERS = {
  payment_failed: {
    message: "We couldn't take your last payment. Update your card to keep your plan's features.",
    action: 'Update payment',
    to: paths.updatePayment,
  },
  expired: {
    message:
      "Your subscription has expired: adding listings, clients and files is paused until it's renewed.",
    action: 'Renew subscription',
    to: `${paths.upgrade}?reason=expired`,
  },
} as const;

/**
 * Across every signed-in screen, a failed payment or an expired subscription is said before a paywall
 * stops the agent mid-task (issue 21). Not on the page the banner leads to, where it would only repeat it.
 */
export function BillingBanner({ agent }: { agent: Pick<Agent, 'subscription_status'> | null }) {
  const { pathname } = useLocation();
  const status = agent?.subscription_status;
  if (status !== 'payment_failed' && status !== 'expired') return null;
  const banner = BILLING_BANNERS[status];
  if (pathname === banner.to.split('?')[0]) return null;
  return (
    <div role="alert" className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900">
      <div className="mx-auto flex max-w-[96rem] flex-wrap items-center gap-x-3 gap-y-1">
        <CircleAlert className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
        <p className="min-w-0 flex-1">{banner.message}</p>
        <Link to={banner.to} className="font-semibold text-amber-950 underline underline-offset-2">
          {banner.action}
        </Link>
      </div>
    </div>
  );
}
