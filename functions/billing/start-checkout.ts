import { PLANS } from '#contracts/plans';
import { billingRoutes } from '#contracts/routes/billing';
import { conflict } from '#platform/errors';
import { withHttp } from '#platform/http';
import { applySubscriptionChange, assertPlanFits, billingViewOf } from './billing.ts';
import { billingProvider } from './billing-provider.ts';
import { BillingAccount } from './entities.ts';

/**
 * Chooses a plan. The provider adapter either completes the checkout at once (the local test provider:
 * the role changes in the same request) or answers the URL of its hosted checkout (a real provider,
 * whose webhook then applies the change). A paid plan is charged to the card entered with the choice or
 * the one on file, never to a card the user did not enter. A retried click (same idempotency key)
 * changes the plan once.
 */
export const handler = withHttp(billingRoutes.startCheckout, async ({ body, identity }) => {
  const { agent } = identity;
  if (body.plan === agent.role && identity.subscriptionStatus === 'active') {
    // a retry of the click that just made this the plan answers as that click did
    const billing = await BillingAccount.get({ agent_id: agent.agent_id }, { consistent: true });
    if (billing?.last_event_id !== `checkout_${agent.agent_id}_${body.idempotencyKey}`) {
      throw conflict(`You are already on the ${PLANS[body.plan].label} plan`);
    }
  }
  await assertPlanFits(agent, body.plan);
  const billing = await BillingAccount.get({ agent_id: agent.agent_id }, { consistent: true });
  const outcome = await billingProvider.checkout({
    agentId: agent.agent_id,
    email: agent.email,
    plan: body.plan,
    idempotencyKey: body.idempotencyKey,
    ...(billing?.customer_id ? { customerId: billing.customer_id } : {}),
    ...(billing?.payment_method ? { paymentMethod: billing.payment_method } : {}),
    ...(body.paymentMethod ? { newPaymentMethod: body.paymentMethod } : {}),
  });
  if (outcome.kind === 'redirect') {
    return {
      status: 'redirect' as const,
      url: outcome.url,
      billing: await billingViewOf(agent.agent_id, billingProvider),
    };
  }
  await applySubscriptionChange(outcome.change);
  return { status: 'completed' as const, billing: await billingViewOf(agent.agent_id, billingProvider) };
});
