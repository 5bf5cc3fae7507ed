import { billingRoutes } from '#contracts/routes/billing';
import { withHttp } from '#platform/http';
import { billingViewOf } from './billing.ts';
import { billingProvider } from './billing-provider.ts';

/** The caller's plan, subscription status and payment method (brand and last digits only). */
export const handler = withHttp(billingRoutes.getBilling, async ({ identity }) =>
  billingViewOf(identity.agentId, billingProvider),
);
