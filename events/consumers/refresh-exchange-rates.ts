import type { ScheduledEvent } from 'aws-lambda';
import { type RefreshReport, refreshExchangeRates } from '#lib/exchange-rates';

/**
 * The scheduled exchange-rate refresh (EventBridge schedule in AWS, a timer in the local cloud): reads
 * the provider at EXCHANGE_RATES_URL into the table; without one (the local cloud) the bundled snapshot
 * stays in use. A conditional write keeps the newest day, so overlapping runs are harmless.
 */
export async function handler(_event?: ScheduledEvent): Promise<RefreshReport> {
  return refreshExchangeRates();
}
