import { billingRoutes } from '#contracts/routes/billing';
import { forbidden } from '#platform/errors';
import { withHttp } from '#platform/http';
import {
  applySubscriptionChange,
  billingViewOf,
  isAgencyMember,
  MANAGED_BY_AGENCY_MESSAGE,
} from './billing.ts';
import { billingProvider } from './billing-provider.ts';

/**
 * Replaces the payment method through the provider adapter. After a failed payment the provider retries
 * it with the new method; when it is paid the account is active again and the 402s stop.
 */
export const handler = withHttp(billingRoutes.updatePaymentMethod, async ({ body, identity }) => {
  if (isAgencyMember(identity.agent)) throw forbidden(MANAGED_BY_AGENCY_MESSAGE);
  const { change } = await billingProvider.updatePaymentMethod({
    agentId: identity.agentId,
    paymentMethod: body.paymentMethod,
    idempotencyKey: body.idempotencyKey,
    subscriptionStatus: identity.subscriptionStatus,
    plan: identity.role,
  });
  await applySubscriptionChange(change);
  return billingViewOf(identity.agentId, billingProvider);
});
