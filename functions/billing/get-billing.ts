import { billingRoutes } from '#contracts/routes/billing';
import { billingViewOf } from '#lib/billing';
import { billingProvider } from '#lib/billing-provider';
import { withHttp } from '#lib/http';

/** The caller's plan, subscription status and payment method (brand and last digits only). */
export const handler = withHttp(billingRoutes.getBilling, async ({ identity }) =>
  billingViewOf(identity.agentId, billingProvider),
);
