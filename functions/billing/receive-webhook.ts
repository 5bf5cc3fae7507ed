import { config } from '#aws/config';
import { preloadSecret, secretValue } from '#aws/secrets';
import { billingRoutes } from '#contracts/routes/billing';
import { HttpError } from '#platform/errors';
import { withHttp } from '#platform/http';
import { logger } from '#platform/logger';
import { applySubscriptionChange } from './billing.ts';
import { billingProvider, changeFromEvent } from './billing-provider.ts';

// the signing secret is read while the function starts, and kept (functions/aws/secrets.ts)
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
