import { billingRoutes } from '#contracts/routes/billing';
import { applySubscriptionChange } from '#lib/billing';
import { billingProvider, changeFromEvent } from '#lib/billing-provider';
import { config } from '#lib/config';
import { HttpError } from '#lib/errors';
import { withHttp } from '#lib/http';
import { logger } from '#lib/logger';
import { preloadSecret, secretValue } from '#lib/secrets';

// the signing secret is read while the function starts, and kept (functions/lib/secrets.ts)
preloadSecret(() => config.billing.webhookSecretArn);

/** The signing secret; a Secrets Manager outage is a 503, which the provider retries. */
async function signingSecret(): Promise<string> {
  try {
    return await secretValue(config.billing.webhookSecretArn);
  } catch (error) {
    logger.error('billing webhook secret unavailable', { error: error as Error });
    throw new HttpError(503, 'Billing webhooks are unavailable right now: try again');
  }
}

/**
 * The billing provider's webhook. The signature (HMAC-SHA256 over the timestamp and the raw body, with the
 * signing secret kept in Secrets Manager) is checked before anything is read, a delivery outside the 5-minute tolerance is refused, and the event id
 * is recorded in the same transaction as its change, so a delivery repeated any number of times, or
 * replayed, is applied once.
 */
export const handler = withHttp(billingRoutes.receiveBillingWebhook, async ({ event }) => {
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
    : (event.body ?? '');
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const billingEvent = billingProvider.readWebhook(
    raw,
    headers,
    Math.floor(Date.now() / 1000),
    await signingSecret(),
  );
  try {
    const outcome = await applySubscriptionChange(changeFromEvent(billingProvider.name, billingEvent));
    return { received: true as const, duplicate: outcome === 'duplicate' };
  } catch (error) {
    // an event for an account that does not exist can never apply: acknowledge it so it is not resent
    if (error instanceof HttpError && error.statusCode === 404) {
      logger.warn('billing event for an unknown account', { eventId: billingEvent.id });
      return { received: true as const, duplicate: false };
    }
    throw error;
  }
});
