import { paths } from '../../app/paths.ts';
import type { PaywallDetails } from './paywallSlice.ts';

export type PaywallKind =
  | 'payment_failed'
  | 'subscription_expired'
  | 'usage_limit_reached'
  | 'premium_feature';

export interface PaywallContent {
  kind: PaywallKind;
  title: string;
  message: string;
  primaryLabel: string;
  primaryTo: string;
  showUsage: boolean;
}

const TITLES: Record<PaywallKind, string> = {
  payment_failed: 'Payment Failed',
  subscription_expired: 'Subscription Expired',
  usage_limit_reached: 'Limit Reached',
  premium_feature: 'Premium Feature',
};

const FALLBACK_MESSAGES: Record<PaywallKind, string> = {
  payment_failed:
    "We couldn't process your last payment. Update your payment method to keep your plan's features.",
  subscription_expired: 'Your subscription has ended. Renew it to get your plan’s features back.',
  usage_limit_reached: "You've reached your plan's limit for this feature.",
  premium_feature: 'This feature is available on paid plans.',
};

const UPDATE_PAYMENT = { primaryLabel: 'Update Payment', primaryTo: paths.updatePayment };
const RENEW = { primaryLabel: 'Renew Subscription', primaryTo: `${paths.upgrade}?reason=expired` };

function kindOf(reason: string): PaywallKind {
  return reason === 'payment_failed' || reason === 'subscription_expired' || reason === 'usage_limit_reached'
    ? reason
    : 'premium_feature';
}

/**
 * Spec §8: the `action` field update_payment_method or renew_subscription picks the target; otherwise the
 * reason does, and anything else goes to the upgrade page (whose `reason` query is limit or feature, §2).
 */
function primaryAction(kind: PaywallKind, action: string) {
  if (action === 'update_payment_method') return UPDATE_PAYMENT;
  if (action === 'renew_subscription') return RENEW;
  if (kind === 'payment_failed') return UPDATE_PAYMENT;
  if (kind === 'subscription_expired') return RENEW;
  const reason = kind === 'usage_limit_reached' ? 'limit' : 'feature';
  return { primaryLabel: 'Upgrade Now', primaryTo: `${paths.upgrade}?reason=${reason}` };
}

/** Title, message and primary action of the paywall modal for a 402 body. */
export function paywallContent(details: PaywallDetails): PaywallContent {
  const kind = kindOf(details.reason);
  return {
    kind,
    title: TITLES[kind],
    message: details.message.trim() || FALLBACK_MESSAGES[kind],
    showUsage: kind === 'usage_limit_reached' && details.current !== undefined,
    ...primaryAction(kind, details.action),
  };
}
