import type { ScheduledEvent } from 'aws-lambda';
import {
  currentExchangeRates,
  type RefreshReport,
  refreshExchangeRates,
} from '#functions/preferences/exchange-rates';
import { type ReindexReport, reindexListingPrices } from '#functions/properties/property-prices';
import { defineScheduledJob } from '#platform/consumer';
import { logger } from '#platform/logger';

/**
 * The scheduled exchange-rate refresh (EventBridge schedule in AWS, a timer in the local cloud): reads
 * the provider at EXCHANGE_RATES_URL into the table; without one (the local cloud, which never reaches
 * the internet) the bundled snapshot stays in use. A conditional write keeps the newest day, so
 * overlapping runs are harmless. When the stored rates changed day, listings priced in another currency
 * than USD move their search entries to their value by the new rates (README "Exchange rates").
 */
export const handler = defineScheduledJob(
  async (
    _event: Partial<ScheduledEvent> | undefined,
    timeLeft,
  ): Promise<RefreshReport & { reindex?: ReindexReport }> => {
    const before = await currentExchangeRates();
    const report = await refreshExchangeRates();
    const after = await currentExchangeRates();
    if (after.date === before.date && after.source === before.source) return report;
    const reindex = await reindexListingPrices(after.rates, {
      timeLeft,
    });
    logger.info('listing prices indexed by the new rates', { date: after.date, ...reindex });
    return { ...report, reindex };
  },
);
